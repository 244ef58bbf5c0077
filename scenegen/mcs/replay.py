"""Where things are at a given step, read from an MCS document alone.

Used by the families' checks: nothing here knows how a scene was generated.
Conventions (MCS / Unity): ``moves`` add their vector on every step of an
inclusive range; ``rotates`` add ``vector.y`` degrees per step; a rotation of
``t`` degrees about y maps ``(x, z)`` to ``(x cos t + z sin t, -x sin t + z cos t)``
(clockwise seen from above). A ``shows`` entry places the object at its step
(Helper/Hinderer actors walk by one such keyframe per step). Objects resting on a
turntable ride it; a lid attached to an object, or an object let go over a
receptacle, moves with it from then on (:func:`tracks`).
Performer actions: ``goal.action_list[i]`` is the action of step ``i + 1``;
Move* go 0.1 m, Rotate* turn 10 degrees (RotateRight adds to rotation y).
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache, reduce
from itertools import accumulate
from operator import itemgetter
from typing import Any

from scenegen.mcs.geometry.catalog import object_size
from scenegen.mcs.rotation import turned, turned_about

MOVE_METRES = 0.1
ROTATE_DEGREES = 10.0
#: Per-action (right, forward) displacement in the performer's frame, and turn.
_ACTIONS = {
    "MoveAhead": (0.0, MOVE_METRES, 0.0),
    "MoveBack": (0.0, -MOVE_METRES, 0.0),
    "MoveLeft": (-MOVE_METRES, 0.0, 0.0),
    "MoveRight": (MOVE_METRES, 0.0, 0.0),
    "RotateRight": (0.0, 0.0, ROTATE_DEGREES),
    "RotateLeft": (0.0, 0.0, -ROTATE_DEGREES),
}

Document = Mapping[str, Any]


def _steps_done(begin: int, end: int, step: int | None) -> int:
    """How many steps of the inclusive range [begin, end] have run by the end of ``step`` (None: all of them)."""
    return max(0, (end if step is None else min(step, end)) - begin + 1)


def start_xz(item: Document) -> tuple[float, float]:
    position = item["shows"][0]["position"]
    return position["x"], position["z"]


def keyframe_at(item: Document, step: int | None = None) -> Document:
    """The ``shows`` entry in effect at the end of ``step`` (None: the last): the latest to begin by then, or
    the first while none has."""
    shows = item["shows"]
    if step is None or len(shows) == 1:
        return shows[-1]
    return shows[max(bisect_right(shows, step, key=itemgetter("stepBegin")) - 1, 0)]


def _keyframe_since(item: Document, step: int | None) -> tuple[Document, int]:
    """The keyframe in effect at ``step``, and the step from which motions add to it (0 for the first keyframe)."""
    show = keyframe_at(item, step)
    return show, 0 if show is item["shows"][0] else show["stepBegin"]


def xz_at(item: Document, step: int | None = None) -> tuple[float, float]:
    """Horizontal position at the end of ``step`` (None: once every move is made): the keyframe in effect, moved
    by the ``moves`` since."""
    show, since = _keyframe_since(item, step)
    x, z = show["position"]["x"], show["position"]["z"]
    for move in item.get("moves", ()):
        count = _steps_done(max(move["stepBegin"], since), move["stepEnd"], step)
        x += count * move["vector"]["x"]
        z += count * move["vector"]["z"]
    return x, z


def rotation_y_at(item: Document, step: int | None = None) -> float:
    """Rotation about y, in degrees, at the end of ``step`` (None: once every turn is made): the keyframe's, turned
    by the ``rotates`` since."""
    show, since = _keyframe_since(item, step)
    return show["rotation"]["y"] + sum(_steps_done(max(turn["stepBegin"], since), turn["stepEnd"], step)
                                       * turn["vector"]["y"] for turn in item.get("rotates", ()))


def shown_at(item: Document, step: int) -> bool:
    """Whether the object is in the scene at the end of ``step``: a ``shows`` entry has begun, and no ``hides``
    came at or after the latest."""
    if item["shows"][0]["stepBegin"] > step:
        return False
    latest = keyframe_at(item, step)["stepBegin"]
    return not any(latest <= hide["stepBegin"] <= step for hide in item.get("hides", ()))


def keyframe_walks(item: Document) -> list[tuple[int, int]]:
    """The ``(first, last)`` steps of each walk by keyframes: a run of two or more ``shows`` entries on
    consecutive steps. A keyframe on its own places the object (a reset, a new trial) rather than moving it."""
    steps = [show["stepBegin"] for show in item["shows"]]
    walks, first = [], 0
    for i in range(1, len(steps) + 1):
        if i == len(steps) or steps[i] != steps[i - 1] + 1:
            if i - first >= 2:
                walks.append((steps[first], steps[i - 1]))
            first = i
    return walks


def motion_end(item: Document) -> int:
    """Last step on which the object moves or turns (-1 if it never does)."""
    ends = [m["stepEnd"] for key in ("moves", "rotates") for m in item.get(key, ())]
    return max(ends, default=-1)


@dataclass(frozen=True)
class Turntable:
    x: float
    z: float
    radius: float
    top: float
    rotates: tuple[tuple[int, int, float], ...]

    def angle(self, step: int | None = None) -> float:
        """Degrees turned by the end of ``step`` (None: in all)."""
        return sum(_steps_done(begin, end, step) * per_step for begin, end, per_step in self.rotates)

    def carries(self, item: Document) -> bool:
        """Whether ``item`` starts resting on the turntable's top."""
        x, z = start_xz(item)
        return (abs(item["shows"][0]["position"]["y"] - self.top) < 1e-6
                and math.hypot(x - self.x, z - self.z) <= self.radius)

    def turn(self, x: float, z: float, degrees: float) -> tuple[float, float]:
        return turned_about(x, z, self.x, self.z, degrees)


