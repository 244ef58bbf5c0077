"""The Knowledgeable Agents family (MCS eval 7): the performer starts on a platform along the front wall; a
dividing platform runs from it to a far platform near the back wall, the ball on it, and a container stands on the
floor each side. One agent stands on the far platform, the other in the pit before it, one each side. Both turn
round: one ends facing the containers (it will see the hiding), the other facing away. A notched occluder comes
down, two placers come down one after the other and carry the ball (or, the decoy, nothing) into a container each,
lids go on, the occluder rises, and each agent turns to point at a container: the knowledgeable one at the ball's,
the ignorant one at either. The label is the ball's container, which the knowledgeable agent points at.

The evaluation writes a second kind of scene, both agents ending the first turn facing the containers yet pointing
at different ones, whose answer the JSON does not decide; it is never made here (``docs/fidelity/
knowledgeable_agents.md``)."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from scenegen.families.knowledgeable_agents.declaration import DECLARATION
from scenegen.families.knowledgeable_agents.scenery import (
    CONTAINER_FLOOR,
    OCCLUDER_AHEAD,
    OCCLUDER_TOP,
    PLATFORM_DEPTH,
    PLATFORM_HEIGHT,
    carrying_placer,
    containers_and_lids,
    far_platform_z,
    notched_occluder,
    platforms,
    the_ball,
)
from scenegen.mcs.actions import passes
from scenegen.mcs.agent_acts import AGENT_REACH, POINT_LOW, POINT_STEPS, pointing, turn_to
from scenegen.mcs.evidence import either, of_type, with_id_prefix, without
from scenegen.mcs.forced_choice import PLATFORM_WIDTH, PROBES, SIDES, YIELD, other_side, sign_of
from scenegen.mcs.model import AgentSettings, Motion, Scene, SceneObject
from scenegen.mcs.objects import SOCCER_BALL_SIZE, human_agent
from scenegen.mcs.task import McsTask, Refusal, feasibility, rarely_laid_out
from scenegen.plugin.family import Evidence

#: Each agent type's outfit, as the evaluation dresses it; the male writes no chestMaterial.
OUTFITS = {
    "agent_male_07": AgentSettings(chest=7, skin=4, chest_material=None, eyes=3, feet=3, feet_material=6, hair=1,
                                   hair_material=4, hat_material=-1, legs=6, legs_material=12),
    "agent_female_03": AgentSettings(chest=5, skin=12, chest_material=4, eyes=1, feet=1, feet_material=2, hair=9,
                                     hair_material=0, hat_material=0, legs=2, legs_material=5),
}
#: The first turn: the steps of its ``rotates`` (the simulator plays from step 1, so 36 steps) and its speed; the
#: left agent turns by minus this, the right one by plus.
ABOUT_TURN, ABOUT_SPEED = (0, 36), 5
#: Facing the containers (toward the performer, -z) and facing away (+z), as the evaluation writes the start of an
#: agent that turns to face them and of one that turns away.
TOWARD, AWAY = 180, 360
#: The steps the two placers start down at, and the step the agents start to turn to point (the occluder is up).
PLACER_STARTS, POINT_TURN = (53, 101), 216
#: How far above what it stands on an agent is written.
STAND_GAP = 0.01
#: The least room left between two things that must not touch.
CLEARANCE = 0.05
#: How near a pointing agent's heading its container lies, at most, and how much farther off the other lies, at least
#: (degrees): the evaluation aims an agent in the pit from the far platform's z, up to 15.3 degrees off.
AIM_TOLERANCE, AIM_SEPARATION = 20.0, 30.0

#: Which agent faces the containers while the placers move, where the ball goes and where each agent points: the
#: task itself, which the shortcut probe leaves out (the agents, the ball and its placers).
THE_HIDING = Evidence("the agents, the ball and the placers (who sees where the ball goes, and where each points)",
                      without(either(with_id_prefix("agent_"), with_id_prefix("placer_"), of_type("soccer_ball"))))


@dataclass(frozen=True)
class AgentPlan:
    """One agent: its type, where it stands (x, y, z), which side and place, its start facing, whether it sees
    the hiding, the side of the container it points at, its turn to point and the step it points at."""

    agent_type: str
    place: tuple[float, float, float]
    side: str
    where: str
    start: int
    knows: bool
    aims: str
    turn: Motion
    point_step: int


@dataclass(frozen=True)
class Layout:
    agents: tuple[AgentPlan, AgentPlan]
    #: The step each placer starts: the ball's and the decoy's.
    carrier: int
    decoy: int


class KnowledgeableAgents(McsTask):
    name = "knowledgeable_agents"
    description = ("Knowledgeable Agents: follow the point of the agent who faced the containers while the ball was "
                   "hidden (MCS eval 7).")
    makes = ("Knowledgeable Agents",)
    about = ("MCS eval 7 Knowledgeable Agents: two agents turn round, one ending facing the containers and one "
             "facing away; behind a notched occluder a placer carries the ball into one container while a decoy "
             "feigns it; lids go on, the occluder rises, each agent points at a container")
    label_about = ("the `container` side (`left`, `right`) and `container_id` of the ball's container, which the "
                   "knowledgeable agent points at; its `knower_id`, `knower_side`, `knower_place` (`platform`, "
                   "`pit`) and `knower_type`; the `ignorant_id` and whether it points at the `same` container or "
                   "the `other` (`ignorant_points`); which placer carries the ball (`ball_placer`); the `point_steps`")
    declaration = DECLARATION
    answers = ("container",)
    evidence: ClassVar[Mapping[str, Evidence]] = {"container": THE_HIDING}
    cues = ("knower_side", "knower_place", "knower_type", "ignorant_points", "ball_placer")
    lays_out = "a Knowledgeable Agents room"
    checks = "scenegen.families.knowledgeable_agents.checks:knowledgeable_agents_problems"
    ids = 17
    attempts = 100

    def lay_out(self, drawn: Mapping[str, Any], rng: np.random.Generator) -> Layout | None:
        attempt = _attempt(drawn)
        return attempt if isinstance(attempt, Layout) else None

    def build(self, drawn: Mapping[str, Any], layout: Layout, ids: list[str],
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]]:
        ball_side = drawn["ball.side"]
        boxes, lids, lid_placers = containers_and_lids(ids[1:7], drawn)
        across = {side: sign_of(side) * float(drawn["containers.x"]) for side in SIDES}
        ball = the_ball(ids[0], drawn, layout.carrier, across[ball_side])
        placers = sorted(((layout.carrier, across[ball_side], ids[12]), (layout.decoy, across[other_side(ball_side)],
                                                                         ids[13])))
        agents = [self._agent(key, plan) for key, plan in zip(ids[15:17], layout.agents, strict=True)]
        objects = [ball, *boxes, *lids, *lid_placers, *platforms(ids[7:12], drawn),
                   *(carrying_placer(f"placer_{key}", drawn, start, x) for start, x, key in placers),
                   *notched_occluder(ids[14], drawn), *agents]
        last = max(plan.point_step for plan in layout.agents) + POINT_STEPS
        front = -float(drawn["room.depth"]) / 2 + PLATFORM_DEPTH / 2
        scene = self.frame(drawn, (0.0, PLATFORM_HEIGHT, front), objects, ball.id, actions=passes(last),
                           description="Find and pick up the tiny light black white rubber ball.")
        knower = next(k for k, plan in enumerate(layout.agents) if plan.knows)
        return scene, self._truth(drawn, layout, boxes[SIDES.index(ball_side)].id, agents, knower)

    @staticmethod
    def _agent(key: str, plan: AgentPlan) -> SceneObject:
        """An agent turning round from step 0, then turning to point at its container, and pointing."""
        x, y, z = plan.place
        agent = human_agent(key, plan.agent_type, x, z, plan.start, OUTFITS[plan.agent_type], y=y)
        agent.rotates = [Motion(*ABOUT_TURN, (0.0, sign_of(plan.side) * ABOUT_SPEED, 0.0)), plan.turn]
        agent.actions = pointing(plan.point_step, POINT_LOW)
        return agent

    @staticmethod
    def _truth(drawn: Mapping[str, Any], layout: Layout, container_id: str, agents: list[SceneObject],
               knower: int) -> dict[str, Any]:
        plan, ignorant = layout.agents[knower], layout.agents[1 - knower]
        return {
            "container": drawn["ball.side"], "container_id": container_id,
            "knower_id": agents[knower].id, "knower_side": plan.side, "knower_place": plan.where,
            "knower_type": plan.agent_type, "ignorant_id": agents[1 - knower].id,
            "ignorant_points": "same" if ignorant.aims == plan.aims else "other",
            "ball_placer": drawn["ball.placer"], "point_steps": [item.point_step for item in layout.agents],
        }

    @feasibility
    def _room(self) -> Iterator[Refusal]:
        """The containers stand clear of the dividing platform and the walls, between the occluder and the pit;
        the agents stand clear of the dividing platform and the walls, the pit's in front of the far platform and
        behind the containers."""
        low, high = self.parameters.low, self.parameters.high
        half = high("containers.scale") / 2
        if low("containers.scale") < SOCCER_BALL_SIZE + 2 * CLEARANCE:
            yield "containers.scale", f"a container {low('containers.scale')} m across is too small for the ball"
        if low("containers.x") - half < PLATFORM_WIDTH / 2 + CLEARANCE:
            yield "containers.x", f"a container {low('containers.x')} m out touches the dividing platform"
        if high("containers.x") + half > low("room.width") / 2 - CLEARANCE:
            yield "containers.x", f"a container {high('containers.x')} m out leaves a room {low('room.width')} m wide"
        for key in ("agents.left_x", "agents.right_x"):
            if low(key) - AGENT_REACH < PLATFORM_WIDTH / 2 + CLEARANCE:
                yield key, f"an agent {low(key)} m out touches the dividing platform"
            if high(key) + AGENT_REACH > low("room.width") / 2 - CLEARANCE:
                yield key, f"an agent {high(key)} m out leaves a room {low('room.width')} m wide"
        if high("agents.pit_z") + AGENT_REACH > far_platform_z(low("room.depth")) - PLATFORM_DEPTH / 2 - CLEARANCE:
            yield "agents.pit_z", f"an agent in the pit at z {high('agents.pit_z')} touches the far platform"
        if low("agents.pit_z") - AGENT_REACH < high("containers.z") + high("containers.scale") / 2 + CLEARANCE:
            yield "agents.pit_z", f"an agent in the pit at z {low('agents.pit_z')} is not behind the containers"
        if half > OCCLUDER_AHEAD - CLEARANCE:
            yield "containers.scale", (f"containers {2 * half} m across reach the occluder {OCCLUDER_AHEAD} m "
                                       "before them")
        if low("room.height") < OCCLUDER_TOP:
            yield "room.height", (f"the raised occluder reaches {OCCLUDER_TOP} m, above a room "
                                  f"{low('room.height')} m high")

    @feasibility
    def _layouts_often(self) -> Iterator[Refusal]:
        """Enough draws lay the agents out where the container each points at is plain
        (:func:`scenegen.mcs.task.rarely_laid_out`)."""
        rng = np.random.default_rng(0)
        yield from rarely_laid_out((_attempt(self.draw(rng)) for _ in range(PROBES)), YIELD)


def _attempt(drawn: Mapping[str, Any]) -> Layout | Refusal:
    """The layout of a draw, or why it cannot be laid out (the parameter to blame and the reason)."""
    knower_side, ball_side = drawn["knower.side"], drawn["ball.side"]
    ignorant_aim = ball_side if drawn["ignorant.points"] == "same" else other_side(ball_side)
    left_type = drawn["agents.left_type"]
    types = {"left": left_type, "right": next(kind for kind in OUTFITS if kind != left_type)}
    places = {knower_side: drawn["knower.place"],
              other_side(knower_side): "pit" if drawn["knower.place"] == "platform" else "platform"}
    left, right = (_plan(drawn, side, types[side], places[side], side == knower_side,
                         ball_side if side == knower_side else ignorant_aim) for side in SIDES)
    if left is None or right is None:
        return "containers.x", "from an agent's place the container it points at is not plainly the nearer"
    carrier, decoy = PLACER_STARTS if drawn["ball.placer"] == "first" else PLACER_STARTS[::-1]
    return Layout((left, right), carrier, decoy)


def _plan(drawn: Mapping[str, Any], side: str, agent_type: str, where: str, knows: bool,
          aims: str) -> AgentPlan | None:
    """The agent on ``side``: it ends its first turn facing the containers if it ``knows`` (from a start facing
    away), else facing away; from :data:`POINT_TURN` it turns to ``aims``'s container (aimed from its own place, or
    from the far platform's z as the evaluation aims) and points. None: that container would not be plain."""
    spot = _spot(drawn, side, where)
    origin = (spot[0], far_platform_z(float(drawn["room.depth"]))) if drawn["agents.aim_from"] == "platform" \
        else (spot[0], spot[2])
    hiding = TOWARD if knows else 0
    turn, point = turn_to(POINT_TURN, hiding, _bearing(origin, _container_at(drawn, aims)))
    heading = hiding + turn.vector[1] * (turn.step_end - turn.step_begin + 1)
    if not _plain(drawn, (spot[0], spot[2]), heading, aims):
        return None
    return AgentPlan(agent_type, spot, side, where, AWAY if knows else TOWARD, knows, aims, turn, point)


