"""Where the paddle turns in an Agent / Non-Agent trial, and from which heading (``docs/mcs_facts.md``, "Agent /
Non-Agent"; the model is stated in ``docs/fidelity/agent_non_agent.md``).

Apart (the evaluation scenes' agents): about a pivot whose swept disc never reaches the blob on its walks.

Beside: about a pivot from which the paddle's face, coming round behind the blob, moves along the blob's walk when
it reaches the blob's box: for a non-agent on the last step it stands still (the push that sets it off), for an
agent a few steps after it set off by itself (it has left; the arm never touches it). Every step of the trial is
checked against the blob's box where it stands then (:func:`scenegen.mcs.gridworld.paddles.gaps`), so that only
unambiguous trials are made: a non-agent's gap is more than :data:`CLEAR` until the touch, at most :data:`TOUCH`
then, and never an overlap after; an agent's is more than :data:`CLEAR` on every step.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from scenegen.families.agent_non_agent.stage import PASSING_GAP, PIVOT_X, PIVOT_Z, Boxes, on_lattice, out_of_reach
from scenegen.mcs.gridworld.motion import Point, rounded
from scenegen.mcs.gridworld.paddles import REACH, TURN, gaps, heading_sweeping, headings, pivot_pushing

#: How far the grid's inner walls stand from its centre, in metres (eight cells of 0.5 m).
GRID_HALF = 2.0
#: The most steps a blob beside its paddle waits: the arm comes round every half turn (45 steps), and the steps it
#: takes to sweep over the blob's box (about 24 with the blob's centre :data:`DEPTH` out along the arm) leave 21
#: before the touch, :data:`LATE` of them after an agent sets off.
BESIDE_WAIT = 15
#: The slowest a blob beside its paddle may walk: the face moves up to 0.038 m a step where it meets the blob (0.55 m
#: out at 4 degrees a step), and a slower blob it pushed, or one that left just before it came, would be caught.
BESIDE_SPEED = 0.04
#: How far out along the paddle's arm the blob's centre stands when the face reaches it, in metres: its whole box
#: within the arm's half length (0.5 m) and clear of the paddle's middle.
DEPTH = (0.3, 0.4)
#: How far behind the blob's box the face stands on the step it touches (positions round to 0.1 mm).
CONTACT_GAP = 0.002
#: A gap of at most TOUCH is a touch; every step but the touch keeps more than CLEAR (the replay's reading).
TOUCH = 0.005
CLEAR = 0.007
#: How many steps after an agent sets off the arm of a paddle beside it would reach its start.
LATE = (2, 5)
#: Pivots tried for a trial before its places are drawn again.
TRIES = 4


def apart(start: Point, stops: Sequence[Point], obstacles: Boxes, half: tuple[float, float],
          rng: np.random.Generator) -> Point:
    """A pivot of the evaluation scenes' range whose disc keeps clear of the blob's walks from ``start`` to
    ``stops`` and of ``obstacles`` (the range's lower left corner, far from both, should no draw be)."""
    for _ in range(TRIES * 6):
        pivot = on_lattice(rng.uniform(*PIVOT_X)), on_lattice(rng.uniform(*PIVOT_Z))
        if out_of_reach(pivot, start, stops, half, REACH) and _disc_clear(pivot, obstacles):
            return pivot
    return PIVOT_X[0], PIVOT_Z[0]


def beside(start: Point, walk: Sequence[Point], wait: int, late: int, half: tuple[float, float],
           obstacles: Boxes, steps: int, rng: np.random.Generator) -> tuple[Point, int] | None:
    """The pivot and first heading of a paddle turning ``steps`` steps whose face reaches the blob's box at
    ``start`` on step ``wait - 1 + late`` moving along the blob's ``walk`` (its positions from step ``wait`` on):
    ``late`` 0 pushes a non-agent, more comes after an agent has left. None if no pivot tried keeps clear."""
    direction = np.subtract(walk[-1], start)
    heading = heading_sweeping(tuple(direction / np.hypot(*direction)))
    first = int((heading - TURN * (wait - 1 + late)) % 360)
    where = _positions(start, walk, wait, steps)
    for _ in range(TRIES):
        exact = pivot_pushing(start, half, heading, rng.uniform(*DEPTH), CONTACT_GAP)
        pivot = rounded(exact[0]), rounded(exact[1])
        if _disc_clear(pivot, obstacles) and _unambiguous(gaps(pivot, headings(first, steps), where, half),
                                                         wait - 1 if late == 0 else None):
            return pivot, first
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


def _disc_clear(pivot: Point, obstacles: Boxes) -> bool:
    """Whether the disc the paddle sweeps keeps ``PASSING_GAP`` from ``obstacles`` and the grid's walls."""
    if max(abs(pivot[0]), abs(pivot[1])) + REACH > GRID_HALF - PASSING_GAP:
        return False
    if not len(obstacles.centres):
        return True
    apart_by = np.maximum(np.abs(obstacles.centres - np.asarray(pivot)) - obstacles.halves, 0.0)
    return bool(np.all(np.hypot(apart_by[:, 0], apart_by[:, 1]) >= REACH + PASSING_GAP))


def late_steps(rng: np.random.Generator) -> int:
    """How many steps after an agent sets off a paddle beside it would reach its start."""
    return int(rng.integers(LATE[0], LATE[1] + 1))

