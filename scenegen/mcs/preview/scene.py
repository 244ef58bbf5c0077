"""What a top-down picture of an MCS scene shows at one step, as plain data in metres on the floor (x, z).

Positions, turns and who rides what come from the shared replay
(:mod:`scenegen.mcs.replay`); sizes from the object catalog
(:mod:`scenegen.mcs.geometry.catalog`). Nothing here knows how the picture is drawn.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import orjson

from scenegen.files import read_regular
from scenegen.mcs import replay
from scenegen.mcs.geometry.catalog import footprint, object_facts
from scenegen.mcs.geometry.grid import PERFORMER_RADIUS
from scenegen.mcs.geometry.shapes import Boxes, rotate
from scenegen.mcs.replay import Pose, Track
from scenegen.mcs.rules import mcs_problems
from scenegen.plugin.schemas import schema_problems

Point = tuple[float, float]
#: A polygon (a footprint) or a polyline (a route), as its points in order.
Points = tuple[Point, ...]
#: Steps ``(first, last)`` of the motions a route shows; None: all of them.
Window = tuple[int, int] | None

#: What the simulator assumes of a room the scene leaves out (or gives as 0 x 0 x 0), per the schema.
_DEFAULT_ROOM = {"x": 10.0, "y": 3.0, "z": 10.0}
_ORIGIN = {"x": 0.0, "y": 0.0, "z": 0.0}
_UNIT_SCALE = {"x": 1.0, "y": 1.0, "z": 1.0}
#: Vertices of a round footprint's outline.
_DISC_VERTICES = 32
#: Route points closer than this share of the room's larger side to the line through their neighbours are
#: left out: straight legs keep their two ends, arcs a point every few degrees.
_ROUTE_TOLERANCE = 0.001
#: Marks closer than this (metres) are one mark: the end of one motion is often the start of the next.
_MARK_MERGE = 0.01


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


@dataclass(frozen=True)
class Route:
    """Where objects went across the floor: one polyline per stretch of motion, shared by the objects that went
    alike (a container, its lid and the ball inside)."""

    ids: tuple[str, ...]
    lines: tuple[Points, ...]


@dataclass(frozen=True)
class Mark:
    """The steps on which motions start or end at one point."""

    point: Point
    steps: tuple[int, ...]


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
    performer: Performer


def read_scene(path: Path) -> Any:
    """The JSON document in the file ``path``; NotDrawable if it is not JSON, UnreadableFile (at once, before
    reading) if it is not a regular file (a FIFO would block for ever, ``/dev/zero`` fill the memory) or larger
    than a document may be."""
    try:
        return orjson.loads(read_regular(path))
    except orjson.JSONDecodeError as error:
        raise NotDrawable(f"not JSON: {error}") from None


class SceneView:
    """An MCS scene read for drawing: checked, its defaults written out, every object's track replayed."""

    def __init__(self, document: Any) -> None:
        """NotDrawable if ``document`` is not an MCS scene (its schema, or the rules every scene keeps)."""
        problems = schema_problems(document, "mcs_scene") or mcs_problems(document)
        if problems:
            raise NotDrawable(f"not an MCS scene: {problems[0]}")
        self.document = _with_defaults(document)
        self.tracks = replay.tracks(self.document)
        self.performer_path = replay.performer_path(self.document)
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

    def picture(self, step: int, window: Window = None) -> Picture:
        """The scene at the end of ``step``, with the routes of the motions in ``window``."""
        target = self.document["goal"].get("metadata", {}).get("target", {}).get("id")
        footprints = tuple(_footprint(track, step, track.item["id"] == target) for track in self.tracks.values())
        routes, marks = self._routes(window)
        walked, walk_marks = _route(self._performer_xz, self._performer_ranges(), window, self.tolerance)
        performer = Performer(self.performer_path[0], self._performer_pose(step), tuple(walked))
        return Picture(step, self.room, _cells(self.document, "lava"), _cells(self.document, "holes"), footprints,
                       routes, _merged([*marks, *walk_marks]), performer)

    def _routes(self, window: Window) -> tuple[tuple[Route, ...], list[tuple[Point, int]]]:
        """The objects' routes (one per distinct set of polylines) and their marks."""
        routes: dict[tuple[Points, ...], list[str]] = defaultdict(list)
        marks: list[tuple[Point, int]] = []
        for key, track in self.tracks.items():
            lines, ends = _route(track.at, track.motion_ranges(), window, self.tolerance)
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