def _spot(drawn: Mapping[str, Any], side: str, where: str) -> tuple[float, float, float]:
    """Where an agent on ``side`` stands (x, y, z): on the far platform, or in the pit."""
    x = round(sign_of(side) * float(drawn[f"agents.{side}_x"]), 4)
    if where == "platform":
        return x, PLATFORM_HEIGHT + STAND_GAP, far_platform_z(float(drawn["room.depth"]))
    return x, CONTAINER_FLOOR + STAND_GAP, round(float(drawn["agents.pit_z"]), 4)


def _container_at(drawn: Mapping[str, Any], side: str) -> tuple[float, float]:
    return sign_of(side) * float(drawn["containers.x"]), float(drawn["containers.z"])


def _bearing(origin: tuple[float, float], to: tuple[float, float]) -> float:
    """Degrees from +z toward +x."""
    return math.degrees(math.atan2(to[0] - origin[0], to[1] - origin[1]))


def _plain(drawn: Mapping[str, Any], place: tuple[float, float], heading: float, aims: str) -> bool:
    """Whether ``heading`` from ``place`` plainly points at ``aims``'s container: within :data:`AIM_TOLERANCE` of
    it and :data:`AIM_SEPARATION` nearer it than the other."""
    off = {side: abs((_bearing(place, _container_at(drawn, side)) - heading + 180) % 360 - 180) for side in SIDES}
    return off[aims] <= AIM_TOLERANCE and off[other_side(aims)] - off[aims] >= AIM_SEPARATION
