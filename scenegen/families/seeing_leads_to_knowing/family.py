"""The Seeing Leads to Knowing (passive) family (MCS eval 6): four cups, a man who sees two of them, a ball let into
one; each sample is a pair of scenes alike until the man walks from the middle to a cup, one where he walks where
what he saw says the ball is (expected) and one where he does not (unexpected).

The model (``docs/fidelity/seeing_leads_to_knowing.md``): the man faces the way he walked in, so he sees the two
cups across the middle from his start and not the two behind him. He knows where the ball is if it falls into a
cup he sees (he must go to that one); if not, it is in one of the two behind him (he must go to one of those). The
ball is carried down by script (kinematic) into its cup and only then let go, so the simulator decides nothing but
its settling inside the cup.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

import numpy as np

from scenegen.families.seeing_leads_to_knowing.declaration import DECLARATION
from scenegen.mcs.actions import passes
from scenegen.mcs.evidence import without
from scenegen.mcs.frame import room_materials
from scenegen.mcs.materials import salient
from scenegen.mcs.model import (
    AgentAction,
    AgentMovement,
    AgentSettings,
    AgentWaypoint,
    Goal,
    MaterialChange,
    Motion,
    Scene,
    SceneObject,
    Show,
)
from scenegen.mcs.objects import HUMAN_AGENT_SIZE, human_agent, kinematic_structure, object_id, platform
from scenegen.mcs.task import McsTask, Refusal, feasibility
from scenegen.mcs.timeline import RISE_WAIT, SPEED, drop_states
from scenegen.mcs.tracking.props import CYAN, MAGENTA
from scenegen.plugin.family import Evidence, Sample
from scenegen.plugin.outputs import RATED_PAIRS

#: What tells the two scenes of a pair apart, which the shortcut probe leaves out: where the man walks.
THE_EVENT = Evidence("the man's walk (agentMovement: the cup he walks to)", without(keys=("agentMovement",)))
#: The unexpected walks: past the ball he saw into another cup, or to a cup he sees although the ball fell behind.
UNEXPECTED = ("ignored_what_it_saw", "knew_what_it_did_not_see")

#: The evaluation's cup, ball and man (docs/fidelity/seeing_leads_to_knowing.md): the cup_6 model's width at scale
#: 1, the cups' mass per unit of scale volume (4.875 at 3 x 3.75 x 3), the ball's scale (its mass too) and the height
#: its centre is let go at, inside its cup.
CUP_TYPE, CUP_WIDTH, CUP_MASS_PER_SCALE = "cup_6_static", 0.106, 4.875 / 33.75
BALL_SCALE, BALL_SIZE, BALL_LOW = 0.85, 0.22, 0.374
AGENT_TYPE = "agent_male_08"
OUTFIT = AgentSettings(chest=7, skin=4, chest_material=7, eyes=0, feet=3, feet_material=8, hair=0, hair_material=3,
                       hat_material=-1, hide_hair=True, legs=3, legs_material=4)
#: The placers: a cylinder of this scale coming down DESCENT steps at SPEED, letting go RELEASE_WAIT steps after.
PLACER_SCALE, DESCENT, RELEASE_WAIT = (0.05, 1.475, 0.05), 12, 4
#: The performer's eye above its platform's floor (1.762 on the 1 m platform) and its look down (degrees).
PERFORMER_Y, PERFORMER_PITCH = 1.762, 30.0
PLATFORM_MATERIAL = "Custom/Materials/Grey"
#: The man's half width: the room he needs between the cups to walk into the middle.
AGENT_RADIUS = HUMAN_AGENT_SIZE[0] / 2

Point = tuple[float, float]


@dataclass(frozen=True)
class Layout:
    """The cups' places (ahead of the man first, as he stands in the middle), the one the ball falls into, the
    man's start and heading along x, the cup the expected man walks to and the one the unexpected man does, and
    how the unexpected one breaks the rule."""

    cups: tuple[Point, ...]
    ball: int
    heading: float
    expected: int
    unexpected: int
    event: str


def cup_places(drawn: Mapping[str, Any]) -> tuple[Point, ...]:
    """The four cups, in the order the evaluation lists them: right-ahead, right-behind, left-behind, left-ahead
    (as the performer sees them)."""
    x, z = float(drawn["cups.x"]), float(drawn["cups.z"])
    return (x, z), (x, -z), (-x, -z), (-x, z)


def in_view(cups: Sequence[Point], heading: float) -> list[int]:
    """The cups a man in the middle facing ``heading`` (+1: +x) sees: those on his side ahead."""
    return [index for index, (x, _) in enumerate(cups) if x * heading > 0]


class SeeingLeadsToKnowing(McsTask):
    name = "seeing_leads_to_knowing"
    description = ("Seeing Leads to Knowing (passive): a man who saw where the ball fell walks to its cup, one who "
                   "did not to a cup behind him; pairs of scenes (MCS eval 6).")
    makes = ("Seeing Leads to Knowing (Passive)",)
    about = ("MCS eval 6 Seeing Leads to Knowing (passive): four cups, a man in the middle facing two of them, a "
             "ball let into one by one of four placers, then the man walks to a cup. Always pairs (`_a.json`, "
             "`_b.json`): the expected scene (he walks to the ball's cup if he saw it fall, to one behind him if "
             "not) and the unexpected one")
    label_about = ("per document: its `kind` (`expected`, `unexpected`), `rated_higher`, what breaks the rule "
                   "(`event`: `none`, `ignored_what_it_saw`, `knew_what_it_did_not_see`), `ball_seen`, the "
                   "`ball_cup` and `approached` cup ids and the `agent_id`; `pair`: each file's kind, the file to "
                   "rate higher, the task, what `differs` and the step it differs from")
    declaration = DECLARATION
    pairing = RATED_PAIRS
    answers = ("kind",)
    evidence: ClassVar[Mapping[str, Evidence]] = {"kind": THE_EVENT}
    lays_out = "a Seeing Leads to Knowing scene"
    checks = "scenegen.families.seeing_leads_to_knowing.checks:seeing_leads_to_knowing_problems"
    ids = 11
    attempts = 1

    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> Layout:
        heading = 1.0 if drawn["agent.side"] == "left" else -1.0
        cups = cup_places(drawn)
        ahead = in_view(cups, heading)
        behind = [index for index in range(4) if index not in ahead]
        share = float(drawn["ball.in_view"])
        if rng.random() < share:  # he sees it fall: the expected man goes there
            ball = int(rng.choice(ahead))
            # Behind him in (1 - share) / share of these: the cup he walks to is then ahead as often in either scene.
            wrong = behind if rng.random() < (1 - share) / share else [index for index in ahead if index != ball]
            return Layout(cups, ball, heading, ball, int(rng.choice(wrong)), UNEXPECTED[0])
        return Layout(cups, int(rng.choice(behind)), heading, int(rng.choice(behind)), int(rng.choice(ahead)),
                      UNEXPECTED[1])

    def compose(self, drawn: dict[str, Any], layout: Layout, ids: list[str], rng: np.random.Generator) -> Sample:
        order = ("expected", "unexpected") if rng.integers(2) else ("unexpected", "expected")
        files = dict(zip(("a", "b"), order, strict=True))
        walks = {"expected": layout.expected, "unexpected": layout.unexpected}
        documents = {suffix: self._scene(drawn, layout, ids, walks[kind]) for suffix, kind in files.items()}
        higher = next(suffix for suffix, kind in files.items() if kind == "expected")
        cup_ids = ids[2:6]
        common = {"task": self.name, "agent_id": f"agent_{ids[1]}", "ball_cup": cup_ids[layout.ball],
                  "ball_seen": layout.event == UNEXPECTED[0]}
        truth = {suffix: {"kind": kind, "rated_higher": suffix == higher, **common,
                          "approached": cup_ids[walks[kind]], "event": "none" if kind == "expected" else layout.event}
                 for suffix, kind in files.items()}
        pair = {"id": object_id(rng, "pair_"), **files, "higher": higher, "task": self.name,
                "differs": layout.event, "differs_from": sets_off(drawn)}
        return Sample(documents=documents, params=drawn, truth=truth, pair=pair)

    def _scene(self, drawn: Mapping[str, Any], layout: Layout, ids: list[str], walk: int) -> Scene:
        """One scene of the pair: the man walks to cup ``walk``."""
        start = int(drawn["placers.start"])
        released = start + DESCENT - 1 + RELEASE_WAIT
        width, height = float(drawn["cups.width"]), float(drawn["cups.height"])
        cups = [_cup(key, place, width, height, drawn["cups.material"]) for key, place in zip(ids[2:6], layout.cups,
                                                                                               strict=True)]
        placers = [_placer(key, place, start, released) for key, place in zip(ids[6:10], layout.cups, strict=True)]
        objects = [_ball(ids[0], layout.cups[layout.ball], start, released),
                   _agent(ids[1], drawn, layout, walk), *cups, *placers,
                   platform(ids[10], 0.0, float(drawn["performer.z"]), PLATFORM_MATERIAL)]
        room = (float(drawn["room.width"]), float(drawn["room.height"]), float(drawn["room.depth"]))
        goal = Goal(category="passive", last_step=self.last_step, action_list=passes(self.last_step),
                    description="", metadata={"target": {"id": ids[0]}})
        return Scene(room=room, materials=room_materials(drawn), performer_rotation=(PERFORMER_PITCH, 0.0, 0.0),
                     performer_position=(0.0, PERFORMER_Y, float(drawn["performer.z"])), objects=objects, goal=goal)

    # --- what cannot be laid out ------------------------------------------------------------

    @feasibility
    def _the_man_walks_between_the_cups(self) -> Iterator[Refusal]:
        """The man walks in along z 0 between the cups, and starts clear of them."""
        half = max(self.parameters.support("cups.width")) * CUP_WIDTH / 2
        if min(self.parameters.support("cups.z")) - half < AGENT_RADIUS:
            yield "cups.z", "the cups stand too close to the middle for the man to walk in between them"
        if min(self.parameters.support("agent.start")) - AGENT_RADIUS <= max(self.parameters.support("cups.x")) + half:
            yield "agent.start", "the man would start among the cups"

    @feasibility
    def _in_the_room(self) -> Iterator[Refusal]:
        """The man starts inside the room, the cups stand in it and the performer's platform stands before them."""
        if max(self.parameters.support("agent.start")) + AGENT_RADIUS >= min(self.parameters.support("room.width")) / 2:
            yield "agent.start", "the man would start outside the room"
        reach = max(self.parameters.support("cups.z")) + max(self.parameters.support("cups.width")) * CUP_WIDTH / 2
        if reach >= min(self.parameters.support("room.depth")) / 2:
            yield "cups.z", f"a cup reaching {reach:g} m from the middle leaves the room"
        front = min(self.parameters.support("performer.z"))
        if front - 0.5 <= -min(self.parameters.support("room.depth")) / 2 or \
                max(self.parameters.support("performer.z")) + 0.5 >= -reach:
            yield "performer.z", "the performer's platform must stand in the room, before the cups"

    @feasibility
    def _over_by_the_last_step(self) -> Iterator[Refusal]:
        """The placers are back up and the man sets off from the middle before the last step."""
        start = max(self.parameters.support("placers.start"))
        end = max(start + DESCENT - 1 + RELEASE_WAIT + RISE_WAIT + DESCENT - 1,
                  start + max(self.parameters.support("agent.waits")) + 2)
        if end >= self.last_step:
            yield "placers.start", (f"placers setting off at step {start} are not done before last_step "
                                    f"{self.last_step}")


