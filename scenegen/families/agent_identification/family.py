"""The Agent Identification family (MCS eval 7): a platform splits the room; a human agent, standing still
breathing or walking a round, holds the ball on one side, and a non-agent (a chair, or a blob that never moves)
stands on the other. The ball is out of sight: the performer must tell the agent by its face and self-propulsion,
step down to its side and ask it for the ball (InteractWithAgent). The label is the agent's side and id."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from scenegen.families.agent_identification.declaration import DECLARATION
from scenegen.mcs.agent_acts import AGENT_REACH, THE_AGENT, round_walk, standing_still
from scenegen.mcs.forced_choice import (
    PLATFORM_WIDTH,
    PROBES,
    YIELD,
    dividing_platform,
    sign_of,
)
from scenegen.mcs.geometry.catalog import footprint, resting_y
from scenegen.mcs.geometry.grid import PERFORMER_RADIUS
from scenegen.mcs.model import AgentMovement, AgentSettings, Scene, SceneObject, Show
from scenegen.mcs.objects import blob, held_ball, human_agent
from scenegen.mcs.task import McsTask, Refusal, feasibility, rarely_laid_out
from scenegen.plugin.family import Evidence

#: Each agent type's outfit, as the evaluation dresses it (``docs/fidelity/agent_identification.md``).
OUTFITS = {
    "agent_male_08": AgentSettings(chest=7, skin=0, chest_material=7, eyes=3, feet=3, feet_material=9, hair=2,
                                   hair_material=1, hat_material=-1, legs=2, legs_material=11),
    "agent_female_07": AgentSettings(chest=9, skin=4, chest_material=4, eyes=0, feet=0, feet_material=7, hair=6,
                                     hair_material=4, hat_material=1, legs=8, legs_material=22),
}
#: The held ball's mass in these scenes: a scale-1 ball's (the navigation scenes write 2.0).
BALL_MASS = 1.0
#: The chair as the evaluation writes it: its mass and salient material.
CHAIR_MASS, CHAIR_SALIENT = 18.0, "metal"
#: The least room left between the non-agent's footprint and the platform or a wall.
CLEARANCE = 0.05

Point = tuple[float, float]


@dataclass(frozen=True)
class Layout:
    side: str
    agent: Point
    walk: AgentMovement | None
    non_agent: Point


class AgentIdentification(McsTask):
    name = "agent_identification"
    description = "Agent Identification: tell the agent from the non-agent and ask it for the ball (MCS eval 7)."
    makes = ("Agent Identification",)
    about = ("MCS eval 7 Agent Identification: a platform splits the room; a human agent holding the ball "
             "(`associatedWithAgent`), standing still breathing or walking a round, is on one side, a chair or a "
             "blob on the other; step down to the agent's side and ask it for the ball (`InteractWithAgent`)")
    label_about = ("the agent's `side` (`left`, `right`) and `agent_id`, `target_id` (the held ball), the "
                   "`non_agent_id` and its `non_agent` type, and whether the agent walks (`agent_walks`)")
    declaration = DECLARATION
    answers = ("side",)
    evidence: ClassVar[Mapping[str, Evidence]] = {"side": THE_AGENT}
    cues = ("non_agent", "agent_walks")
    lays_out = "an Agent Identification room"
    checks = "scenegen.families.agent_identification.checks:agent_identification_problems"
    ids = 4
    attempts = 100

    def lay_out(self, drawn: Mapping[str, Any], rng: np.random.Generator) -> Layout | None:
        attempt = _attempt(drawn, rng)
        return attempt if isinstance(attempt, Layout) else None

    def build(self, drawn: Mapping[str, Any], layout: Layout, ids: list[str],
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]]:
        kind = drawn["agent.type"]
        agent = human_agent(ids[1], kind, *layout.agent, float(drawn["agent.facing"]), OUTFITS[kind])
        if layout.walk is None:
            agent.actions = standing_still()
        agent.agent_movement = layout.walk
        ball = held_ball(ids[0], agent.id, BALL_MASS)
        other = _non_agent(ids[2], drawn, layout.non_agent)
        pair = [agent, other] if drawn["agent.order"] == "before" else [other, agent]
        height = float(drawn["platform.height"])
        platform = dividing_platform(ids[3], float(drawn["room.depth"]), drawn["materials.wall"], height)
        scene = self.frame(drawn, (0.0, height, float(drawn["performer.z"])), [platform, ball, *pair], ball.id,
                           description="Find and pick up the tiny light black white rubber ball.")
        return scene, {"side": layout.side, "agent_id": agent.id, "target_id": ball.id, "non_agent_id": other.id,
                       "non_agent": drawn["non_agent.type"], "agent_walks": layout.walk is not None}

    @feasibility
    def _performer_in_the_room(self) -> Iterator[Refusal]:
        """The performer starts on the platform, inside the smallest room."""
        far = max(abs(self.parameters.low("performer.z")), abs(self.parameters.high("performer.z")))
        if far + PERFORMER_RADIUS > self.parameters.low("room.depth") / 2:
            yield "performer.z", f"a start at z ±{far} lies outside a room {self.parameters.low('room.depth')} m deep"

    @feasibility
    def _agent_on_its_side(self) -> Iterator[Refusal]:
        """The agent's start, and the box of a walking agent's round, keep its body off the platform and the walls
        of the smallest room, its start inside the box."""
        low, high, support = self.parameters.low, self.parameters.high, self.parameters.support
        walks = "walk" in support("agent.behaviour")
        near, far, front, back = (("walk.near", "walk.far", "walk.front", "walk.back") if walks
                                  else ("agent.x", "agent.x", "agent.z", "agent.z"))
        half_width, half_depth = low("room.width") / 2, low("room.depth") / 2
        if low(near) - AGENT_REACH < PLATFORM_WIDTH / 2:
            yield near, f"an agent {low(near)} m from the centre line touches the platform ({AGENT_REACH:.2f} m reach)"
        if high(far) + AGENT_REACH > half_width:
            yield far, f"an agent {high(far)} m from the centre line leaves a room {2 * half_width} m wide"
        if min(low(front), low("agent.z")) - AGENT_REACH < -half_depth:
            yield front, f"an agent at z {min(low(front), low('agent.z'))} leaves a room {2 * half_depth} m deep"
        if max(high(back), high("agent.z")) + AGENT_REACH > half_depth:
            yield back, f"an agent at z {max(high(back), high('agent.z'))} leaves a room {2 * half_depth} m deep"
        if walks and (high(near) >= low(far) or high(front) >= low(back)):
            yield "walk.far", "the walk's box is empty: its near side must be below its far, its front below its back"
        if walks and not (high(near) <= low("agent.x") and high("agent.x") <= low(far)):
            yield "agent.x", "a walking agent's start lies outside its walk's box (walk.near to walk.far)"
        if walks and not (high(front) <= low("agent.z") and high("agent.z") <= low(back)):
            yield "agent.z", "a walking agent's start lies outside its walk's box (walk.front to walk.back)"

    @feasibility
    def _layouts_often(self) -> Iterator[Refusal]:
        """Enough draws put the non-agent clear of the platform and the walls
        (:func:`scenegen.mcs.task.rarely_laid_out`)."""
        rng = np.random.default_rng(0)
        yield from rarely_laid_out((_attempt(self.draw(rng), rng) for _ in range(PROBES)), YIELD)


def _attempt(drawn: Mapping[str, Any], rng: np.random.Generator) -> Layout | Refusal:
    """The layout of a draw, or why it cannot be laid out (the parameter to blame and the reason)."""
    side = drawn["agent.side"]
    sign = sign_of(side)
    agent = (round(sign * drawn["agent.x"], 4), round(float(drawn["agent.z"]), 4))
    non_agent = (round(-sign * drawn["non_agent.x"], 4), round(float(drawn["non_agent.z"]), 4))
    low_x, low_z, high_x, high_z = footprint(*_pose(drawn, non_agent)).total_bounds()
    if (min(abs(low_x), abs(high_x)) < PLATFORM_WIDTH / 2 + CLEARANCE or low_x * high_x < 0
            or max(abs(low_x), abs(high_x)) > drawn["room.width"] / 2 - CLEARANCE
            or max(abs(low_z), abs(high_z)) > drawn["room.depth"] / 2 - CLEARANCE):
        return "non_agent.x", "the non-agent crosses the platform or a wall"
    walk = None
    if drawn["agent.behaviour"] == "walk":
        box = sorted((sign * drawn["walk.near"], sign * drawn["walk.far"]))
        walk = round_walk(rng, agent, (box[0], drawn["walk.front"]), (box[1], drawn["walk.back"]),
                          int(drawn["walk.legs"]))
    return Layout(side, agent, walk, non_agent)


def _pose(drawn: Mapping[str, Any], place: Point) -> tuple[str, tuple[float, float, float], float, float]:
    """The non-agent's type, position, facing and scale."""
    kind = drawn["non_agent.type"]
    scale = round(float(drawn["blob.scale"]), 4) if kind.startswith("blob_") else 1.0
    facing = float(drawn["blob.facing" if kind.startswith("blob_") else "chair.facing"])
    return kind, (place[0], round(resting_y(kind, scale), 4), place[1]), facing, scale


def _non_agent(key: str, drawn: Mapping[str, Any], place: Point) -> SceneObject:
    """The chair or the blob standing on the other side."""
    kind, position, facing, scale = _pose(drawn, place)
    if kind.startswith("blob_"):
        return blob(key, kind, *position, int(facing), scale, drawn["blob.material"])
    return SceneObject(key, kind, [Show(position, (0.0, int(facing), 0.0))], materials=[drawn["chair.material"]],
                       mass=CHAIR_MASS, salient_materials=[CHAIR_SALIENT], moveable=True, receptacle=True)