def turntable(document: Document) -> Turntable | None:
    """The scene's turntable (a ``rotating_cog``: diameter = scale.x, height = scale.y / 50), if any."""
    for item in document["objects"]:
        if item["type"] == "rotating_cog":
            show = item["shows"][0]
            height = show["scale"]["y"] / 50
            return Turntable(show["position"]["x"], show["position"]["z"], show["scale"]["x"] / 2,
                             show["position"]["y"] + height / 2,
                             tuple((r["stepBegin"], r["stepEnd"], r["vector"]["y"]) for r in item.get("rotates", ())))
    return None


class Track:
    """An object's horizontal path: its own moves, the turntable's turn if it starts on it, and after step
    ``since`` the motion of its ``carrier``, the object it then rests on (see :func:`tracks`)."""

    __slots__ = ("carrier", "item", "since", "table")

    def __init__(self, item: Document, table: Turntable | None, carrier: Track | None = None, since: int = 0) -> None:
        self.item = item
        self.table = table if table is not None and table.rotates and table.carries(item) else None
        self.carrier = carrier
        self.since = since

    def _carrier_at(self, step: int | None) -> Track | None:
        """The carrier, once the object rests on it by the end of ``step``."""
        return self.carrier if self.carrier is not None and (step is None or step > self.since) else None

    def at(self, step: int | None = None) -> tuple[float, float]:
        carrier = self._carrier_at(step)
        if carrier is not None:
            # Where it came to rest, kept relative to the carrier as the carrier moves and turns.
            x, z = self.at(self.since)
            base_x, base_z = carrier.at(self.since)
            dx, dz = turned(x - base_x, z - base_z, carrier.turn(step) - carrier.turn(self.since))
            x, z = carrier.at(step)
            return x + dx, z + dz
        x, z = xz_at(self.item, step)
        if self.table is not None:
            x, z = self.table.turn(x, z, self.table.angle(step))
        return x, z

    def turn(self, step: int | None = None) -> float:
        """Degrees the object has been turned by what it rests on (the turntable, its carrier) by the end of
        ``step``."""
        carrier = self._carrier_at(step)
        if carrier is not None:
            return self.turn(self.since) + carrier.turn(step) - carrier.turn(self.since)
        return self.table.angle(step) if self.table is not None else 0.0

    def rotation_y(self, step: int | None = None) -> float:
        """Rotation about y at the end of ``step``: its own, and the turn of what it rests on."""
        return rotation_y_at(self.item, step) + self.turn(step)

    def motion_ranges(self) -> list[tuple[int, int]]:
        """The ``(first, last)`` steps of everything that moves the object across the floor or turns it: its
        horizontal ``moves``, its ``rotates``, its walks by keyframes, the turntable's turns if it rides it, and
        its carrier's motions once it rests on it; in order."""
        item = self.item
        # Steps are whole numbers; some real scenes write them as 80.0.
        ranges = [(int(move["stepBegin"]), int(move["stepEnd"])) for move in item.get("moves", ())
                  if move["vector"]["x"] or move["vector"]["z"]]
        ranges += [(int(turn["stepBegin"]), int(turn["stepEnd"])) for turn in item.get("rotates", ())
                   if turn["vector"]["y"]]
        ranges += keyframe_walks(item)
        if self.table is not None:
            ranges += [(begin, end) for begin, end, _ in self.table.rotates]
        if self.carrier is not None:
            ranges += [(max(begin, self.since + 1), end) for begin, end in self.carrier.motion_ranges()
                       if end > self.since]
        return sorted(ranges)


