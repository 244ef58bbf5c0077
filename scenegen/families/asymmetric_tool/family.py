"""The Asymmetric Tool family (MCS eval 7, "Tools - Asymmetric Tool Use").

A soccer ball sits in a band of lava that runs across the room's whole width from
the wall behind it, so the lava reaches three walls and no push can get the ball
out. An L-shaped tool lies with its hook behind the ball and its long arm reaching
out of the lava: pulled straight toward the floor, it drags the ball out. Or it
lies turned about the same centre, away from the ball, and must be turned back
(over the lava, clear of the ball) before the pull; or it lies turned the other way,
across the ball's side (as the evaluation lays it, 45 or 90 degrees), and is slid
aside over the lava, turned where it sweeps clear of the ball and slid back first.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from scenegen.errors import ConfigError, GenerationError
from scenegen.families.asymmetric_tool.declaration import DECLARATION
from scenegen.families.asymmetric_tool.layout import (
    TURNED_OUT_OF_LAVA,
    Hook,
    across_extent,
    depth_needed,
    half_across,
    turn_extent,
    turned_reach_loss,
)
from scenegen.mcs.geometry import footprint, overlap_matrix
from scenegen.mcs.model import Scene, SceneObject
from scenegen.mcs.objects import TARGET_BALL_RADIUS, TARGET_BALL_SCALE, hooked_tool, soccer_ball
from scenegen.mcs.task import McsTask, Refusal, feasibility
from scenegen.mcs.tools.evidence import WAY_OUT_OF_THE_CORNER
from scenegen.mcs.tools.hooks import OUT_OF_LAVA, hook_length
from scenegen.mcs.tools.kinds import HOOK_ROTATIONS, HOOKED_LENGTHS
from scenegen.mcs.tools.lanes import DIRECTION_VECTORS
from scenegen.mcs.tools.lava import pool_cells
from scenegen.mcs.tools.layout import WALKWAY, bounds_to_world, performer_start, start_is_clear, to_world
from scenegen.mcs.tools.turning import sweep_clear
from scenegen.plugin.family import Evidence
from scenegen.plugin.values import below

#: Draws of a sample before giving up on laying its rotated tool clear of the ball.
TURN_ATTEMPTS = 50


class AsymmetricTool(McsTask):
    name = "asymmetric_tool"
    description = "Asymmetric Tool Use: pull a hooked tool so that it drags the ball out of the lava (MCS eval 7)."
    makes = ("Tools - Asymmetric Tool Use and Tool Choice",)
    about = ("MCS eval 7 Asymmetric Tool Use: a ball in a band of lava reaching three walls (no push gets it out) and "
             "a hooked or isosceles tool lying with its hook behind the ball, its long arm out of the lava, to be "
             "pulled, or lying turned about the same centre, to be turned back first (slid aside to turn, if it "
             "lies across the ball's side)")
    label_about = ("`target_id`, whether the ball lies on open floor (`ball_on_open_floor`: then no tool, no actions "
                   "and no direction), `tool_ids`, `actions` (`pull`; `rotate`, `pull`; or, a tool slid aside to "
                   "turn, `push`, `rotate`, `pull` in the order first needed), the `direction` of the pull, the "
                   "tool's `placement`, type and size")
    declaration = DECLARATION
    answers = ("direction",)
    evidence: ClassVar[Mapping[str, Evidence]] = {"direction": WAY_OUT_OF_THE_CORNER}
    cues = ("tool.shape", "placement")

    lays_out = "an Asymmetric Tool room"
    checks = "scenegen.families.asymmetric_tool.checks:asymmetric_tool_problems"
    ids = 2
    # A rotated tool whose hook would come over the ball turning back is drawn again (a small hook gap with a
    # large turn), as is a tool across that would lie over the ball, and a draw that leaves a fixed ball cell or
    # start no room; the first draw stands whenever it can be laid out.
    attempts = TURN_ATTEMPTS

    def __init__(self, config: Mapping[str, Any]) -> None:
        self.ball_cell = config["ball"]["cell"]
        self.start = config["performer"]["start"]
        super().__init__(config)

    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> Layout | None:
        shape, width = drawn["tool.shape"], drawn["tool.width"]
        length = hook_length(drawn["lava.before"], drawn["tool.hook_gap"], width, drawn["tool.extra_length"])
        if length is None:  # never: the feasibility checks refuse such configs
            raise ConfigError("lava.before", "no hooked tool is long enough")
        hook = Hook(length, width, half_across(shape, width, length), drawn["tool.hook_gap"])
        room = (float(drawn["room.width"]), float(drawn["room.depth"]))
        along, across = _along_across(room, drawn["direction"])
        placement = drawn["tool.placement"]
        turn = 0.0 if placement == "aligned" else float(drawn["tool.turn"])
        # Lane extent of the tool about its centre: its box, all a rotated tool sweeps turning back, or all a tool
        # laid across sweeps slid aside either way and turning there.
        extents = {"aligned": (hook.half_across, hook.length / 2), "rotated": turn_extent(hook, turn),
                   "across": across_extent(hook)}
        extent = extents[placement]
        # The ball's cell: ``behind`` cells from the wall behind it, anywhere across where that extent fits.
        ball_v = -(along / 2 - drawn["lava.behind"] - 0.5)  # lane v of the ball, measured from the room's centre
        reach = int(across / 2 - extent[0])
        if self.ball_cell is None:
            return Layout(hook, turn, extent, int(rng.integers(-reach, reach + 1)), ball_v)
        # A fixed cell: the one place across the band that puts the ball there, if the band and the tool allow it.
        fitting = [u for u in range(-reach, reach + 1)
                   if to_world(u, ball_v, drawn["direction"]) == tuple(map(float, self.ball_cell))]
        return Layout(hook, turn, extent, fitting[0], ball_v) if fitting else None

    def build(self, drawn: Mapping[str, Any], layout: Layout, ids: list[str],
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]] | None:
        direction, before, behind = drawn["direction"], drawn["lava.before"], drawn["lava.behind"]
        hook, turn, ball_u, ball_v = layout.hook, layout.turn, layout.ball_u, layout.ball_v
        room = (float(drawn["room.width"]), float(drawn["room.depth"]))
        ball = tuple(float(value) for value in to_world(ball_u, ball_v, direction))
        ball_key, tool_key = ids
        target = soccer_ball(ball_key, ball[0], ball[1], TARGET_BALL_SCALE)
        tool_x, tool_z = to_world(ball_u, ball_v + hook.centre, direction)
        # Turned back the way MCS turns (+z toward +x), a rotated tool takes the ball into the corner of its arms; a
        # tool across lies turned the way MCS turns, as the evaluation's.
        placement = drawn["tool.placement"]
        aligned = HOOK_ROTATIONS[direction]
        rotation = (aligned + (turn if placement == "across" else -turn)) % 360.0
        tool = hooked_tool(f"tool_{tool_key}", drawn["tool.shape"], hook.width, hook.length, round(float(tool_x), 2),
                           round(float(tool_z), 2), rotation, drawn["tool.material"])
        actions = _actions(placement, tool, aligned, np.array(ball), room)
        # The feasibility checks see that an aligned or rotated tool reaches out of the lava; one across, here.
        reaches = placement != "across" or _reaches_out(tool, np.array(ball), direction, before)
        if actions is None or not reaches:
            return None
        on_foot = bool(drawn["ball.open_floor"])
        # On open floor the tool is never moved: only where it lies is kept free.
        tool_half, tool_along = _resting_extent(hook, rotation - aligned) if on_foot else layout.extent
        tool_lane = (ball_u - tool_half, ball_v + hook.centre - tool_along, ball_u + tool_half,
                     ball_v + hook.centre + tool_along)
        if on_foot:
            band = _side_band(room, direction, before + 1 + behind, min(tool_lane[0], ball_u - 0.5),
                              max(tool_lane[2], ball_u + 0.5))
            if band is None:
                return None
        else:
            band = _band(room, direction, ball_v, before, behind)
        lava = _cells(band, ball)
        taken = np.array([band, bounds_to_world(tool_lane, direction)])
        if self.start is None:
            start, facing = performer_start(room, taken, rng), float(below(rng, 360))
        elif start_is_clear(room, taken, (self.start[0], self.start[1])):
            start, facing = (float(self.start[0]), float(self.start[1])), float(self.start[2])
        else:
            return None
        scene = self.frame(drawn, (start[0], 0.0, start[1]), [target, tool], target.id, facing=facing, lava=lava)
        truth = {
            "target_id": target.id,
            "ball_on_open_floor": on_foot,
            "tool_ids": [] if on_foot else [tool.id],
            "actions": [] if on_foot else actions,
            "direction": None if on_foot else direction,
            "placement": drawn["tool.placement"],
            "tool": {"type": tool.type, "shape": drawn["tool.shape"], "width": hook.width, "length": hook.length},
        }
        return scene, truth

    def exhausted(self, index: int) -> Exception:
        return GenerationError(f"none of {TURN_ATTEMPTS} draws laid a rotated tool that turns back clear of the "
                               "ball (use a larger tool.hook_gap or a smaller tool.turn), a tool across off the ball "
                               "that turns onto the axis across the pull (use another tool.turn), or left room for "
                               "the fixed ball.cell and performer.start")

    @feasibility
    def _largest_layout_fits(self) -> Iterator[Refusal]:
        """The longest tool reaches out of the most lava, its hook fits behind the ball, and the smallest room holds
        the pull; a rotated tool can turn back."""
        high = {path: self.parameters.high(path) for path in
                ("lava.before", "lava.behind", "tool.width", "tool.hook_gap", "tool.extra_length")}
        length = hook_length(high["lava.before"], high["tool.hook_gap"], high["tool.width"], high["tool.extra_length"])
        if length is None:
            yield "lava.before", (f"{high['lava.before']} cells of lava before the ball leave no hooked tool long "
                                  "enough to reach out of it")
            return
        behind = self.parameters.low("lava.behind")
        if TARGET_BALL_RADIUS + high["tool.hook_gap"] + high["tool.width"] > behind + 0.5:
            yield "lava.behind", (f"{behind} cells behind the ball leave no room for a {high['tool.width']} m hook "
                                  f"{high['tool.hook_gap']} m behind it before the wall")
        low_room = (float(self.parameters.low("room.width")), float(self.parameters.low("room.depth")))
        for shape in self.parameters.support("tool.shape"):
            hook = Hook(length, high["tool.width"], half_across(shape, high["tool.width"], length),
                        high["tool.hook_gap"])
            for direction in self.parameters.support("direction"):
                # Across, every room (11 m at least) holds every tool (9 m at most): only the depth can fail.
                along = _along_across(low_room, direction)[0]
                if depth_needed(high["lava.behind"], high["lava.before"], hook) > along:
                    yield "room", f"{along} m along {direction} leave no floor to pull the tool out onto"
        placements = set(self.parameters.support("tool.placement")) - {"aligned"}
        if placements:
            yield from self._turns(high, low_room, placements)

    def _turns(self, high: Mapping[str, Any], low_room: tuple[float, float],
               placements: set[str]) -> Iterator[Refusal]:
        """Where some rotated tool could not turn between the walls or would leave the performer nothing to take
        hold of, or some tool laid across could not be slid aside and turned."""
        turns = (self.parameters.low("tool.turn"), self.parameters.high("tool.turn"))
        if "rotated" in placements and turns[1] >= 90:
            yield "tool.turn", ("a rotated tool turned a right angle lies along the other axis, where it needs no "
                                "turn or cannot be turned back clear of the ball: turn it less than 90 degrees")
        behind = self.parameters.low("lava.behind")
        lengths = self._tool_lengths()
        # The gap moves the tool's centre along the pull: the widest gap brings its turn nearest the wall behind,
        # the narrowest nearest the wall ahead.
        gaps = (self.parameters.low("tool.hook_gap"), high["tool.hook_gap"])
        for shape, width, length, gap in itertools.product(self.parameters.support("tool.shape"),
                                                           self.parameters.support("tool.width"), lengths, gaps):
            hook = Hook(length, width, half_across(shape, width, length), gap)
            if "rotated" in placements:
                yield from self._turn(f"a rotated {shape} {width} x {length} m tool", shape, hook, turns, behind,
                                      high, low_room)
            if "across" in placements:
                yield from self._across(f"the {shape} {width} x {length} m tool laid across", shape, hook, turns,
                                        behind, high, low_room)

    def _tool_lengths(self) -> list[int]:
        """Every hooked tool length the config's draws can lay, from its shortest hook to its longest."""
        low, high = ({path: bound(path) for path in ("lava.before", "tool.hook_gap", "tool.width", "tool.extra_length")}
                     for bound in (self.parameters.low, self.parameters.high))
        shortest = hook_length(low["lava.before"], low["tool.hook_gap"], low["tool.width"], low["tool.extra_length"])
        longest = hook_length(high["lava.before"], high["tool.hook_gap"], high["tool.width"], high["tool.extra_length"])
        return [value for value in HOOKED_LENGTHS if (shortest or 0) <= value <= (longest or 0)]

    @feasibility
    def _open_floor_leaves_a_walkway(self) -> Iterator[Refusal]:
        """On open floor the tool lies where it is, beside a band of lava along a side wall as deep as the lava,
        with a walkway between: the smallest room leaves the widest tool, however it lies, room there."""
        if True not in self.parameters.support("ball.open_floor"):
            return
        turns = (self.parameters.low("tool.turn"), self.parameters.high("tool.turn"))
        depth = self.parameters.high("lava.before") + 1 + self.parameters.high("lava.behind")
        low_room = (float(self.parameters.low("room.width")), float(self.parameters.low("room.depth")))
        for placement in self.parameters.support("tool.placement"):
            lying = (0.0, 0.0) if placement == "aligned" else turns
            for shape, width, length in itertools.product(self.parameters.support("tool.shape"),
                                                          self.parameters.support("tool.width"), self._tool_lengths()):
                hook = Hook(length, width, half_across(shape, width, length), 0.0)
                widest = max(_widest_lying(hook, lying), 0.5) + WALKWAY  # (the ball's half cell at the least)
                for direction in self.parameters.support("direction"):
                    if _along_across(low_room, direction)[1] / 2 - depth < widest:
                        yield "room", (f"a {low_room[0]} x {low_room[1]} m room leaves the {placement} {shape} "
                                       f"{width} x {length} m tool no room beside a band of lava along the wall, "
                                       "with the ball on open floor")
                        return

    def _across(self, name: str, shape: str, hook: Hook, turns: tuple[float, float], behind: int,
                high: Mapping[str, Any], low_room: tuple[float, float]) -> Iterator[Refusal]:
        for turn in turns:
            tool = _laid_at_origin(shape, hook, turn)
            if _actions("across", tool, HOOK_ROTATIONS["+z"], np.zeros(2), (1e3, 1e3)) is None:
                yield "tool.turn", (f"{name}, turned {turn} degrees, would lie over the ball or could not be turned "
                                    "onto the axis across the pull")
            if not _reaches_out(tool, np.zeros(2), "+z", high["lava.before"]):
                yield "tool.turn", (f"{name}, turned {turn} degrees, reaches less than {TURNED_OUT_OF_LAVA} m out of "
                                    "the lava")
        across_half, along_half = across_extent(hook)
        if along_half - hook.centre > behind + 0.5:
            yield "lava.behind", f"{behind} cells behind the ball leave no room for {name} to turn before the wall"
        for direction in self.parameters.support("direction"):
            along, across = _along_across(low_room, direction)
            if across / 2 < across_half or high["lava.behind"] + 0.5 + hook.centre + along_half > along:
                yield "room", (f"a {low_room[0]} x {low_room[1]} m room leaves no room for {name} to be slid aside "
                               "and turned")

    def _turn(self, name: str, shape: str, hook: Hook, turns: tuple[float, float], behind: int,
              high: Mapping[str, Any], low_room: tuple[float, float]) -> Iterator[Refusal]:
        for turn in turns:
            tool = _laid_at_origin(shape, hook, -turn)
            if not _turns_back_clear(tool, HOOK_ROTATIONS["+z"], np.zeros(2), (1e3, 1e3)):
                yield "tool.hook_gap", (f"{name} with a hook gap of {hook.gap} m, turned {turn} degrees, would come "
                                        "over the ball")
        if max(turned_reach_loss(hook, turn) for turn in turns) > OUT_OF_LAVA - TURNED_OUT_OF_LAVA:
            yield "tool.turn", (f"{name} turned {turns[1]} degrees reaches less than {TURNED_OUT_OF_LAVA} m out of "
                                "the lava")
        across_half, along_half = turn_extent(hook, turns[1])
        if along_half - hook.centre > behind + 0.5:
            yield "lava.behind", f"{behind} cells behind the ball leave no room for {name} to turn before the wall"
        for direction in self.parameters.support("direction"):
            along, across = _along_across(low_room, direction)
            if across / 2 < across_half or high["lava.behind"] + 0.5 + hook.centre + along_half > along:
                yield "room", f"a {low_room[0]} x {low_room[1]} m room leaves no room for {name} to turn in"


