"""An independent replay of Helper/Hinderer documents, for the tests.

Everything is re-derived from the two exported documents, independently of the
generator: the wall cells from the wall cubes, where each object is at every step
(and every centimetre between steps) by replaying its ``shows`` and ``hides``,
footprints as axis-aligned boxes from the catalogue sizes, and what can be
reached by a breadth-first search over 4-connected 0.5 m cells. Walks may go in
any direction (the family shortens grid paths along lines of sight), so a walk is
checked against the grid: it ends where the grid says (touching what it heads
for, or on the reachable cell nearest the goal), it is no longer than a
shortest grid path, and it never overlaps anything on its way.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections import deque

import numpy as np

from scenegen.families.helper_hinderer import HelperHinderer
from scenegen.mcs.geometry import object_size, resting_y
from scenegen.plugin.schemas import compiled_validator
from tests.kit.pairs import assert_identical_before_test
from tests.kit.support import checked_sample

CELL = 0.5
EPS = 1e-6
MOVES = ((1, 0), (-1, 0), (0, 1), (0, -1))
REFERENCE = "eval_7_passive_agents_helper_hinderer_0001_0{}.json"


# ---------------------------------------------------------------- replaying a document

class World:
    """One document replayed: walls as cells, every object's pose at any step."""

    def __init__(self, document: dict) -> None:
        self.document = document
        self._tracks: dict[str, tuple[list[int], list[tuple[float, float]]]] = {}
        self.objects = {item["id"]: item for item in document["objects"]}
        border = self.objects["wall_grid_right"]["shows"][0]["position"]["x"]
        self.size = round((2 * border - CELL) / CELL)
        self.walls = {self.cell_of(self.position(o, 0)) for key, o in self.objects.items()
                      if key.startswith("wall_") and not key.startswith("wall_grid_")}
        actions = document["goal"]["action_list"]
        ends = [i + 1 for i, action in enumerate(actions) if action == ["EndHabituation"]]
        self.trials = list(zip([0, *ends[:-1]], ends, strict=True))
        self.test_start = ends[-1]
        self.main = next(o for key, o in self.objects.items() if key.startswith("agent_"))
        self.others = [o for key, o in self.objects.items() if key.startswith("other_agents_")]
        self.occluder = next(o for key, o in self.objects.items() if key.startswith("occluder_"))
        self.goal = next(o for key, o in self.objects.items() if key.startswith("object_"))

    def cell_of(self, xz: tuple[float, float]) -> tuple[int, int]:
        """The cell holding a point (it must not lie on a cell edge)."""
        u, v = (xz[0] + self.size * CELL / 2) / CELL, (xz[1] + self.size * CELL / 2) / CELL
        assert min(abs(u - round(u)), abs(v - round(v))) > EPS, f"{xz} lies on a cell edge"
        return math.floor(u), math.floor(v)

    def position(self, item: dict, step: int) -> tuple[float, float]:
        steps, points = self._track(item)
        return points[bisect.bisect_right(steps, step) - 1]

    @staticmethod
    def visible(item: dict, step: int) -> bool:
        hidden = any(h["stepBegin"] <= step for h in item.get("hides", ()))
        return item["shows"][0]["stepBegin"] <= step and not hidden

    def _track(self, item: dict) -> tuple[list[int], list[tuple[float, float]]]:
        if item["id"] not in self._tracks:
            self._tracks[item["id"]] = ([s["stepBegin"] for s in item["shows"]],
                                        [(s["position"]["x"], s["position"]["z"]) for s in item["shows"]])
        return self._tracks[item["id"]]

    def occluder_cells(self, step: int) -> set[tuple[int, int]]:
        if not self.visible(self.occluder, step):
            return set()
        x, z = self.position(self.occluder, step)
        return {self.cell_of((x, z - CELL / 2)), self.cell_of((x, z + CELL / 2))}

    def agent_cell(self, item: dict, step: int) -> tuple[int, int]:
        return self.cell_of(self.position(item, step))

    def cells_under(self, item: dict, step: int) -> set[tuple[int, int]]:
        """Cells whose open square the item's footprint overlaps at ``step``."""
        (x, z), (hx, hz) = self.position(item, step), half_extents(item)
        offset = self.size * CELL / 2
        cols = range(math.floor((x - hx + offset) / CELL + EPS), math.ceil((x + hx + offset) / CELL - EPS))
        rows = range(math.floor((z - hz + offset) / CELL + EPS), math.ceil((z + hz + offset) / CELL - EPS))
        return {(c, r) for c in cols for r in rows}

    def centre(self, cell: tuple[int, int]) -> tuple[float, float]:
        return ((cell[0] + 0.5) * CELL - self.size * CELL / 2, (cell[1] + 0.5) * CELL - self.size * CELL / 2)

    def free(self, blocked: set[tuple[int, int]]) -> set[tuple[int, int]]:
        return {(c, r) for c in range(self.size) for r in range(self.size)} - self.walls - blocked


