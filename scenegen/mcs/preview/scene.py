"""What a top-down picture of an MCS scene shows at one step, as plain data in metres on the floor (x, z).

Positions, turns and who rides what come from the shared replay
(:mod:`scenegen.mcs.replay`), and an object an agent holds goes where its holder
goes; sizes from the object catalog (:mod:`scenegen.mcs.geometry.catalog`);
roles from :mod:`.roles`. A scene where things move is shown zoomed to where they
happen (:meth:`SceneView.extent`). Nothing here knows how the picture is drawn.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np
import orjson

from scenegen.folder.files import read_regular
from scenegen.mcs import replay
from scenegen.mcs.geometry.catalog import footprint, object_facts
from scenegen.mcs.geometry.grid import PERFORMER_RADIUS
from scenegen.mcs.geometry.shapes import Boxes, rotate
from scenegen.mcs.preview.roles import TARGET, roles
from scenegen.mcs.preview.routes import Mark, Point, Points, Route, Window, merged, route_of
from scenegen.mcs.replay import Pose, Track
from scenegen.mcs.rules import mcs_problems
from scenegen.plugin.schemas import schema_problems

#: A stretch of floor: ``(least x, least z, greatest x, greatest z)``, in metres.
Extent = tuple[float, float, float, float]

#: What the simulator assumes of a room the scene leaves out (or gives as 0 x 0 x 0), per the schema.
_DEFAULT_ROOM = {"x": 10.0, "y": 3.0, "z": 10.0}
_ORIGIN = {"x": 0.0, "y": 0.0, "z": 0.0}
_UNIT_SCALE = {"x": 1.0, "y": 1.0, "z": 1.0}
#: Vertices of a round footprint's outline.
_DISC_VERTICES = 32
#: Route points closer than this share of the room's larger side to the line through their neighbours are
#: left out: straight legs keep their two ends, arcs a point every few degrees.
_ROUTE_TOLERANCE = 0.001
#: The zoomed stretch of floor: this far (metres) around what moves and what the scene names, at least this
#: wide and deep (a shell game's containers stand in a row 1.5 m long), its longer side at most this many times
#: its shorter (a panel neither a ribbon nor a tower).
_FOCUS_PAD, _FOCUS_MIN, _FOCUS_ASPECT = 0.5, 3.0, 1.6
#: Zoomed only when that stretch is less than this share of the room's floor: else the whole room is drawn.
_ZOOM_SHARE = 0.5
#: Steps an object let go (``togglePhysics``) takes to land, about: a ball dropped 0.4 m into a container.
_SETTLE_STEPS = 10
#: The action that ends a familiarisation trial of a passive-agent scene (its test trial runs to the last step).
_END_TRIAL = "EndHabituation"


class NotDrawable(ValueError):
    """Input the preview cannot draw: a document that is not an MCS scene, a folder that is not a run of scenes."""


@dataclass(frozen=True)
class Footprint:
    """One object as it stands at the step: its outline(s) on the floor (two for an L-shaped tool)."""

    id: str
    type: str
    outlines: tuple[Points, ...]
    structure: bool
    target: bool
    #: False before the object first appears and while it is hidden.
    shown: bool
    #: What the scene or its label calls the object (:mod:`.roles`): ``("helper",)``; empty for most.
    roles: tuple[str, ...] = ()


@dataclass(frozen=True)
class Performer:
    """The performer's pose at the start and at the step, and the route its forced actions walk."""

    start: Pose
    now: Pose
    lines: tuple[Points, ...]
    radius: float = PERFORMER_RADIUS


@dataclass(frozen=True)
class Picture:
    """Everything a top-down picture of a scene shows at ``step``, in metres."""

    step: int
    #: The room's width (x) and depth (z), centred on the origin.
    room: Point
    lava: Points
    holes: Points
    #: In the scene's order.
    footprints: tuple[Footprint, ...]
    routes: tuple[Route, ...]
    marks: tuple[Mark, ...]
    #: None in a passive-agent scene, which is watched from a fixed isometric camera instead.
    performer: Performer | None
    #: The floor the panel shows: the whole room and what stands in it, or where things happen.
    extent: Extent
    zoomed: bool = False


def read_scene(path: Path) -> Any:
    """The JSON document in the file ``path``; NotDrawable if it is not JSON, UnreadableFile (at once, before
    reading) if it is not a regular file (a FIFO would block for ever, ``/dev/zero`` fill the memory) or larger
    than a document may be."""
    try:
        return orjson.loads(read_regular(path))
    except orjson.JSONDecodeError as error:
        raise NotDrawable(f"not JSON: {error}") from None