@dataclass(frozen=True)
class Layout:
    """A sample's tool in the lane frame, turned ``turn`` degrees, with the half-extents (across, along) it takes,
    and the ball's lane cell."""

    hook: Hook
    turn: float
    extent: tuple[float, float]
    ball_u: int
    ball_v: float


def _along_across(room: tuple[float, float], direction: str) -> tuple[float, float]:
    """The room's size along the pull's axis and across it."""
    return (room[0], room[1]) if direction[1] == "x" else (room[1], room[0])


def _band(room: tuple[float, float], direction: str, ball_v: float, before: int,
          behind: int) -> tuple[float, float, float, float]:
    """Room bounds of the band of lava: across the room, from the wall behind the ball to ``before`` cells past it."""
    half = _along_across(room, direction)[1] / 2
    return bounds_to_world((-half, ball_v - behind - 0.5, half, ball_v + before + 0.5), direction)


def _side_band(room: tuple[float, float], direction: str, depth: int, low_u: float,
               high_u: float) -> tuple[float, float, float, float] | None:
    """Room bounds of an open-floor scene's band, ``depth`` cells deep along the room's whole length by the wall
    to the right of the pull (+u), or to the left where the ball and tool (across ``low_u`` to ``high_u``) leave no
    walkway on the right; None where neither side does."""
    along, across = _along_across(room, direction)
    edge = across / 2 - depth
    if high_u + WALKWAY <= edge:
        return bounds_to_world((edge, -along / 2, across / 2, along / 2), direction)
    if low_u - WALKWAY >= -edge:
        return bounds_to_world((-across / 2, -along / 2, -edge, along / 2), direction)
    return None