def half_extents(item: dict) -> tuple[float, float]:
    """Half sizes along x and z of the object's axis-aligned bounding box."""
    show = item["shows"][0]
    size_x, _, size_z = object_size(item["type"])
    scale = show.get("scale", {"x": 1, "z": 1})
    w, d = size_x * scale["x"], size_z * scale["z"]
    angle = math.radians(show["rotation"]["y"])
    return ((abs(math.cos(angle)) * w + abs(math.sin(angle)) * d) / 2,
            (abs(math.sin(angle)) * w + abs(math.cos(angle)) * d) / 2)


def distances(free: set, starts: set) -> dict[tuple[int, int], int]:
    """BFS move counts from the nearest of ``starts`` (which need not be free) through ``free`` cells."""
    seen = dict.fromkeys(starts, 0)
    queue = deque(starts)
    while queue:
        c, r = queue.popleft()
        for dc, dr in MOVES:
            nxt = (c + dc, r + dr)
            if nxt in free and nxt not in seen:
                seen[nxt] = seen[(c, r)] + 1
                queue.append(nxt)
    return seen


def runs(item: dict, first: int, last: int) -> list[list[dict]]:
    """Keyframes after ``first`` and before ``last`` grouped into runs on consecutive steps."""
    groups: list[list[dict]] = []
    for show in item["shows"]:
        if first < show["stepBegin"] < last:
            if groups and show["stepBegin"] == groups[-1][-1]["stepBegin"] + 1:
                groups[-1].append(show)
            else:
                groups.append([show])
    return groups


# ---------------------------------------------------------------- the properties

def assert_no_overlap(world: World) -> None:
    """At every step where anything moves, and at every centimetre of a move between two steps, no two
    objects' footprints overlap (walls among themselves aside): no agent walks into a wall, cuts a corner
    or brushes past another object."""
    items = list(world.objects.values())
    halves = np.array([half_extents(item) for item in items])
    walls = np.array([item["id"].startswith("wall_") for item in items])
    exempt = walls[:, None] & walls[None, :] | np.eye(len(items), dtype=bool)
    steps = sorted({s["stepBegin"] for item in items for s in item["shows"]}
                   | {h["stepBegin"] for item in items for h in item.get("hides", ())})
    for step in steps:
        shown = np.array([world.visible(item, step) for item in items])
        after = np.array([world.position(item, step) for item in items])
        before = np.array([world.position(item, step - 1) if moves_into(item, step) else world.position(item, step)
                           for item in items])
        fractions = np.linspace(0.0, 1.0, max(2, math.ceil(np.abs(after - before).max() / 0.01) + 1))
        where = before[None] + fractions[:, None, None] * (after - before)[None]
        gap = np.abs(where[:, :, None, :] - where[:, None, :, :]) - (halves[:, None, :] + halves[None, :, :])
        hits = np.all(gap < -EPS, axis=3).any(axis=0) & shown[:, None] & shown[None, :] & ~exempt
        assert not hits.any(), "step {}: {} overlaps {}".format(step, *(items[k]["id"] for k in np.argwhere(hits)[0]))


def moves_into(item: dict, step: int) -> bool:
    """Whether the item walks into ``step`` from the step before (keyframes on both; a reset is a jump)."""
    steps = [s["stepBegin"] for s in item["shows"]]
    here = bisect.bisect_left(steps, step)
    return here > 0 and here < len(steps) and steps[here] == step and steps[here - 1] == step - 1


def assert_on_floor(world: World) -> None:
    for item in [world.main, *world.others]:
        scale = item["shows"][0]["scale"]["y"]
        assert all(abs(s["position"]["y"] - resting_y(item["type"], scale)) < 1e-3 for s in item["shows"])
        assert len({s["rotation"]["y"] for s in item["shows"]}) == 1


