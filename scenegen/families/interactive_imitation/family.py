"""The Interactive Imitation family (MCS eval 7): three chests stand in a row; a human agent walks up to one or two of
them and opens them in an order, which lets a placer lower the ball to the floor beyond the row. Then the scene is
reset (EndHabituation): the chests close, the placer holds the ball up again, the agent stands out of the way, and
either nothing else changes, the performer is "kidnapped" to another place, or the row of chests is moved and
turned (its chests keeping their order, side by side). The performer must open the same chests in the same order.
The label is the chests the agent opened, in order (``goal.triggeredByTargetSequence``)."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, ClassVar

import numpy as np

from scenegen.families.interactive_imitation.declaration import CHESTS, DECLARATION
from scenegen.mcs.actions import kidnap, passes
from scenegen.mcs.agent_acts import (
    AGENT_REACH,
    OPEN_ANIMATION,
    OPEN_STEPS,
    OPENS_AFTER,
    TURN_STEPS,
    WALK_ANIMATIONS,
    opening,
    quarter_turn,
)
from scenegen.mcs.evidence import with_id_prefix, without
from scenegen.mcs.forced_choice import PROBES, YIELD
from scenegen.mcs.frame import room_materials
from scenegen.mcs.geometry.catalog import object_size
from scenegen.mcs.geometry.grid import PERFORMER_RADIUS
from scenegen.mcs.model import (
    AgentAction,
    AgentMovement,
    AgentSettings,
    AgentWaypoint,
    Goal,
    MaterialChange,
    Motion,
    OpenClose,
    Scene,
    SceneObject,
    Show,
)
from scenegen.mcs.objects import SOCCER_BALL_SIZE, human_agent, kinematic_structure
from scenegen.mcs.task import McsTask, Refusal, feasibility, rarely_laid_out
from scenegen.mcs.timeline import drop_states
from scenegen.mcs.tracking.props import CYAN, MAGENTA
from scenegen.plugin.family import Evidence

#: Each agent type's outfit, as the evaluation dresses it (``docs/fidelity/interactive_imitation.md``).
OUTFITS = {
    "agent_female_06": AgentSettings(chest=5, skin=0, chest_material=7, eyes=1, feet=3, feet_material=6, hair=3,
                                     hair_material=3, hat_material=-1, hide_hair=True, legs=4, legs_material=1),
    "agent_female_08": AgentSettings(chest=7, skin=0, chest_material=13, eyes=3, feet=1, feet_material=6, hair=1,
                                     hair_material=4, hat_material=-1, legs=8, legs_material=4),
}
CONTAINER_TYPE, CONTAINER_MASS, CONTAINER_FACING = "chest_1", 5.0, -90.0
#: A chest's half width along its row and half depth across it (chest_1 turned to face across the row).
CHEST_HALF_ALONG, CHEST_HALF_ACROSS = object_size(CONTAINER_TYPE)[0] / 2, object_size(CONTAINER_TYPE)[2] / 2
#: How far from a chest's centre anything else keeps its centre: the chest's half diagonal and a body's reach.
CHEST_CLEAR = math.hypot(CHEST_HALF_ALONG, CHEST_HALF_ACROSS) + AGENT_REACH
#: Where the agent starts and stands to open a chest: this far in front of the row (across it).
AGENT_START_OFF, AGENT_STAND_OFF = 1.2, 0.5
#: How far the agent steps aside (toward -z) after its last chest, out of the performer's way.
STEP_ASIDE = 0.15
#: The step the agent starts to open its first chest at (its 0.7 m walk up done), how many steps it takes a metre
#: walking between chests, and how many steps after the last chest opens the reset comes.
FIRST_OPEN_STEP, STEPS_PER_METRE, RESET_AFTER = 18, 27, 33
#: The placer and the ball it holds: how far beyond the near chest along the row, their heights, the placer's scale,
#: and the drop (lowered 0.25 m a step over steps 0-8, let go at 14, the placer rising over 19-27, all counted from
#: the step the agent's last chest opens: they are triggered by it).
PLACER_BEYOND, BALL_Y, PLACER_Y, PLACER_SCALE = 0.6, 2.44, 3.55, (0.05, 1.0, 0.05)
DROP, RELEASE, RISE, SPEED = (0, 8), 14, (19, 27), 0.25
BALL_MASS = 1.0
#: What the goal says and the agent's facing after the reset.
DESCRIPTION = "Open the containers in the correct order for the tiny light black white rubber ball to be placed."
AGENT_RESET_FACING = 180.0
#: The least gap between neighbouring chests (metres).
CHEST_GAP = 0.02
#: How far a kidnap moves the performer at least (metres): plainly elsewhere.
KIDNAP_LEAST = 1.0

Point = tuple[float, float]

#: The demonstration's own record: the agent, the chests opening and the goal's sequence and forced actions.
_DEMONSTRATION = without(with_id_prefix("agent_"), keys=("openClose",),
                         goal=("triggeredByTargetSequence", "action_list"))


def _undemonstrated(document: Mapping[str, Any]) -> Mapping[str, Any]:
    """A scene without what shows the sequence: the demonstration, and the step of the reset that ends it (the
    objects' shows at the reset), which tells how long the agent walked."""
    copy = dict(_DEMONSTRATION(document))
    copy["objects"] = [{**thing, "shows": thing["shows"][:1]} if len(thing.get("shows", ())) > 1 else thing
                       for thing in copy["objects"]]
    return copy


@dataclass(frozen=True)
class Layout:
    #: The chests opened in order (indexes into ``CHESTS``: 0 near, 1 middle, 2 far).
    order: tuple[int, ...]
    #: The chests' places at the start and after the reset (near, middle, far), and their facing after it.
    places: tuple[Point, ...]
    moved: tuple[Point, ...] | None
    moved_facing: float
    placer: Point
    placer_after: Point
    start: Point
    legs: tuple[Point, ...]
    actions: tuple[AgentAction, ...]
    turns: tuple[Motion, ...]
    opens: tuple[int, ...]
    reset: int
    agent_after: Point
    performer_after: tuple[float, float, float]


class InteractiveImitation(McsTask):
    name = "interactive_imitation"
    description = "Interactive Imitation: open the chests the agent opened, in its order, after a reset (MCS eval 7)."
    makes = ("Imitation (Interactive)",)
    about = ("MCS eval 7 Interactive Imitation: a human agent opens one or two of three chests in a row in an order, "
             "and a placer drops the ball; after the reset (chests closed, ball raised, the performer kidnapped "
             "elsewhere or the row moved and turned, or neither) open the same chests in the same order")
    label_about = ("the `sequence` (`near`, `far_near`, ... from the performer's start), its `sequence_ids` (as "
                   "`goal.triggeredByTargetSequence`) and `length`, the `reset` (`stay`, `performer`, "
                   "`containers`), the `agent_id` and the `reset_step`")
    declaration = DECLARATION
    answers = ("sequence",)
    cues = ("length", "reset")
    evidence: ClassVar[Mapping[str, Evidence]] = {"sequence": Evidence(
        "the agent, the chests' opening, the goal's sequence and the reset's step", _undemonstrated)}
    lays_out = "an Interactive Imitation room"
    checks = "scenegen.families.interactive_imitation.checks:imitation_problems"
    ids = 6
    attempts = 100

    def lay_out(self, drawn: Mapping[str, Any], rng: np.random.Generator) -> Layout | None:
        attempt = _attempt(drawn)
        return attempt if isinstance(attempt, Layout) else None

    def build(self, drawn: Mapping[str, Any], layout: Layout, ids: list[str],
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]]:
        ball_id, agent_key, placer_key = ids[0], ids[1], ids[5]
        chests = [_chest(key, drawn, index, layout) for index, key in enumerate(ids[2:5])]  # near, middle, far
        sequence = [chests[index].id for index in layout.order]
        objects = [_ball(ball_id, layout), _agent(agent_key, drawn, layout), *reversed(chests),  # listed far first
                   _placer(placer_key, layout)]
        actions = (*passes(layout.reset - 1), kidnap(*layout.performer_after))
        goal = Goal(category="imitation", last_step=self.last_step, action_list=actions, description=DESCRIPTION,
                    metadata={"target": {"id": ball_id}}, extra={"triggeredByTargetSequence": sequence})
        room = (float(drawn["room.width"]), float(drawn["room.height"]), float(drawn["room.depth"]))
        start = (0.0, 0.0, float(drawn["performer.z"]))
        scene = Scene(room=room, materials=room_materials(drawn), performer_position=start, objects=objects, goal=goal)
        return scene, {"sequence": drawn["sequence"], "sequence_ids": sequence, "length": len(sequence),
                       "reset": drawn["reset.kind"], "agent_id": objects[1].id, "reset_step": layout.reset}

    @feasibility
    def _room(self) -> Iterator[Refusal]:
        """The row, the agent's start and the placer fit the smallest room; the performer starts in front of the
        row; the places of the reset lie inside the room; the chests stand apart."""
        low, high = self.parameters.low, self.parameters.high
        half_width, half_depth = low("room.width") / 2, low("room.depth") / 2
        if low("containers.spacing") < 2 * CHEST_HALF_ALONG + CHEST_GAP:
            yield "containers.spacing", f"chests {low('containers.spacing')} m apart touch each other"
        if high("containers.x") + CHEST_HALF_ACROSS > half_width or \
                low("containers.x") - AGENT_START_OFF - AGENT_REACH < -half_width:
            yield "containers.x", "the row or the agent's start in front of it leaves the room"
        reach = high("containers.spacing") + PLACER_BEYOND + CHEST_HALF_ALONG
        if high("containers.z") + reach > half_depth or low("containers.z") - reach < -half_depth:
            yield "containers.z", "the row or the ball beyond its near end leaves the room"
        near_edge = low("containers.z") - high("containers.spacing") - CHEST_HALF_ALONG
        if low("performer.z") - PERFORMER_RADIUS <= -half_depth or high("performer.z") + PERFORMER_RADIUS >= near_edge:
            yield "performer.z", "the performer does not start inside the room, in front of the near chest"
        for axis, half in (("x", half_width), ("z", half_depth)):
            for what in ("performer", "agent", "containers"):
                path = f"reset.{what}_{axis}"
                margin = reach if what == "containers" else AGENT_REACH
                farthest = max(abs(low(path)), abs(high(path)))
                if farthest + margin > half:
                    yield path, f"a place {farthest} m out leaves the room after the reset"

    @feasibility
    def _layouts_often(self) -> Iterator[Refusal]:
        """Enough draws lay the row, the agent and the places of the reset out apart."""
        rng = np.random.default_rng(0)
        yield from rarely_laid_out((_attempt(self.draw(rng)) for _ in range(PROBES)), YIELD)