def _cells(band: tuple[float, float, float, float], ball: tuple[float, ...]) -> tuple[tuple[int, int], ...]:
    """Every cell of the band but the ball's."""
    x0, z0, x1, z1 = (round(value + inward) for value, inward in zip(band, (0.5, 0.5, -0.5, -0.5), strict=True))
    return pool_cells((x0, z0), (x1, z1), frozenset({(round(ball[0]), round(ball[1]))}))


def _laid_at_origin(shape: str, hook: Hook, turn: float) -> SceneObject:
    """The tool laid about the centre of its pull pose for a pull along +z with the ball at the origin, as
    :meth:`AsymmetricTool.build` lays it, turned ``turn`` degrees the way MCS turns."""
    x, z = to_world(0, hook.centre, "+z")
    return hooked_tool("tool", shape, hook.width, hook.length, round(float(x), 2), round(float(z), 2),
                       (HOOK_ROTATIONS["+z"] + turn) % 360.0, "")


def _actions(placement: str, tool: SceneObject, aligned: float, ball: np.ndarray,
             room: tuple[float, float]) -> list[str] | None:
    """The label's actions for ``tool`` laid as ``placement`` (its pull pose at ``aligned`` degrees): a pull; a turn
    back and a pull; or, for a tool across the ball's side that cannot turn back where it lies, a slide aside (a
    ``push``), a turn and a slide back, then the pull, turned onto the axis across the pull first if it lies off
    it. None where the tool lies over the ball, cannot be turned as its placement wants, or lies in a pull pose."""
    if placement == "aligned":
        return ["pull"]
    on_axis = not (tool.shows[0].rotation[1] - aligned) % 90
    if on_axis and tool.type.startswith("tool_isosceles"):  # in the pull pose of its other arm: not turned at all
        return None
    if _turns_back_clear(tool, aligned, ball, room):
        return ["rotate", "pull"]
    if placement == "rotated" or not _turns_back_clear(tool, tool.shows[0].rotation[1], ball, room, turn=False):
        return None
    if on_axis:
        return ["push", "rotate", "pull"]
    across = (aligned + 90.0) % 360.0
    return ["rotate", "push", "pull"] if _turns_back_clear(tool, across, ball, room) else None


