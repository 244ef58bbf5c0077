"""Where a Secondary Tool scene's two pools and two tools lie, in room coordinates.

The ball's pool fills a corner of the room (``docs/mcs_facts.md`` 10.5): ``behind``
cells of lava from the ball to each of the corner's walls, ``before`` to the floor
on the two other sides; or it lies ``wall_gap`` metres short of the corner's front
or back wall, reaching the side wall only. The L-shaped tool lies in the middle of a pool of whole
cells at least ``margin`` wider than it on every side. The rectangular tool lies
on the floor before that pool, in line with the L tool's nearest part (or beside
that line), long enough that pushed in until the performer reaches the lava, it
pushes the L tool over the pool's far edge. The L tool's pool is put where it,
the rectangular tool and a walkway round both stay clear of the ball's pool and
of the floor the ball is pulled out onto.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from scenegen.mcs.geometry import footprint
from scenegen.mcs.objects import TARGET_BALL_RADIUS
from scenegen.mcs.tools.hooks import pull_distance
from scenegen.mcs.tools.kinds import RECT_LENGTHS
from scenegen.mcs.tools.lanes import STANDING_DEPTH, World, lane_frame
from scenegen.mcs.tools.lava import cell_bounds, pool_cells
from scenegen.mcs.tools.layout import WALKWAY, bounds_to_world, centimetres_before, turning_radius
from scenegen.mcs.tools.plans import PULL_GAP, pull_directions, pull_pose

#: The (x, z) signs of each corner's walls.
CORNER_SIGNS = {"front_left": (-1, -1), "front_right": (1, -1), "back_left": (-1, 1), "back_right": (1, 1)}
#: The lava round the ball: its corner pool; the ring of eight cells round the ball's cell (a tool alone pushes the
#: ball out of it); or five of them, the side away from the side wall and the side toward the front or back wall
#: (the performer walks up to the ball) (``docs/mcs_facts.md``, "Tool tasks: the development half").
BALL_LAYOUTS = ("pool", "ring", "partial_ring")

Bounds = tuple[float, float, float, float]
#: Candidate centres drawn at once, and how many batches before every centre is tried.
_BATCH = 32
_BATCHES = 4
#: Every how many grid centres one is tried first when asking whether any fits.
_SPARSE = 4


@dataclass(frozen=True)
class BallPool:
    """The ball's cell and the corner pool's first and last cells (x, z)."""

    ball: tuple[int, int]
    low: tuple[int, int]
    high: tuple[int, int]

    def bounds(self) -> Bounds:
        return self.low[0] - 0.5, self.low[1] - 0.5, self.high[0] + 0.5, self.high[1] + 0.5


def ball_pool(room: tuple[float, float], corner: str, before: int, behind: int, wall_gap: int = 0) -> BallPool:
    """The pool in ``corner``: ``behind`` cells from the ball to each wall, ``before`` to the floor; ``wall_gap``
    metres of floor between it and the corner's front or back wall."""
    signs = CORNER_SIGNS[corner]
    gaps = (0, wall_gap)
    edges = [sign * (size / 2 - gap) for sign, size, gap in zip(signs, room, gaps, strict=True)]
    ball = tuple(int(edge - sign * (behind + 0.5)) for sign, edge in zip(signs, edges, strict=True))
    ends = [(ball[k] - signs[k] * before, int(edges[k] - signs[k] * 0.5)) for k in (0, 1)]
    return BallPool((ball[0], ball[1]), (min(ends[0]), min(ends[1])), (max(ends[0]), max(ends[1])))


def ball_cells(pool: BallPool, layout: str, corner: str) -> tuple[tuple[int, int], ...]:
    """The lava cells round the ball as ``layout`` lays them (:data:`BALL_LAYOUTS`) in ``corner``."""
    if layout == "pool":
        return pool_cells(pool.low, pool.high, frozenset({pool.ball}))
    (x, z), (sign_x, sign_z) = pool.ball, CORNER_SIGNS[corner]
    ring = pool_cells((x - 1, z - 1), (x + 1, z + 1), frozenset({pool.ball}))
    if layout == "ring":
        return ring
    return tuple(cell for cell in ring if cell[0] == x - sign_x or cell[1] == z + sign_z)