def _attempt(drawn: Mapping[str, Any]) -> Layout | Refusal:
    """The layout of a draw, or why it cannot be laid out (the parameter to blame and the reason)."""
    materials = [drawn[f"containers.{name}_material"] for name in CHESTS]
    if len(set(materials)) < len(materials):
        return "containers.near_material", "two chests look alike"
    order = tuple(CHESTS.index(name) for name in drawn["sequence"].split("_"))
    x, z, spacing = float(drawn["containers.x"]), float(drawn["containers.z"]), float(drawn["containers.spacing"])
    places, placer = _row((x, z), 180.0, spacing)
    moved = drawn["reset.kind"] == "containers"
    turn = float(drawn["reset.containers_turn"]) if moved else 0.0
    after, placer_after = _row((drawn["reset.containers_x"], drawn["reset.containers_z"]), 180.0 + turn, spacing) \
        if moved else (places, placer)
    performer_z = float(drawn["performer.z"])
    if math.dist(placer, (0.0, performer_z)) < AGENT_REACH + SOCCER_BALL_SIZE / 2:
        return "containers.x", "the ball would fall on the performer"
    performer = (0.0, performer_z, 0.0)
    if drawn["reset.kind"] == "performer":
        performer = (drawn["reset.performer_x"], drawn["reset.performer_z"], drawn["reset.performer_facing"])
    if drawn["reset.kind"] == "performer" and math.dist(performer[:2], (0.0, performer_z)) < KIDNAP_LEAST:
        return "reset.performer_x", "the kidnap would leave the performer where it starts"
    agent_after = (float(drawn["reset.agent_x"]), float(drawn["reset.agent_z"]))
    if not _clear(after, agent_after):
        return "reset.agent_x", "the agent would stand on a chest after the reset"
    if not _clear(after, performer[:2]) or not _clear(after, (0.0, performer_z)):
        return "reset.performer_x", "the performer would stand on a chest after the reset"
    if math.dist(agent_after, performer[:2]) < 2 * AGENT_REACH:
        return "reset.agent_x", "the agent would stand on the performer after the reset"
    start, legs, actions, turns, opens = _demonstration(places, order, round(x - AGENT_STAND_OFF, 4))
    return Layout(order, places, after if moved else None, (CONTAINER_FACING + turn) % 360, placer, placer_after,
                  start, legs, actions, turns, opens,
                  opens[-1] + RESET_AFTER, agent_after, performer)