class _Held(Track):
    """An object an agent holds (``associatedWithAgent``): where its holder is, facing as it faces (the file
    gives it a pose of its own, at the origin, that the simulator ignores)."""

    __slots__ = ("holder",)

    def __init__(self, item: Mapping[str, Any], holder: Track) -> None:
        super().__init__(item, None)
        self.holder = holder

    def at(self, step: int | None = None) -> Point:
        return self.holder.at(step)

    def rotation_y(self, step: int | None = None) -> float:
        return self.holder.rotation_y(step)

    def motion_ranges(self) -> list[tuple[int, int]]:
        return self.holder.motion_ranges()


class SceneView:
    """An MCS scene read for drawing: checked, its defaults written out, every object's track replayed."""

    def __init__(self, document: Any, label: Mapping[str, Any] | None = None) -> None:
        """NotDrawable if ``document`` is not an MCS scene (its schema, or the rules every scene keeps). ``label``
        (the scene's line in its run's manifest) names more roles."""
        problems = schema_problems(document, "mcs_scene") or mcs_problems(document)
        if problems:
            raise NotDrawable(f"not an MCS scene: {problems[0]}")
        self.document = _with_defaults(document)
        self.tracks = _with_holders(replay.tracks(self.document))
        self.roles = roles(self.document, label)
        self.performer_path = replay.performer_path(self.document)
        #: A passive-agent scene is watched from an isometric camera: where the performer stands means nothing.
        self.watched = bool(self.document.get("isometric"))
        room = self.document["roomDimensions"]
        self.room = (float(room["x"]), float(room["z"]))
        self.tolerance = _ROUTE_TOLERANCE * max(self.room)

    @property
    def last_step(self) -> int:
        """``goal.last_step``, or else the last step on which something moves or the performer is made to act."""
        given = self.document["goal"].get("last_step")
        if given is not None:
            return int(given)
        ends = [end for track in self.tracks.values() for _, end in track.motion_ranges()]
        return max([len(self.performer_path) - 1, *ends])

    @property
    def motion_end(self) -> int:
        """The last step on which anything happens (see :func:`_last_event`) or the performer is made to move,
        and ``_SETTLE_STEPS`` more for what was let go to land; at most the last step (a shell game is over by
        step 200 of the 2,500 its performer is given)."""
        ends = [_last_event(item) for item in self.document["objects"]]
        ends += [last for _, last in self._performer_ranges()]
        return min(max(ends, default=0) + _SETTLE_STEPS, self.last_step)

    def trials(self) -> list[tuple[int, int]]:
        """The ``(first, last)`` steps of each trial of a passive-agent scene: each familiarisation trial ends on
        the step its ``EndHabituation`` action is forced, the test trial on the last step. One trial, every step,
        for a scene without."""
        ends = [step for step, allowed in enumerate(self.document["goal"]["action_list"], start=1)
                if _END_TRIAL in allowed]
        firsts = [0, *(end + 1 for end in ends)]
        return [(first, last) for first, last in zip(firsts, [*ends, self.last_step], strict=True) if first <= last]

    def trial_of(self, step: int) -> Window:
        """The steps of the trial ``step`` is in, in a scene of several trials; None (every step) in another."""
        trials = self.trials()
        return None if len(trials) == 1 else next((trial for trial in trials if step <= trial[1]), trials[-1])

    def picture(self, step: int, window: Window = None) -> Picture:
        """The scene at the end of ``step``, with the routes of the motions in ``window``."""
        footprints = self._footprints(step)
        routes, marks = self._routes(window)
        walked, walk_marks = route_of(self._performer_xz, self._performer_ranges(), window, self.tolerance)
        performer = None if self.watched else Performer(self.performer_path[0], self._performer_pose(step),
                                                        tuple(walked))
        extent, zoomed = self.extent
        return Picture(step, self.room, _cells(self.document, "lava"), _cells(self.document, "holes"), footprints,
                       routes, merged([*marks, *([] if self.watched else walk_marks)]), performer, extent, zoomed)

    @cached_property
    def extent(self) -> tuple[Extent, bool]:
        """The floor every picture of the scene shows, and whether it is zoomed: where things happen (the routes
        of everything that moves, and what moves or has a role where it starts and ends, with room around) when
        that is less than half the room; else the room and all that stands in it. One for every step, so that
        the panels of a strip and the frames of an animation share it."""
        whole = _extent_of(self._whole_room_points())
        focus = self._focus_points()
        if not focus:
            return whole, False
        zoomed = _clipped(_proportioned(_extent_of(focus, _FOCUS_PAD)), whole)
        # What stands still within it is part of the scene too (a shell game's container nobody drags).
        focus += [point for item in self._footprints(0) if not item.structure and _inside(_centre(item), zoomed)
                  for outline in item.outlines for point in outline]
        zoomed = _clipped(_proportioned(_extent_of(focus, _FOCUS_PAD)), whole)
        room_area = self.room[0] * self.room[1]
        if _area_of(zoomed) >= _ZOOM_SHARE * room_area:
            return whole, False
        return zoomed, True

    def _footprints(self, step: int) -> tuple[Footprint, ...]:
        return tuple(_footprint(track, step, self.roles.get(track.item["id"], ())) for track in self.tracks.values())

    def _whole_room_points(self) -> list[Point]:
        width, depth = self.room
        points = [(-width / 2, -depth / 2), (width / 2, depth / 2)]
        points += [point for item in self._footprints(0) for outline in item.outlines for point in outline]
        if not self.watched:
            radius = PERFORMER_RADIUS
            points += [(pose.x + dx, pose.z + dz) for pose in (self.performer_path[0], self.performer_path[-1])
                       for dx, dz in ((-radius, -radius), (radius, radius))]
        return points

    def _focus_points(self) -> list[Point]:
        """The routes of what moves (the performer's forced walk too) and the outlines, at the first and last
        step, of what moves or has a role; none when nothing moves."""
        routes, _ = self._routes(None)
        points = [point for route in routes for line in route.lines for point in line]
        if not self.watched:
            walked, _ = route_of(self._performer_xz, self._performer_ranges(), None, self.tolerance)
            points += [point for line in walked for point in line]
        if not points:
            return []
        moving = {key for route in routes for key in route.ids} | {key for key, track in self.tracks.items()
                                                                  if track.item["id"] in self.roles}
        for step in (0, self.last_step):
            points += [point for key in moving for outline in _footprint(self.tracks[key], step, ()).outlines
                       for point in outline]
        return points

    def _routes(self, window: Window) -> tuple[tuple[Route, ...], list[tuple[Point, int]]]:
        """The objects' routes (one per distinct set of polylines) and their marks."""
        routes: dict[tuple[Points, ...], list[str]] = defaultdict(list)
        marks: list[tuple[Point, int]] = []
        for key, track in self.tracks.items():
            lines, ends = route_of(track.at, track.motion_ranges(), window, self.tolerance)
            if lines:
                routes[tuple(lines)].append(key)
            marks += ends
        return tuple(Route(tuple(ids), lines) for lines, ids in routes.items()), marks

    def _performer_pose(self, step: int) -> Pose:
        """Its pose at the end of ``step`` (where its forced actions left it, after them)."""
        return self.performer_path[min(step, len(self.performer_path) - 1)]

    def _performer_xz(self, step: int) -> Point:
        pose = self._performer_pose(step)
        return pose.x, pose.z

    def _performer_ranges(self) -> list[tuple[int, int]]:
        """The steps from the performer's first forced move to its last, as one range (turns on the spot aside)."""
        places = [(pose.x, pose.z) for pose in self.performer_path]
        moving = [step for step in range(1, len(places)) if places[step] != places[step - 1]]
        return [(moving[0], moving[-1])] if moving else []


