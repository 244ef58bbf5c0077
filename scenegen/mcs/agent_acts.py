"""What the evaluation's interactive agents do, as the real files write it: stand still breathing (a looped
``TPM_freeze``), walk a closed round of legs over and over (``agentMovement`` with ``repeat``), walk one leg once,
and point (raise the index finger, then hold it).

An agent's walk is a list of legs, each to an end point (x, z) with one of the walking or running animations; a
round ends where it began, so that repeating it never jumps. Every leg of a round drawn here joins points of one
axis-aligned box, so the whole walk stays inside that box (it is convex): a family keeps the agent clear of
everything else by keeping the box clear.

An agent opens a chest as the Interactive Imitation scenes show it: it jumps (``TPE_jump``) before the chest, which
the chest's ``openClose`` opens a few steps into the jump; it turns on the spot by an animation played while its
``rotates`` turns it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from scenegen.mcs.evidence import either, of_type, with_id_prefix, without
from scenegen.mcs.model import AgentAction, AgentMovement, AgentWaypoint, Motion
from scenegen.mcs.objects import HUMAN_AGENT_SIZE
from scenegen.plugin.family import Evidence

#: The animation of an agent standing still and breathing, looped from the first step.
FREEZE = "TPM_freeze"
#: The animations the evaluation's agents walk their legs with (a male and a female walk and run).
WALK_ANIMATIONS = ("TPM_walk", "TPM_run", "TPF_walk", "TPF_run")
#: How far a human agent's body reaches from its centre whichever way it turns: half its footprint's diagonal.
AGENT_REACH = math.hypot(HUMAN_AGENT_SIZE[0], HUMAN_AGENT_SIZE[2]) / 2
#: What an agent may do while the performer chooses: stand still (breathing) or walk its round.
BEHAVIOURS = ("still", "walk")
#: Pointing: the animation raising the index finger, how many steps it plays, and the one holding it (looped).
POINT_START, POINT_STEPS, POINT_HOLD = "Point_start_index_finger", 7, "Point_hold_index_finger"
#: The suffix of the pointing animations the Knowledgeable Agents scenes play (the finger held lower, at 15 degrees).
POINT_LOW = "_15"
#: The most an agent turns on the spot in a step while it turns to point (degrees; Knowledgeable Agents).
MOST_TURN = 5
#: How many steps the evaluation leaves an agent for one walked leg of 1.2 m before it acts again (Spatial Reference).
LEG_STEPS = 36
#: Opening a chest: the animation the agent plays before it, its steps, and how many steps into it the chest opens.
OPEN_ANIMATION, OPEN_STEPS, OPENS_AFTER = "TPE_jump", 10, 4
#: Turning on the spot by a quarter turn: the animations (left, right), their steps, and the degrees a step.
TURN_ANIMATIONS, TURN_STEPS, TURN_SPEED = ("TPM_turnL45", "TPM_turnR45"), 10, 9


def standing_still(step: int = 0) -> tuple[AgentAction, ...]:
    """The actions of an agent that stands still from ``step`` on, breathing (a looped freeze)."""
    return (AgentAction(FREEZE, step, is_loop_animation=True),)


def round_walk(rng: np.random.Generator, start: tuple[float, float], low: tuple[float, float],
               high: tuple[float, float], legs: int, step: int = 0) -> AgentMovement:
    """A round of ``legs`` legs from ``start`` back to it, repeated from ``step``: the turning points drawn
    uniformly in the box from ``low`` to ``high`` (x, z; ``start`` lies in it), then stretched to reach each of
    its sides, as the real round does (with two turning points or more); each leg's animation drawn from
    :data:`WALK_ANIMATIONS`; ends rounded to the centimetre, as the real files write them."""
    inner = np.ceil(np.array(low) * 100) / 100, np.floor(np.array(high) * 100) / 100  # rounded, still inside
    points = rng.uniform(low, high, size=(legs - 1, 2))
    if legs > 2:
        least, span = points.min(axis=0), np.ptp(points, axis=0)
        points = low + (points - least) / np.where(span > 0, span, 1.0) * (np.array(high) - low)
    points = np.clip(np.round(points, 2), *inner)
    animations = rng.integers(len(WALK_ANIMATIONS), size=legs)
    ends: Sequence[tuple[float, float]] = [*((float(x), float(z)) for x, z in points), start]
    return AgentMovement(step, tuple(AgentWaypoint(WALK_ANIMATIONS[kind], end)
                                     for kind, end in zip(animations, ends, strict=True)), repeat=True)


def pointing(step: int, variant: str = "") -> tuple[AgentAction, ...]:
    """The actions of an agent that points from ``step`` on: the finger raised over :data:`POINT_STEPS` steps, then
    held (the raising action writes no ``isLoopAnimation``, as the real files); ``variant`` is the suffix of the
    animations' ids (Knowledgeable Agents point with :data:`POINT_LOW`)."""
    return (AgentAction(POINT_START + variant, step, step + POINT_STEPS, is_loop_animation=None),
            AgentAction(POINT_HOLD + variant, step + POINT_STEPS, is_loop_animation=True))


def turn_to(step: int, facing: float, heading: float) -> tuple[Motion, int]:
    """The ``rotates`` entry turning an agent facing ``facing`` to ``heading`` the short way round from ``step``, at
    most :data:`MOST_TURN` degrees a step and evenly (the speed written to 4 decimals, as the real files), and the
    first step after it."""
    angle = (heading - facing + 180) % 360 - 180
    steps = max(1, math.ceil(round(abs(angle), 6) / MOST_TURN))
    return Motion(step, step + steps - 1, (0.0, round(angle / steps, 4), 0.0)), step + steps


def one_leg(step: int, end: tuple[float, float], animation: str = WALK_ANIMATIONS[0]) -> AgentMovement:
    """A walk of one leg to ``end`` (x, z) from ``step``, not repeated."""
    return AgentMovement(step, (AgentWaypoint(animation, end),), repeat=False)


def opening(step: int) -> AgentAction:
    """The jump of an agent opening the chest before it from ``step``; the chest opens :data:`OPENS_AFTER` steps in."""
    return AgentAction(OPEN_ANIMATION, step, step + OPEN_STEPS)


def quarter_turn(step: int, left: bool) -> tuple[AgentAction, Motion]:
    """A turn on the spot from ``step``, left (anticlockwise seen from above) or right: the animation and the
    ``rotates`` entry that turns the agent :data:`TURN_SPEED` degrees a step over :data:`TURN_STEPS` steps."""
    animation = TURN_ANIMATIONS[0] if left else TURN_ANIMATIONS[1]
    speed = -TURN_SPEED if left else TURN_SPEED
    return AgentAction(animation, step, step + TURN_STEPS), Motion(step, step + TURN_STEPS, (0, speed, 0))


#: Which of the two figures either side is the agent (its face, its walk), and so where the ball is: the task itself,
#: which the shortcut probe leaves out (everything that is not structure: the agent, the ball it holds and the
#: non-agent across the room, whose side is the other).
THE_AGENT = Evidence("the agent, the ball it holds and the non-agent (which of the two is an agent)",
                     without(lambda thing, objects: not thing.get("structure")))


#: Which way the agent faces and points, and where the ball is, says the container it points at: the task itself,
#: which the shortcut probe leaves out (the agents, the turntables they turn on, the ball).
THE_POINT = Evidence("the agents, the turntables turning them and the ball (where the agent points)",
                     without(either(with_id_prefix("agent_"), with_id_prefix("turntable_"), of_type("soccer_ball"))))