def tracks(document: Document) -> dict[str, Track]:
    """A :class:`Track` of every object, by id (``<id>#<n>`` for the n-th later object given an id already used:
    the real Shape Constancy scenes hand an id from a hidden object to the one shown in its place). An object
    riding the turntable turns with it; a lid moves with the object it attaches to from its ``lidAttachment``
    step; an object let go (its first ``togglePhysics``) over a receptacle falls into it and moves with it from
    then on."""
    table = turntable(document)
    free: dict[str, Track] = {}
    for item in document["objects"]:
        key, reuse = item["id"], 1
        while key in free:
            key, reuse = f"{item['id']}#{reuse}", reuse + 1
        free[key] = Track(item, table)
    receptacles = [track for track in free.values() if track.item.get("receptacle")]
    carried = {}
    for key, track in free.items():
        carrier, since = _resting_on(track, free, receptacles)
        carried[key] = track if carrier is None else Track(track.item, table, carrier, since)
    return carried


def _resting_on(track: Track, free: Mapping[str, Track], receptacles: Sequence[Track]) -> tuple[Track | None, int]:
    """What the object comes to rest on, and the step it does (None: nothing)."""
    attachment = track.item.get("lidAttachment")
    if attachment is not None:
        return free.get(attachment["lidAttachmentObjId"]), attachment["stepBegin"]
    toggles = track.item.get("togglePhysics")
    if not toggles:
        return None, 0
    released = toggles[0]["stepBegin"]
    x, z = track.at(released)
    under = (receptacle for receptacle in receptacles
             if receptacle is not track and _covers(receptacle, x, z, released))
    return next(under, None), released


def _covers(track: Track, x: float, z: float, step: int) -> bool:
    """Whether ``(x, z)`` is over the object's box at ``step`` (its catalogued size times its scale; a type the
    catalog does not know covers nothing)."""
    try:
        size_x, _, size_z = object_size(track.item["type"])
    except KeyError:
        return False
    scale = track.item["shows"][0]["scale"]
    centre_x, centre_z = track.at(step)
    across, along = turned(x - centre_x, z - centre_z, -track.rotation_y(step))
    return abs(across) <= size_x * scale["x"] / 2 and abs(along) <= size_z * scale["z"] / 2


@dataclass(frozen=True)
class Pose:
    x: float
    z: float
    rotation_y: float

    def view(self, x: float, z: float) -> tuple[float, float]:
        """``(right, forward)`` of a point in this pose's frame."""
        return turned(x - self.x, z - self.z, -self.rotation_y)


def _forced_actions(document: Document) -> tuple[str, ...]:
    """The action each step of ``goal.action_list`` forces (the first it allows; ``Pass`` where it allows any)."""
    return tuple(allowed[0] if allowed else "Pass" for allowed in document["goal"]["action_list"])


def performer_pose(document: Document) -> Pose:
    """The performer's pose after its forced ``goal.action_list``."""
    start = document["performerStart"]
    return _walk(start["position"]["x"], start["position"]["z"], start["rotation"]["y"], _forced_actions(document))


def performer_path(document: Document) -> list[Pose]:
    """The performer's pose at the end of each step of its forced ``goal.action_list``; index 0 is its start."""
    start = document["performerStart"]
    first = Pose(start["position"]["x"], start["position"]["z"], start["rotation"]["y"])
    return list(accumulate(_forced_actions(document), _after, initial=first))


@lru_cache(maxsize=512)
def _walk(x: float, z: float, heading: float, actions: Sequence[str]) -> Pose:
    return reduce(_after, actions, Pose(x, z, heading))


def _after(pose: Pose, action: str) -> Pose:
    """The performer's pose after one action (one that neither moves nor turns it leaves it where it is)."""
    step = _ACTIONS.get(action)
    if step is None:
        return pose
    right, forward, turn = step
    if turn:
        return Pose(pose.x, pose.z, pose.rotation_y + turn)
    dx, dz = turned(right, forward, pose.rotation_y)
    return Pose(pose.x + dx, pose.z + dz, pose.rotation_y)