def assert_walk(world: World, item: dict, run: list[dict], blocked: set, targets: set, speed: float,
                toward: tuple[float, float] | None = None) -> int:
    """The run goes at ``speed`` from where the item stands toward the nearest cell of ``targets`` it can
    reach through the cells not ``blocked`` (and on toward the point ``toward``, when given), on a walk no
    longer than a shortest grid path there: half a cell to leave the line between two cells, a cell per
    move, then straight from the last cell's centre to ``toward``. Returns the number of grid moves."""
    start = world.cells_under(item, run[0]["stepBegin"] - 1)
    reach = distances(world.free(blocked), start)
    assert any(t in reach for t in targets), f"{item['id']} walks toward targets it cannot reach"
    moves = min(reach[t] for t in targets if t in reach)
    last = max((math.dist(world.centre(t), toward) for t in targets if reach.get(t) == moves), default=0.0) \
        if toward else 0.0
    longest = CELL / 2 + moves * CELL + last + 1e-6
    before = world.position(item, run[0]["stepBegin"] - 1)
    points = [before] + [(s["position"]["x"], s["position"]["z"]) for s in run]
    legs = [math.dist(a, b) for a, b in itertools.pairwise(points)]
    assert max(legs) <= speed + 1e-3, f"{item['id']} steps {max(legs):.4f} m at speed {speed}"
    assert sum(legs) <= longest, f"{item['id']} walks {sum(legs):.3f} m for {moves} moves"
    # At constant speed: no dawdling (only legs across a corner, and the last, fall short of a full step).
    assert len(run) <= math.ceil(longest / speed) + 1
    return moves


def neighbours(cells: set) -> set:
    return {(c + dc, r + dr) for c, r in cells for dc, dr in MOVES} - set(cells)


def gap(mover: dict, last: dict, target_xz, target_half) -> float:
    """How far the mover's box, where ``last`` puts it, stands from the target's (negative: they overlap)."""
    x, z = last["position"]["x"], last["position"]["z"]
    return max(abs(x - target_xz[0]) - half_extents(mover)[0] - target_half[0],
               abs(z - target_xz[1]) - half_extents(mover)[1] - target_half[1])


def touches(mover: dict, last: dict, target_xz, target_half) -> bool:
    return -EPS <= gap(mover, last, target_xz, target_half) <= 2e-3


def assert_touches(mover: dict, last: dict, target_xz, target_half) -> None:
    assert touches(mover, last, target_xz, target_half), \
        f"{mover['id']} stops {gap(mover, last, target_xz, target_half):.4f} m from its target"


def assert_trials(world: World, truth: dict, plan: list[str], speeds: list[tuple[float, float]]) -> None:
    """Every familiarisation trial as its kind says, ``speeds`` the primary agent's and the mover's in each."""
    helper = world.objects[truth["helper_id"]]
    hinderer = world.objects[truth["hinderer_id"]]
    goal_half = half_extents(world.goal)
    red = [c["stepBegin"] for c in world.goal.get("changeMaterials", ()) if c["materials"] == ["Custom/Materials/Red"]]
    assert len(red) == sum(kind != "hinder" for kind in plan)  # on contact only: never in the test trial
    for (start, end), kind, (speed, mover_speed) in zip(world.trials, plan, speeds, strict=True):
        goal_cells = world.cells_under(world.goal, start)
        goal_xz = world.position(world.goal, start)
        main_start = world.cells_under(world.main, start)
        occluder_moves = runs(world.occluder, start, end)
        movers = [o for o in world.others if runs(o, start, end)]
        assert len(occluder_moves) == (kind != "none") and movers == ([] if kind == "none" else
                                                                      [helper if kind == "help" else hinderer])
        if kind != "none":
            mover = movers[0]
            approach, push = runs(mover, start, end)
            assert [s["stepBegin"] for s in push] == [s["stepBegin"] for s in occluder_moves[0]]
            slot_before = world.occluder_cells(start)
            others = set().union(*(world.cells_under(o, start) for o in (world.main, *world.others) if o is not mover))
            ends = neighbours(slot_before) & {(c, r) for c, _ in slot_before for r in range(world.size)}
            assert_walk(world, mover, approach, slot_before | others | goal_cells, ends, mover_speed,
                        world.position(world.occluder, start))
            stand = world.agent_cell(mover, approach[-1]["stepBegin"])
            assert stand in ends
            occluder_at = world.position(world.occluder, start)
            assert_touches(mover, approach[-1], occluder_at, half_extents(world.occluder))
            # The push or pull: the mover and the occluder slide together along the occluder's column, at speed.
            xs = {s["position"]["x"] for s in push} | {s["position"]["x"] for s in occluder_moves[0]}
            assert len({round(x, 6) for x in xs}) == 1 and {stand[0]} == {c for c, _ in slot_before}
            slide = math.dist(world.position(world.occluder, start), world.position(world.occluder, end - 1))
            assert len(push) == math.ceil(slide / mover_speed - 1e-6)
            slot_after = world.occluder_cells(end - 1)
            blocked_before = goal_cells | {world.agent_cell(o, start) for o in world.others}
            can_before = reachable(world, main_start, slot_before | blocked_before, goal_cells)
            can_after = reachable(world, main_start, slot_after | blocked_before, goal_cells)
            # The helper's move always opens the way to the goal, the hinderer's always closes it.
            assert (can_before, can_after) == ((False, True) if mover is helper else (True, False))
        (walk,) = runs(world.main, start, end)
        at = walk[0]["stepBegin"] - 1
        blocked = world.occluder_cells(at) | set().union(*(world.cells_under(o, at) for o in world.others))
        free = world.free(blocked | goal_cells)
        around = neighbours(goal_cells) & free
        reach = distances(free, main_start)
        if any(cell in reach for cell in around):
            assert kind != "hinder"
            assert_walk(world, world.main, walk, blocked | goal_cells, around, speed, goal_xz)
            assert_touches(world.main, walk[-1], goal_xz, goal_half)
            assert walk[-1]["stepBegin"] in red
        else:
            assert kind == "hinder"
            to_goal = distances(world.free(set()) | goal_cells, goal_cells)
            nearest = min(to_goal[c] for c in reach)
            targets = {c for c in reach if to_goal[c] == nearest}
            # It stops at the reachable cell nearest the goal, or on the way there against the occluder that
            # plugs the goal's doorway.
            plug = world.position(world.occluder, at)
            assert_walk(world, world.main, walk, blocked | goal_cells, targets, speed, plug)
            if not touches(world.main, walk[-1], plug, half_extents(world.occluder)):
                assert world.agent_cell(world.main, walk[-1]["stepBegin"]) in targets


