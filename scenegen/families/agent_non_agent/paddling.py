"""Where the paddle turns in an Agent / Non-Agent trial, and from which heading (``docs/mcs_facts.md``, "Agent /
Non-Agent"; the model is stated in ``docs/fidelity/agent_non_agent.md``).

Apart (the evaluation scenes' agents): about a pivot whose swept disc never reaches the blob on its walks.

Beside: about a pivot from which the paddle's face, coming round behind the blob, moves along the blob's walk when
it reaches the blob's box, on the step before the trial's wait ends: a non-agent stands still until then (the push
sets it off), an agent sets off :data:`LATE` steps before by itself (it has left; the arm never touches it). Both
touch their object on the same step (the agent walks as many steps more), so that the paddle's turn and the
trial's timing are drawn alike for both kinds and only the blob's motion tells them apart. Every step of the trial is
checked against the blob's box where it stands then (:func:`scenegen.mcs.gridworld.paddles.gaps`), so that only
unambiguous trials are made: a non-agent's gap is more than :data:`CLEAR` until the touch, at most :data:`TOUCH`
then, and never an overlap after; an agent's is more than :data:`CLEAR` on every step.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from scenegen.families.agent_non_agent.stage import (
    GRID_HALF,
    PASSING_GAP,
    PIVOT_X,
    PIVOT_Z,
    Boxes,
    on_lattice,
    out_of_reach,
)
from scenegen.mcs.gridworld.motion import Point
from scenegen.mcs.gridworld.paddles import REACH, TURN, gaps, heading_sweeping, headings, pivots_pushing

#: The most steps a blob beside its paddle waits: the arm comes round every half turn (45 steps), and the steps it
#: takes to sweep over the blob's box (about 24 with the blob's centre :data:`DEPTH` out along the arm) leave 21
#: before the touch.
BESIDE_WAIT = 15
#: The slowest a blob beside its paddle may walk: the face moves up to 0.038 m a step where it meets the blob (0.55 m
#: out at 4 degrees a step), and a slower blob it pushed, or one that left just before it came, would be caught.
BESIDE_SPEED = 0.04
#: How far out along the paddle's arm the blob's centre stands when the face reaches it, in metres: its whole box
#: within the arm's half length (0.5 m) and clear of the paddle's middle.
DEPTH = (0.3, 0.4)
#: How far from the blob's place before its jitter the disc of a paddle beside it may reach, in metres: the pivot
#: up to 0.49 m from the blob (its centre 0.4 m out along the arm, the face's half width and the blob's half width
#: behind it), the blob up to 0.14 m off its place, the disc's 0.515 m and the passing gap.
BESIDE_REACH = 1.2
#: How far behind the blob's box the face stands on the step it touches (positions round to 0.1 mm).
CONTACT_GAP = 0.002
#: A gap of at most TOUCH is a touch; every step but the touch keeps more than CLEAR (the replay's reading).
TOUCH = 0.005
CLEAR = 0.007
#: How many steps before the arm of a paddle beside it would reach it an agent sets off.
LATE = (2, 5)
#: Pivots tried for a trial beside the blob (at once) before its places are drawn again; pivots drawn apart from it
#: before the range's corner is taken.
TRIES = 4
APART_TRIES = 24


def apart(start: Point, stops: Sequence[Point], obstacles: Boxes, half: tuple[float, float],
          rng: np.random.Generator) -> Point:
    """A pivot of the evaluation scenes' range whose disc keeps clear of the blob's walks from ``start`` to
    ``stops`` and of ``obstacles`` (the range's lower left corner, far from both, should no draw be)."""
    for _ in range(APART_TRIES):
        pivot = on_lattice(rng.uniform(*PIVOT_X)), on_lattice(rng.uniform(*PIVOT_Z))
        if out_of_reach(pivot, start, stops, half, REACH) and _discs_clear(np.array([pivot]), obstacles)[0]:
            return pivot
    return PIVOT_X[0], PIVOT_Z[0]


def beside(start: Point, walk: Sequence[Point], sets_off: int, arrives: int, half: tuple[float, float],
           obstacles: Boxes, steps: int, rng: np.random.Generator) -> tuple[Point, int] | None:
    """The pivot and first heading of a paddle turning ``steps`` steps whose face reaches the blob's box at
    ``start`` on step ``arrives`` moving along the blob's ``walk`` (its positions from step ``sets_off`` on): a
    blob setting off the step after is pushed (a non-agent), one setting off before has left (an agent). None if
    no pivot tried keeps clear of ``obstacles`` and reads unambiguously."""
    direction = np.subtract(walk[-1], start)
    heading = heading_sweeping(tuple(direction / np.hypot(*direction)))
    first = int((heading - TURN * arrives) % 360)
    candidates = pivots_pushing(start, half, heading, rng.uniform(*DEPTH, TRIES), CONTACT_GAP)
    clear = candidates[_discs_clear(candidates, obstacles)]
    if not len(clear):
        return None
    where, turns = _positions(start, walk, sets_off, steps), headings(first, steps)
    touch = arrives if sets_off > arrives else None
    for pivot in clear.tolist():
        if _unambiguous(gaps((pivot[0], pivot[1]), turns, where, half), touch):
            return (pivot[0], pivot[1]), first
    return None


def _positions(start: Point, walk: Sequence[Point], wait: int, steps: int) -> np.ndarray:
    """Where the blob stands on each of a trial's ``steps`` steps: at ``start`` until step ``wait``, then along
    ``walk``, then at its end."""
    still = max(0, steps - wait - len(walk))
    return np.concatenate([np.tile(start, (wait, 1)), np.asarray(walk, dtype=float), np.tile(walk[-1], (still, 1))])


def _unambiguous(gap: np.ndarray, touch: int | None) -> bool:
    """Whether the gaps read as one push at step ``touch`` (a non-agent's), or as no touch at all (None)."""
    if touch is None:
        return bool(np.all(gap > CLEAR))
    return bool(np.all(gap[:touch] > CLEAR) and gap[touch] <= TOUCH and np.all(gap[touch + 1:] > 0))


def _discs_clear(pivots: np.ndarray, obstacles: Boxes) -> np.ndarray:
    """Which of ``pivots`` (rows) keep the disc the paddle sweeps ``PASSING_GAP`` from ``obstacles`` and the grid's
    walls."""
    inside = np.abs(pivots).max(axis=1) + REACH <= GRID_HALF - PASSING_GAP
    apart_by = np.maximum(np.abs(obstacles.centres[None] - pivots[:, None]) - obstacles.halves[None], 0.0)
    return inside & np.all(np.hypot(apart_by[..., 0], apart_by[..., 1]) >= REACH + PASSING_GAP, axis=1)


def late_steps(rng: np.random.Generator, wait: int) -> int:
    """How many steps before a paddle beside it would reach it an agent that would wait ``wait`` steps sets off
    (it has at least its first step at its start)."""
    return int(rng.integers(LATE[0], min(LATE[1], wait - 1) + 1))