def pull_ways(tool_type: str, pool: BallPool, room: tuple[float, float]) -> list[str]:
    """The ways the L tool pulls the ball out of its pool, alone in the room (away from the corner's walls, and only
    those where the tool laid to pull stays in the room)."""
    return _pull_ways(tool_type, pool, room)


@lru_cache(maxsize=4096)
def _pull_ways(tool_type: str, pool: BallPool, room: tuple[float, float]) -> list[str]:
    # Layouts repeat across samples: a run draws from a few hundred tool types and pools at most.
    world = World(np.array(room) / 2, cell_bounds(pool_cells(pool.low, pool.high, frozenset({pool.ball}))),
                  np.zeros((0, 4)))
    return pull_directions(tool_type, np.array(pool.ball, dtype=float), TARGET_BALL_RADIUS, world)


@lru_cache(maxsize=4096)
def pull_lane(tool_type: str, pool: BallPool, way: str, before: int) -> Bounds:
    """The floor the ball is pulled out onto: the L tool laid to pull, swept along ``way`` by the pull and the
    performer behind it, and a walkway round that."""
    parts = pull_pose(tool_type, np.array(pool.ball, dtype=float), TARGET_BALL_RADIUS, way)
    x0, z0 = parts[:, :2].min(axis=0) - WALKWAY
    x1, z1 = parts[:, 2:].max(axis=0) + WALKWAY
    reach = pull_distance(before, PULL_GAP) + STANDING_DEPTH
    if way[1] == "x":
        return (x0 - reach, z0, x1, z1) if way[0] == "-" else (x0, z0, x1 + reach, z1)
    return (x0, z0 - reach, x1, z1) if way[0] == "-" else (x0, z0, x1, z1 + reach)


@dataclass(frozen=True)
class HookPool:
    """The L tool's pool in cells (nx, nz), centred on the tool; the rectangular tool before it: its length and
    centre (u, v) in the lane frame of its push, from the pool's centre; and the room boxes, relative to the pool's
    centre, that the pool with its walkway and the tool's lane take."""

    cells: tuple[int, int]
    rect_length: int
    rect_u: float
    rect_v: float
    reserved: list[Bounds]


def hook_pool(tool_type: str, rotation: float, margin: float, push: str, rect_width: float, gap: float,
              shift: float, turned: bool, side: int) -> HookPool | None:
    """The pool round an L tool of ``tool_type`` lying at ``rotation``, and the rectangular tool that pushes it out
    along ``push``: ``gap`` before the pool and ``shift`` sideways of the line, or, ``turned``, in the line with the
    disc it turns in ``gap`` before the pool; None when no rectangular tool is long enough."""
    parts = _parts(tool_type, rotation)
    size = parts[:, 2:].max(axis=0) - parts[:, :2].min(axis=0)
    cells = (math.ceil(size[0] + 2 * margin - 1e-9), math.ceil(size[1] + 2 * margin - 1e-9))
    pool = lane_frame(np.array([[-cells[0] / 2, -cells[1] / 2, cells[0] / 2, cells[1] / 2]]), push)[0]
    lane = lane_frame(parts, push)
    nearest = lane[int(np.argmin(lane[:, 1]))]
    # Pushed in until its rear reaches the lava, the tool must carry the L tool over the pool's far edge.
    needed = (nearest[1] - pool[1]) + (pool[3] - lane[:, 3].max())
    length = next((length for length in RECT_LENGTHS if length >= needed - 1e-9), None)
    if length is None:
        return None
    line = float((nearest[0] + nearest[2]) / 2)
    u = round(line + (0.0 if turned else side * shift), 2)
    # Half its extent along the push and across it: its box, or the disc it turns in.
    along, across = (turning_radius(rect_width, length),) * 2 if turned else (length / 2, rect_width / 2)
    v = centimetres_before(pool[1] - gap - along)
    low_u, high_u = min(u, line) - across - WALKWAY, max(u, line) + across + WALKWAY
    lane_box = bounds_to_world((low_u, v - along - WALKWAY, high_u, pool[1]), push)
    around = (-cells[0] / 2 - WALKWAY, -cells[1] / 2 - WALKWAY, cells[0] / 2 + WALKWAY, cells[1] / 2 + WALKWAY)
    return HookPool(cells, length, u, v, [around, lane_box])