def sets_off(drawn: Mapping[str, Any]) -> int:
    """The step the man leaves the middle for a cup, once his idle wait (from the step after the placers set off) is
    over: the two scenes part there."""
    return int(drawn["placers.start"]) + int(drawn["agent.waits"]) + 2


def _cup(key: str, place: Point, width: float, height: float, material: str) -> SceneObject:
    """An open cup standing on the floor."""
    scale = (width, height, width)
    return SceneObject(key, CUP_TYPE, [Show((place[0], 0.0, place[1]), scale=scale)], materials=[material],
                       mass=round(CUP_MASS_PER_SCALE * width * height * width, 4),
                       salient_materials=list(salient(material)), receptacle=True)


def _ball(key: str, place: Point, start: int, released: int) -> SceneObject:
    """The soccer ball, held high over its cup, carried down into it and let go there."""
    top = round(BALL_LOW + DESCENT * SPEED, 4)
    return SceneObject(key, "soccer_ball", [Show((place[0], top, place[1]), scale=(BALL_SCALE,) * 3)], materials=[],
                       mass=BALL_SCALE, salient_materials=["rubber"], moveable=True, pickupable=True, kinematic=True,
                       toggle_physics=[released], moves=[Motion(start, start + DESCENT - 1, (0, -SPEED, 0))])