def _row(centre: Point, heading: float, spacing: float) -> tuple[tuple[Point, ...], Point]:
    """The places of the near, middle and far chests of a row centred on ``centre`` whose far-to-near direction
    heads ``heading`` degrees (180: toward -z), and the placer's beyond the near chest (to the 0.1 mm)."""
    angle = math.radians(heading)
    direction = (math.sin(angle), math.cos(angle))

    def along(distance: float) -> Point:
        return (round(centre[0] + distance * direction[0], 4), round(centre[1] + distance * direction[1], 4))

    return (along(spacing), along(0.0), along(-spacing)), along(spacing + PLACER_BEYOND)


def _clear(chests: Sequence[Point], place: Sequence[float]) -> bool:
    return all(math.dist(chest, place[:2]) >= CHEST_CLEAR for chest in chests)


def _demonstration(places: Sequence[Point], order: Sequence[int], stand_x: float
                   ) -> tuple[Point, tuple[Point, ...], tuple[AgentAction, ...], tuple[Motion, ...], tuple[int, ...]]:
    """The agent's walk, actions, turns and the steps its chests open: up to the first chest, its jump; to each next
    chest along the row, a quarter turn back to face it, its jump; then a step aside."""
    first = places[order[0]]
    legs, actions, turns = [(stand_x, first[1])], [opening(FIRST_OPEN_STEP)], []
    jump = FIRST_OPEN_STEP
    for previous, chest in pairwise(order):
        distance = places[chest][1] - places[previous][1]
        turn_step = jump + OPEN_STEPS + round(STEPS_PER_METRE * abs(distance))
        action, motion = quarter_turn(turn_step, left=distance < 0)  # walking toward -z faces 180: turn left to 90
        jump = turn_step + TURN_STEPS
        legs.append((stand_x, places[chest][1]))
        actions += [action, opening(jump)]
        turns.append(motion)
    legs.append((stand_x, round(places[order[-1]][1] - STEP_ASIDE, 4)))
    opens = tuple(action.step_begin + OPENS_AFTER for action in actions if action.id == OPEN_ANIMATION)
    start = (round(stand_x - AGENT_START_OFF + AGENT_STAND_OFF, 4), first[1])
    return start, tuple(legs), tuple(actions), tuple(turns), opens