def _with_holders(tracks: dict[str, Track]) -> dict[str, Track]:
    """``tracks`` with each object an agent holds tracking its holder."""
    by_id = {track.item["id"]: track for track in tracks.values()}
    return {key: _Held(track.item, by_id[holder]) if (holder := track.item.get("associatedWithAgent")) in by_id
            else track for key, track in tracks.items()}


def _footprint(track: Track, step: int, given_roles: tuple[str, ...]) -> Footprint:
    item = track.item
    x, z = track.at(step)
    outlines = _outlines(item["type"], item["shows"][0]["scale"], x, z, track.rotation_y(step))
    return Footprint(item["id"], item["type"], outlines, bool(item.get("structure")), TARGET in given_roles,
                     replay.shown_at(item, step), given_roles)


def _last_event(item: Mapping[str, Any]) -> int:
    """The last step on which anything happens to the object: a move (also up or down: a placer lowering a
    lid), a turn, being let go, a lid put on, being shown or hidden (0 if nothing does)."""
    steps = [motion["stepEnd"] for key in ("moves", "rotates") for motion in item.get(key, ())]
    steps += [event["stepBegin"] for key in ("togglePhysics", "shows", "hides") for event in item.get(key, ())]
    if "lidAttachment" in item:
        steps.append(item["lidAttachment"]["stepBegin"])
    # Steps are whole numbers; some real scenes write them as 80.0.
    return int(max(steps, default=0))


def _extent_of(points: Iterable[Point], pad: float = 0.0) -> Extent:
    xs, zs = zip(*points, strict=True)
    return min(xs) - pad, min(zs) - pad, max(xs) + pad, max(zs) + pad


def _proportioned(extent: Extent) -> Extent:
    """``extent`` grown about its centre to at least ``_FOCUS_MIN`` a side, its shorter side to at least
    ``1 / _FOCUS_ASPECT`` of its longer."""
    left, near, right, far = extent
    width, depth = max(right - left, _FOCUS_MIN), max(far - near, _FOCUS_MIN)
    width, depth = max(width, depth / _FOCUS_ASPECT), max(depth, width / _FOCUS_ASPECT)
    centre_x, centre_z = (left + right) / 2, (near + far) / 2
    return centre_x - width / 2, centre_z - depth / 2, centre_x + width / 2, centre_z + depth / 2


