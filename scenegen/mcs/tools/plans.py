"""Finding how a tool gets the ball out: optional turns in free space, a sideways slide, then one push or pull.

A plan is a sequence of straight tool moves as :mod:`.lanes` judges them: the tool
may first be turned about its centre to lie along an axis (where the disc it
sweeps is free), then slid sideways along a free lane until its catching part is
in line with the ball, then pushed or pulled straight. The simplest plan (fewest
steps) is the one a scene is labelled with.

Where a tool that may move over lava (a slide rule given) has no such plan, it may
sidestep: turned onto an axis where it lies (if it lies off the axes), slid along
an axis until the disc it sweeps turning is off the ball, turned there, then slid
back into line and moved as above (:mod:`.turning`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from scenegen.mcs.geometry import Boxes, footprint
from scenegen.mcs.tools.floor import ToolFloor, object_boxes, pose_of
from scenegen.mcs.tools.kinds import HOOK_ROTATIONS, tool_kind
from scenegen.mcs.tools.lanes import (
    DIRECTION_VECTORS,
    DIRECTIONS,
    MOVE_KINDS,
    TOLERANCE,
    Move,
    World,
    carry,
    extraction,
    lane_frame,
    lane_point,
    slide_clear,
    turn_clear,
)
from scenegen.mcs.tools.turning import SlideRule, TurnRule

#: The rotations a tool is turned to before a straight move: those that lay it along an axis.
AXIS_ROTATIONS = (0.0, 90.0, 180.0, 270.0)
#: The steps (metres) in which a sidestepping tool is slid aside until it may turn.
SIDESTEP = 0.1
#: Room kept between the ball and the disc a sidestepped tool sweeps turning.
SIDESTEP_MARGIN = 0.05


@dataclass(frozen=True)
class Plan:
    """How ``tool_id`` drives the ball out: ``steps`` in order (a ``rotate`` step, slides and the final move)."""

    tool_id: str
    steps: tuple[Move, ...]

    @property
    def kinds(self) -> list[str]:
        """The kinds of action the plan needs, in the order first needed (``rotate``, ``push``, ``pull``)."""
        return list(dict.fromkeys(step.kind for step in self.steps))

    @property
    def final(self) -> Move:
        """The move that drives the ball out."""
        return self.steps[-1]


#: What a plan's last move must do: the moves (of the kinds asked) that do it from a tool's parts (K, 4) along a
#: direction.
Final = Callable[[np.ndarray, str], Iterator[Move]]


def simplest_plans(tool: Mapping[str, Any], ball: np.ndarray, radius: float, floor: ToolFloor,
                   kinds: Sequence[str] = MOVE_KINDS, may_turn: TurnRule | None = None,
                   may_slide: SlideRule | None = None) -> list[Plan]:
    """The plans with the fewest steps (several may tie) by which the performer, reaching ``tool``, drives the
    ball at ``ball`` (x, z) out of the lava with a final move of ``kinds``; empty when there is none. ``may_turn``
    replaces the rule that a tool turns only where the disc it sweeps is free; with ``may_slide`` too, a tool
    with no other plan may sidestep, slid by that rule (:mod:`.turning`)."""

    def final(parts: np.ndarray, direction: str) -> Iterator[Move]:
        for kind in kinds:
            move = extraction(parts, ball, radius, floor.world, direction, kind)
            if move is not None:
                yield move

    if tool_kind(tool["type"]) is None or not floor.reaches(object_boxes(tool)):
        return []
    lines = ball.reshape(1, 2)
    plans = list(_plans(tool, floor.world, final, lines, may_turn))
    if not plans and may_turn is not None and may_slide is not None:
        plans = list(_sidesteps(tool, floor.world, final, lines, (may_turn, may_slide), (ball, radius)))
    return _fewest(plans)


def carrying_plans(tool: Mapping[str, Any], carried: Mapping[str, Any], floor: ToolFloor) -> list[Plan]:
    """The simplest plans by which the performer, reaching ``tool``, pushes the object ``carried`` (another tool)
    until the performer can reach it."""
    boxes = object_boxes(carried)
    bounds = boxes.bounds()

    def final(parts: np.ndarray, direction: str) -> Iterator[Move]:
        pushed = carry(parts, bounds, floor.world, direction)
        if pushed is not None:
            travel, shift = pushed
            step = np.array(DIRECTION_VECTORS[direction]) * shift
            moved = Boxes(boxes.centre + step, boxes.half, boxes.angle)
            if floor.reaches(moved):
                yield Move("push", direction, travel)

    return _simplest(tool, floor, final, (bounds[:, :2] + bounds[:, 2:]) / 2)


def _simplest(tool: Mapping[str, Any], floor: ToolFloor, final: Final, lines: np.ndarray) -> list[Plan]:
    """The fewest-step plans of ``tool`` that end in a ``final`` move, sliding it in line with ``lines`` first if
    need be (points whose coordinate across the move a part of the tool is brought to)."""
    if tool_kind(tool["type"]) is None or not floor.reaches(object_boxes(tool)):
        return []
    return _fewest(list(_plans(tool, floor.world, final, lines)))


def _fewest(plans: list[Plan]) -> list[Plan]:
    fewest = min((len(plan.steps) for plan in plans), default=0)
    return [plan for plan in plans if len(plan.steps) == fewest]


def _plans(tool: Mapping[str, Any], world: World, final: Final, lines: np.ndarray,
           may_turn: TurnRule | None = None) -> Iterator[Plan]:
    object_type, position, _, _ = pose_of(tool)
    for first, angle in _axis_turns(tool, world, may_turn):
        parts = footprint(object_type, position, angle).bounds()
        for direction in DIRECTIONS:
            yield from _moves(tool["id"], first, parts, world, direction, final, lines)


def _axis_turns(tool: Mapping[str, Any], world: World,
                may_turn: TurnRule | None = None) -> Iterator[tuple[tuple[Move, ...], float]]:
    """(the turn, if any, and the rotation it leaves) for each axis rotation ``tool`` lies at or may be turned to
    where it lies."""
    _, position, rotation, _ = pose_of(tool)
    centre = np.array([position["x"], position["z"]], dtype=float)
    current = float(rotation) % 360.0
    turning_radius = _turning_radius(object_boxes(tool), centre)
    for angle in AXIS_ROTATIONS:
        turned = abs((angle - current + 180.0) % 360.0 - 180.0) > TOLERANCE
        if turned and not (may_turn(tool, angle, world) if may_turn else turn_clear(centre, turning_radius, world)):
            continue
        yield ((Move("rotate", "", (angle - current) % 360.0),) if turned else ()), angle


def _sidesteps(tool: Mapping[str, Any], world: World, final: Final, lines: np.ndarray,
               rules: tuple[TurnRule, SlideRule], ball: tuple[np.ndarray, float]) -> Iterator[Plan]:
    """The plans of a tool that, lying along an axis (turned onto it where it lies, if need be), is slid along
    each axis in :data:`SIDESTEP` steps to the first place where the disc it sweeps turning is off the ball, is
    turned there onto an axis, and then moved as :func:`_moves` moves it."""
    may_turn, may_slide = rules
    object_type, position, _, _ = pose_of(tool)
    centre = np.array([position["x"], position["z"]], dtype=float)
    clearance = _turning_radius(object_boxes(tool), centre) + ball[1] + SIDESTEP_MARGIN
    for first, angle in _axis_turns(tool, world, may_turn):
        parts = footprint(object_type, position, angle).bounds()
        for direction in DIRECTIONS:
            step = np.array(DIRECTION_VECTORS[direction]) * SIDESTEP
            shift = step
            while may_slide(parts, shift, world) and np.hypot(*(centre + shift - ball[0])) < clearance:
                shift = shift + step
            moved = {**tool, "shows": [{**tool["shows"][0], "position": {
                **position, "x": float(centre[0] + shift[0]), "z": float(centre[1] + shift[1])},
                "rotation": {"x": 0, "y": angle, "z": 0}}]}
            if not may_slide(parts, shift, world):
                continue
            aside = Move("push", direction, float(np.hypot(*shift)))
            for steps, end in _axis_turns(moved, world, may_turn):
                if steps:
                    moved_parts = footprint(object_type, moved["shows"][0]["position"], end).bounds()
                    for way in DIRECTIONS:
                        yield from _moves(tool["id"], (*first, aside, *steps), moved_parts, world, way, final, lines,
                                          may_slide)


def _moves(tool_id: str, first: tuple[Move, ...], parts: np.ndarray, world: World, direction: str, final: Final,
           lines: np.ndarray, may_slide: SlideRule | None = None) -> Iterator[Plan]:
    """The plans ending with a ``final`` move along ``direction``: as the tool lies, or slid sideways first (over
    free floor, or as ``may_slide`` lets it)."""
    direct = [Plan(tool_id, (*first, move)) for move in final(parts, direction)]
    if direct:
        yield from direct
        return
    across = 1 if direction[1] == "x" else 0
    centres = (parts[:, across] + parts[:, across + 2]) / 2
    for centre in centres.tolist():
        for line in lines[:, across].tolist():
            shift = np.zeros(2)
            shift[across] = line - centre
            if abs(shift[across]) <= TOLERANCE or not (may_slide or slide_clear)(parts, shift, world):
                continue
            sign = "+" if shift[across] > 0 else "-"
            slide = Move("push", sign + "xz"[across], float(abs(shift[across])))
            for move in final(parts + np.tile(shift, 2), direction):
                yield Plan(tool_id, (*first, slide, move))


def _turning_radius(boxes: Any, centre: np.ndarray) -> float:
    """Radius of the disc a footprint sweeps turning about ``centre``."""
    corners = boxes.corners().reshape(-1, 2)
    return float(np.hypot(*(corners - centre).T).max())


def extracting_plans(objects: Sequence[Mapping[str, Any]], ball: np.ndarray, radius: float, floor: ToolFloor,
                     kinds: Sequence[str] = MOVE_KINDS, may_turn: TurnRule | None = None,
                     may_slide: SlideRule | None = None) -> list[Plan]:
    """The simplest plans, over every tool in ``objects``, that drive the ball out with a final move of ``kinds``
    (tools turned by ``may_turn`` and slid by ``may_slide``, when given: see :func:`simplest_plans`)."""
    return _fewest([plan for item in objects if tool_kind(item["type"])
                    for plan in simplest_plans(item, ball, radius, floor, kinds, may_turn, may_slide)])


#: How far behind the ball a hook is laid to pull it (``docs/mcs_facts.md`` 10.7).
PULL_GAP = 0.05


def pull_directions(tool_type: str, ball: np.ndarray, radius: float, world: World) -> list[str]:
    """The ways an L-shaped tool of ``tool_type`` pulls the ball out once laid in its :func:`pull_pose` (how the
    tool gets there is not replayed: the performer takes it over free floor and slides it in)."""
    found = []
    for direction in DIRECTIONS:
        parts = pull_pose(tool_type, ball, radius, direction)
        inside = np.all(np.abs(parts[:, :2]) <= world.half_room + TOLERANCE) and np.all(
            np.abs(parts[:, 2:]) <= world.half_room + TOLERANCE)
        if inside and extraction(parts, ball, radius, world, direction, "pull") is not None:
            found.append(direction)
    return found


def pull_pose(tool_type: str, ball: np.ndarray, radius: float, direction: str) -> np.ndarray:
    """The parts' bounds (K, 4) of an L-shaped tool laid to pull the ball along ``direction``: along the pull, its
    hook ``PULL_GAP`` behind the ball, the ball in the corner the two arms make."""
    local = footprint(tool_type, (0.0, 0.0, 0.0), HOOK_ROTATIONS[direction]).bounds()
    lane = lane_frame(local, direction)
    hook = lane[int(np.argmin(lane[:, 3]))]  # the short arm: its face is nearest the far end
    arm = lane[int(np.argmax(lane[:, 3]))]
    # The ball in the corner of the L, half an arm's width (and clear by PULL_GAP) from the long arm.
    pocket = max(float(arm[2] - arm[0]) / 2, radius + PULL_GAP)
    inner = hook[0] + pocket if arm[2] <= hook[0] + TOLERANCE else hook[2] - pocket
    ball_u, ball_v = lane_point(ball, direction)
    du, dv = ball_u - inner, ball_v - radius - PULL_GAP - hook[3]
    return local + np.tile(np.array(_lane_vector(du, dv, direction)), 2)


def _lane_vector(du: float, dv: float, direction: str) -> tuple[float, float]:
    """A lane-frame displacement (across, along) as a room displacement (x, z)."""
    sign = 1.0 if direction[0] == "+" else -1.0
    return (dv * sign, du) if direction[1] == "x" else (du, dv * sign)