def _reaches_out(tool: SceneObject, ball: np.ndarray, direction: str, before: int) -> bool:
    """Whether some corner of ``tool`` as it lies reaches :data:`TURNED_OUT_OF_LAVA` past the lava's edge ahead of
    the ball (``before`` cells past its cell), where the performer takes hold of it."""
    show = tool.shows[0]
    corners = footprint(tool.type, show.position, show.rotation[1]).corners().reshape(-1, 2)
    ahead = (corners - ball) @ np.array(DIRECTION_VECTORS[direction])
    return bool(ahead.max() >= before + 0.5 + TURNED_OUT_OF_LAVA)


def _resting_extent(hook: Hook, turn: float) -> tuple[float, float]:
    """Half-extents (across, along the pull) of the tool's box turned ``turn`` degrees about its centre."""
    radians = math.radians(turn)
    cos, sin = abs(math.cos(radians)), abs(math.sin(radians))
    along = hook.length / 2
    return hook.half_across * cos + along * sin, hook.half_across * sin + along * cos


def _widest_lying(hook: Hook, turns: tuple[float, float]) -> float:
    """The largest half-extent across the pull of the tool's box turned anywhere from ``turns[0]`` to ``turns[1]``
    degrees (a right angle at most): at an end of the range, or where the box is widest, if that lies between."""
    across, along = hook.half_across, hook.length / 2
    widest_at = math.degrees(math.atan2(along, across))
    if turns[0] <= widest_at <= turns[1]:
        return math.hypot(across, along)
    return max(_resting_extent(hook, turn)[0] for turn in turns)