def _clipped(extent: Extent, bounds: Extent) -> Extent:
    """``extent`` moved inside ``bounds`` where it sticks out, and cut where it is larger."""
    clipped = []
    for low, high, bound_low, bound_high in ((extent[0], extent[2], bounds[0], bounds[2]),
                                             (extent[1], extent[3], bounds[1], bounds[3])):
        shift = max(bound_low - low, 0.0) - max(high - bound_high, 0.0)
        clipped.append((max(low + shift, bound_low), min(high + shift, bound_high)))
    (left, right), (near, far) = clipped
    return left, near, right, far


def _inside(point: Point, extent: Extent) -> bool:
    return extent[0] <= point[0] <= extent[2] and extent[1] <= point[1] <= extent[3]


def _centre(item: Footprint) -> Point:
    xs, zs = zip(*(point for outline in item.outlines for point in outline), strict=True)
    return (min(xs) + max(xs)) / 2, (min(zs) + max(zs)) / 2


def _area_of(extent: Extent) -> float:
    return (extent[2] - extent[0]) * (extent[3] - extent[1])


def _outlines(object_type: str, scale: Mapping[str, float], x: float, z: float,
              degrees: float) -> tuple[Points, ...]:
    """The outline(s) of an object of ``object_type`` at ``(x, z)`` turned ``degrees``: its catalogued footprint
    times its scale, a round one as an ellipse."""
    try:
        facts = object_facts(object_type)
    except KeyError:
        # MCS builds primitives and structures by scaling a 1 x 1 x 1 model (docs/mcs_facts.md 1, `cube`): a type
        # the catalog does not know is drawn as the box of its scale.
        return _corners(Boxes.from_size([x, z], [scale["x"], scale["z"]], degrees))
    if facts.footprint == "disc":
        size_x, _, size_z = facts.size
        return (_ellipse(x, z, size_x * scale["x"], size_z * scale["z"], degrees),)
    return _corners(footprint(object_type, (x, 0.0, z), degrees, scale))


def _corners(boxes: Boxes) -> tuple[Points, ...]:
    return tuple(tuple((float(x), float(z)) for x, z in corners) for corners in boxes.corners())


def _ellipse(x: float, z: float, size_x: float, size_z: float, degrees: float) -> Points:
    angles = np.linspace(0.0, 2.0 * np.pi, _DISC_VERTICES, endpoint=False)
    local = np.column_stack([size_x / 2 * np.cos(angles), size_z / 2 * np.sin(angles)])
    world = rotate(local, degrees) + np.array([x, z])
    return tuple((float(px), float(pz)) for px, pz in world)


def _cells(document: Mapping[str, Any], key: str) -> Points:
    return tuple((float(cell["x"]), float(cell["z"])) for cell in document.get(key, ()))


def _vector(value: Mapping[str, float] | None, default: Mapping[str, float]) -> dict[str, float]:
    """A vector with every axis (the schema's missing axis is 0), or ``default`` where there is none."""
    return dict(default) if value is None else {axis: float(value.get(axis, 0.0)) for axis in "xyz"}


def _with_defaults(document: Mapping[str, Any]) -> dict[str, Any]:
    """``document`` with what the simulator assumes written out, so that the replay can read any valid scene: a
    room, a performer start at the origin facing +z, a goal, a pose and scale on every keyframe (a later keyframe
    keeps what it leaves out), every axis of every vector."""
    room = document.get("roomDimensions")
    start = document.get("performerStart", {})
    return {
        **document,
        "roomDimensions": room if room and any(room.values()) else _DEFAULT_ROOM,
        "performerStart": {"position": _vector(start.get("position"), _ORIGIN),
                           "rotation": _vector(start.get("rotation"), _ORIGIN)},
        "goal": {"action_list": [], **document.get("goal", {})},
        "objects": [_object_with_defaults(item) for item in document["objects"]],
    }


def _object_with_defaults(item: Mapping[str, Any]) -> dict[str, Any]:
    shows = []
    pose: dict[str, Any] = {"position": _ORIGIN, "rotation": _ORIGIN, "scale": _UNIT_SCALE}
    for show in item["shows"]:
        pose = {"stepBegin": show["stepBegin"], **{key: _vector(show.get(key), pose[key]) for key in
                                                  ("position", "rotation", "scale")}}
        shows.append(pose)
    motions = {key: [{**motion, "vector": _vector(motion["vector"], _ORIGIN)} for motion in item[key]]
               for key in ("moves", "rotates") if key in item}
    return {**item, "shows": shows, **motions}