@lru_cache(maxsize=256)
def _parts(tool_type: str, rotation: float) -> np.ndarray:
    """The bounds of a tool's parts about its centre at ``rotation`` (cached: treat as read-only)."""
    return footprint(tool_type, (0.0, 0.0, 0.0), rotation).bounds()


def placements(room: tuple[float, float], cells: tuple[int, int], reserved: list[Bounds],
               taken: list[Bounds]) -> np.ndarray:
    """Every centre (x, z) the L tool's pool may have (whole cells): its ``reserved`` boxes (relative to the
    centre) inside the room and clear of every ``taken`` box."""
    xs, zs = np.meshgrid(*_grid(room, cells), indexing="ij")
    centres = np.stack([xs.ravel(), zs.ravel()], axis=1)
    return centres[_fits(centres, room, reserved, taken)]


def fits_somewhere(room: tuple[float, float], cells: tuple[int, int], reserved: list[Bounds],
                   taken: list[Bounds]) -> bool:
    """Whether any of :func:`placements` exists: a sparse grid is tried first, as most rooms leave plenty."""
    sparse = [axis[::_SPARSE] for axis in _grid(room, cells)]
    xs, zs = np.meshgrid(*sparse, indexing="ij")
    if _fits(np.stack([xs.ravel(), zs.ravel()], axis=1), room, reserved, taken).any():
        return True
    return bool(len(placements(room, cells, reserved, taken)))


def fits_at(centre: np.ndarray, room: tuple[float, float], cells: tuple[int, int], reserved: list[Bounds],
            taken: list[Bounds]) -> bool:
    """Whether the L tool's pool may have its centre at ``centre`` (x, z): one of the grid's centres, as
    :func:`placements` takes them."""
    on_grid = all(np.isclose(axis, value).any() for axis, value in zip(_grid(room, cells), centre, strict=True))
    return on_grid and bool(_fits(centre[None, :], room, reserved, taken)[0])


def placement(room: tuple[float, float], cells: tuple[int, int], reserved: list[Bounds], taken: list[Bounds],
              rng: np.random.Generator) -> np.ndarray | None:
    """One of :func:`placements`, drawn uniformly: by rejection over the grid, or from them all when a few
    batches of draws miss (a crowded room); None when there is none."""
    grid = _grid(room, cells)
    for _ in range(_BATCHES):
        picks = np.stack([axis[rng.integers(len(axis), size=_BATCH)] for axis in grid], axis=1)
        fitting = _fits(picks, room, reserved, taken)
        if fitting.any():
            return picks[int(np.argmax(fitting))]
    every = placements(room, cells, reserved, taken)
    return every[int(rng.integers(len(every)))] if len(every) else None


def _grid(room: tuple[float, float], cells: tuple[int, int]) -> list[np.ndarray]:
    """The centres along x and z a pool of ``cells`` may have: whole metres, or half metres for an even count."""
    return [np.arange(math.ceil(-size / 2), math.floor(size / 2) + 1) + (0.0 if count % 2 else 0.5)
            for size, count in zip(room, cells, strict=True)]


def _fits(centres: np.ndarray, room: tuple[float, float], reserved: list[Bounds], taken: list[Bounds]) -> np.ndarray:
    """Which ``centres`` keep every ``reserved`` box inside the room and clear of every ``taken`` box."""
    boxes = np.array(reserved)[None, :, :] + np.tile(centres, 2)[:, None, :]
    half = np.array(room) / 2
    inside = np.all(boxes[:, :, :2] >= -half - 1e-9, axis=(1, 2)) & np.all(boxes[:, :, 2:] <= half + 1e-9, axis=(1, 2))
    mine, theirs = boxes[:, :, None, :], np.array(taken)[None, None, :, :]
    clear = ~np.any((mine[..., 0] < theirs[..., 2]) & (mine[..., 2] > theirs[..., 0])
                    & (mine[..., 1] < theirs[..., 3]) & (mine[..., 3] > theirs[..., 1]), axis=(1, 2))
    return inside & clear