def reachable(world: World, starts: set, blocked: set, goal: set) -> bool:
    free = world.free(blocked)
    return bool(neighbours(goal) & free & set(distances(free, starts)))


def assert_test_trial(world: World, truth: dict, speed: float) -> list[dict]:
    """The primary agent walks up to the agent the truth names, and touches it alone; returns its walk."""
    target = world.objects[truth["approached_id"]]
    other = next(o for o in world.others if o is not target)
    assert not world.visible(world.goal, world.test_start) and not world.visible(world.occluder, world.test_start)
    (walk,) = runs(world.main, world.test_start, world.document["goal"]["last_step"] + 1)
    blocked = world.cells_under(target, world.test_start) | world.cells_under(other, world.test_start)
    assert_walk(world, world.main, walk, blocked, neighbours(world.cells_under(target, world.test_start)), speed,
                world.position(target, world.test_start))
    # It stops where it would touch the larger of the two agents: against this one, or short of it by the
    # difference of their footprints.
    larger = tuple(max(half_extents(agent)[axis] for agent in world.others) for axis in (0, 1))
    assert_touches(world.main, walk[-1], world.position(target, world.test_start), larger)
    x, z = walk[-1]["position"]["x"], walk[-1]["position"]["z"]
    target_xz, main_half, target_half = world.position(target, world.test_start), half_extents(world.main), \
        half_extents(target)
    assert max(abs(x - target_xz[0]) - main_half[0] - target_half[0],
               abs(z - target_xz[1]) - main_half[1] - target_half[1]) >= -EPS
    assert truth["expected"] == (truth["approached_id"] == truth["helper_id"])
    assert truth["end_position"] == [walk[-1]["position"]["x"], walk[-1]["position"]["z"]]
    return walk


def assert_mirrored(walks: list[list[dict]]) -> None:
    """In the evaluation layout the primary agent starts on the line of symmetry between the helper and the
    hinderer (z = 0), so its two test walks mirror each other in z, to the last keyframe."""
    one, two = walks
    assert len(one) == len(two)
    for a, b in zip(one, two, strict=True):
        assert a["stepBegin"] == b["stepBegin"]
        assert abs(a["position"]["x"] - b["position"]["x"]) < 2e-4
        assert abs(a["position"]["z"] + b["position"]["z"]) < 2e-4


def check_pair(family: HelperHinderer, seed: int, index: int) -> None:
    sample, documents, _ = checked_sample(family, seed, "hh_", index)
    plan = sample.params["plan"]
    assert sorted(plan) == sorted(family.config["trials"]["plan"])
    speeds = [(trial["speed"], trial["mover_speed"]) for trial in sample.params["trials"]]
    assert set(documents) == {"expected", "unexpected"}
    walks = []
    for suffix, document in documents.items():
        assert list(compiled_validator("mcs_scene").iter_errors(document)) == []
        world = World(document)
        assert_on_floor(world)
        assert_no_overlap(world)
        assert_trials(world, sample.truth[suffix], plan, speeds)
        walks.append(assert_test_trial(world, sample.truth[suffix], sample.params["test_speed"]))
    if sample.params["layout"] == "evaluation":
        assert abs(sample.params["main_start"][1]) < EPS
        assert_mirrored(walks)
    test_start = World(documents["expected"]).test_start
    assert sample.pair is not None
    assert sample.pair["test_start"] == test_start == World(documents["unexpected"]).test_start
    assert_identical_before_test(documents["expected"], documents["unexpected"], test_start)
    assert sample.truth["expected"]["approaches"] == "helper" and sample.truth["unexpected"]["approaches"] == "hinderer"