def _placer(key: str, place: Point, start: int, released: int) -> SceneObject:
    """A placer over a cup, its foot on the ball's top: it comes down, lets go (turning Cyan) and rises; the three
    holding nothing do the same."""
    y = round(BALL_LOW + DESCENT * SPEED + BALL_SCALE * BALL_SIZE / 2 + PLACER_SCALE[1], 4)
    rise = released + RISE_WAIT
    placer = kinematic_structure(f"placer_{key}", "cylinder", (place[0], y, place[1]), PLACER_SCALE, MAGENTA,
                                 moves=[Motion(start, start + DESCENT - 1, (0, -SPEED, 0)),
                                        Motion(rise, rise + DESCENT - 1, (0, SPEED, 0))],
                                 change_materials=[MaterialChange(released, [CYAN])], states=drop_states(released))
    return replace(placer, mass=1)


def _agent(key: str, drawn: Mapping[str, Any], layout: Layout, walk: int) -> SceneObject:
    """The man: walks in to the middle, stands idle while the placers work, then walks to cup ``walk``."""
    start = int(drawn["placers.start"])
    x = -layout.heading * float(drawn["agent.start"])
    man = human_agent(key, AGENT_TYPE, x, 0.0, 90.0 * layout.heading % 360, OUTFIT)
    legs = (AgentWaypoint("TPM_walk", (0, 0)), AgentWaypoint("TPM_walk", layout.cups[walk]))
    return replace(man, actions=[AgentAction("TPM_idle1", start + 1, sets_off(drawn) - 1)],
                   agent_movement=AgentMovement(1, legs))