def _agent(key: str, drawn: Mapping[str, Any], layout: Layout) -> SceneObject:
    """The agent: its walk from chest to chest, opening each, then out of the way at the reset."""
    agent = human_agent(key, drawn["agent.type"], *layout.start, 90.0, OUTFITS[drawn["agent.type"]])
    agent.shows = [*agent.shows, Show(_xz0(layout.agent_after), (0.0, AGENT_RESET_FACING, 0.0), None, layout.reset,
                                      "y")]
    agent.actions = layout.actions
    agent.rotates = layout.turns
    agent.agent_movement = AgentMovement(1, tuple(AgentWaypoint(WALK_ANIMATIONS[0], leg) for leg in layout.legs))
    return agent


def _xz0(place: Point) -> tuple[float, float, float]:
    return (place[0], 0.0, place[1])


def _chest(key: str, drawn: Mapping[str, Any], index: int, layout: Layout) -> SceneObject:
    """Chest ``index`` (0 near, 1 middle, 2 far): opened when the agent opens it, closed at the reset, and moved
    there with its row when the row moves."""
    shows = [Show(_xz0(layout.places[index]), (0.0, CONTAINER_FACING, 0.0))]
    if layout.moved is not None:
        shows.append(Show(_xz0(layout.moved[index]), (0.0, layout.moved_facing, 0.0), None, layout.reset, "y"))
    opened = [step for chest, step in zip(layout.order, layout.opens, strict=True) if chest == index]
    return SceneObject(key, CONTAINER_TYPE, shows, materials=[drawn[f"containers.{CHESTS[index]}_material"]],
                       mass=CONTAINER_MASS, salient_materials=["wood"], receptacle=True, openable=True,
                       open_close=[OpenClose(step, True) for step in opened] +
                       ([OpenClose(layout.reset, False)] if opened else []))


def _ball(key: str, layout: Layout) -> SceneObject:
    """The ball the placer holds: lowered and let go once the last chest opens, raised again at the reset."""
    return SceneObject(key, "soccer_ball", [Show((layout.placer[0], BALL_Y, layout.placer[1])),
                                            Show((layout.placer_after[0], BALL_Y, layout.placer_after[1]), scale=None,
                                                 step=layout.reset, rotation_axes="")],
                       materials=[], mass=BALL_MASS, salient_materials=["rubber"], moveable=True, pickupable=True,
                       kinematic=True, triggered_by=True, moves=[Motion(*DROP, (0, -SPEED, 0))],
                       toggle_physics=[RELEASE])


def _placer(key: str, layout: Layout) -> SceneObject:
    """The placer holding the ball: lowered with it, turning Cyan as it lets go, rising; back at the reset."""
    placer = kinematic_structure(f"placer_{key}", "cylinder", (layout.placer[0], PLACER_Y, layout.placer[1]),
                                 PLACER_SCALE, MAGENTA, moves=[Motion(*DROP, (0, -SPEED, 0)),
                                                               Motion(*RISE, (0, SPEED, 0))],
                                 change_materials=[MaterialChange(RELEASE, [CYAN])], states=drop_states(RELEASE),
                                 triggered_by=True)
    placer.shows = [*placer.shows, Show((layout.placer_after[0], PLACER_Y, layout.placer_after[1]), scale=None,
                                        step=layout.reset, rotation_axes="")]
    return placer