def _turns_back_clear(tool: SceneObject, aligned: float, ball: np.ndarray, room: tuple[float, float], *,
                      turn: bool = True) -> bool:
    """Whether ``tool`` lies off the ball's footprint (as the scene's overlap check takes it) and, turned back one
    way or the other to ``aligned`` degrees (unless not ``turn``), stays inside the room and off the ball: the rule
    the family's checks hold a rotated tool to (:func:`scenegen.mcs.tools.turning.over_lava`)."""
    show = tool.shows[0]
    resting = footprint(tool.type, show.position, show.rotation[1])
    ball_box = footprint("soccer_ball", (float(ball[0]), 0.0, float(ball[1])), 0.0, (TARGET_BALL_SCALE,) * 3)
    if overlap_matrix(resting, ball_box).any():
        return False
    if not turn:
        return True
    centre = np.array([show.position[0], show.position[2]], dtype=float)
    boxes = footprint(tool.type, show.position, 0.0)
    reach = float(np.hypot(*(boxes.corners().reshape(-1, 2) - centre).T).max())
    start = float(show.rotation[1])
    angle = (aligned - start) % 360.0
    return any(sweep_clear(boxes, centre, reach, start, way, ball, TARGET_BALL_RADIUS, np.array(room) / 2)
               for way in (angle, angle - 360.0))