def _footprint(track: Track, step: int, target: bool) -> Footprint:
    item = track.item
    x, z = track.at(step)
    outlines = _outlines(item["type"], item["shows"][0]["scale"], x, z, track.rotation_y(step))
    return Footprint(item["id"], item["type"], outlines, bool(item.get("structure")), target,
                     replay.shown_at(item, step))


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


def _route(position: Callable[[int], Point], ranges: Iterable[tuple[int, int]], window: Window,
           tolerance: float) -> tuple[list[Points], list[tuple[Point, int]]]:
    """The polylines of an object's stretches of motion within ``window``, and its marks: each stretch's first step
    (where it stood before it) and each motion's last step (where it got to)."""
    lines, marks = [], []
    for first, last, ends in _stretches(ranges):
        begin, end = (first - 1, last) if window is None else (max(first - 1, window[0]), min(last, window[1]))
        if begin >= end:
            continue
        line = _simplified([position(step) for step in range(begin, end + 1)], tolerance)
        if len(line) > 1:
            lines.append(line)
        moments = [(position(first - 1), first), *((position(step), step) for step in ends)]
        marks += [(point, step) for point, step in moments if window is None or window[0] <= step <= window[1]]
    return lines, marks


def _stretches(ranges: Iterable[tuple[int, int]]) -> list[tuple[int, int, tuple[int, ...]]]:
    """Motions that overlap or follow one another step after step, joined: ``(first, last, every motion's last
    step)`` of each stretch, in order."""
    stretches: list[tuple[int, int, tuple[int, ...]]] = []
    for begin, end in sorted(ranges):
        if stretches and begin <= stretches[-1][1] + 1:
            first, last, ends = stretches[-1]
            stretches[-1] = (first, max(last, end), tuple(sorted({*ends, end})))
        else:
            stretches.append((begin, end, (end,)))
    return stretches


def _simplified(points: Sequence[Point], tolerance: float) -> Points:
    """``points`` less those within ``tolerance`` of the line from the last point kept to the next point."""
    kept = [points[0]]
    for i in range(1, len(points) - 1):
        if _off_line(points[i], kept[-1], points[i + 1]) > tolerance:
            kept.append(points[i])
    if _off_line(points[-1], kept[-1], kept[-1]) > tolerance:
        kept.append(points[-1])
    return tuple(kept)


def _off_line(point: Point, start: Point, end: Point) -> float:
    """Distance from ``point`` to the line through ``start`` and ``end`` (to ``start`` if they are one point)."""
    (px, pz), (ax, az), (bx, bz) = point, start, end
    length = float(np.hypot(bx - ax, bz - az))
    if length == 0.0:
        return float(np.hypot(px - ax, pz - az))
    return abs((bx - ax) * (pz - az) - (bz - az) * (px - ax)) / length


def _merged(marks: Iterable[tuple[Point, int]]) -> tuple[Mark, ...]:
    """One mark per point, holding every step marked there."""
    steps_at: dict[Point, set[int]] = {}
    for point, step in marks:
        near = next((kept for kept in steps_at if np.hypot(kept[0] - point[0], kept[1] - point[1]) < _MARK_MERGE),
                    point)
        steps_at.setdefault(near, set()).add(step)
    return tuple(Mark(point, tuple(sorted(steps))) for point, steps in steps_at.items())


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
