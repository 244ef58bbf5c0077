"""An independent replay of Helper/Hinderer documents, for the tests.

Everything is re-derived from the two exported documents, independently of the
generator: the wall cells from the wall cubes, where each object is at every step
by replaying its ``shows`` and ``hides``, footprints as axis-aligned boxes from
the catalogue sizes, and shortest paths by a breadth-first search over 4-connected
0.5 m cells (the move set the family documents).
"""

from __future__ import annotations

import bisect
import itertools
import json
import math
from collections import deque

import numpy as np
import orjson

from scenegen.families.helper_hinderer import HelperHinderer
from scenegen.geometry import object_size, resting_y
from scenegen.validate import reference_validator

from .support import checked_sample

CELL = 0.5
EPS = 1e-6
MOVES = ((1, 0), (-1, 0), (0, 1), (0, -1))
REFERENCE = "eval_7_passive_agents_helper_hinderer_0001_0{}.json"


# ---------------------------------------------------------------- replaying a document

class World:
    """One document replayed: walls as cells, every object's pose at any step."""

    def __init__(self, document: dict, speed: float) -> None:
        self.document = document
        self.speed = speed
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

    def touched(self, xz: tuple[float, float]) -> set[tuple[int, int]]:
        """Cells whose closed square holds the point (two on an edge between cells)."""
        u, v = (xz[0] + self.size * CELL / 2) / CELL - 0.5, (xz[1] + self.size * CELL / 2) / CELL - 0.5
        us = {math.floor(u + 0.5 + EPS), math.ceil(u - 0.5 - EPS)}
        vs = {math.floor(v + 0.5 + EPS), math.ceil(v - 0.5 - EPS)}
        return {(a, b) for a in us for b in vs}

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


def distances(free: set, start: tuple[int, int]) -> dict[tuple[int, int], int]:
    """BFS move counts from ``start`` (which need not be free) through ``free`` cells."""
    seen = {start: 0}
    queue = deque([start])
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

def assert_identical_before_test(expected: dict, unexpected: dict, test_start: int) -> None:
    """With every keyframe and event at or after the test trial's first step removed, and the
    names (which carry the suffix) set equal, both documents serialise to the same bytes."""
    def cut(document: dict) -> bytes:
        copy = json.loads(json.dumps(document))
        copy["name"] = "pair"
        for item in copy["objects"]:
            for key in ("shows", "hides", "changeMaterials"):
                if key in item:
                    item[key] = [e for e in item[key] if e["stepBegin"] < test_start]
        return orjson.dumps(copy)

    assert cut(expected) == cut(unexpected)
    assert expected != unexpected


def assert_no_overlap(world: World) -> None:
    """At every step where anything moves, no two objects' footprints overlap (walls among themselves aside)."""
    items = list(world.objects.values())
    halves = np.array([half_extents(item) for item in items])
    walls = np.array([item["id"].startswith("wall_") for item in items])
    exempt = walls[:, None] & walls[None, :] | np.eye(len(items), dtype=bool)
    steps = sorted({s["stepBegin"] for item in items for s in item["shows"]}
                   | {h["stepBegin"] for item in items for h in item.get("hides", ())})
    for step in steps:
        shown = np.array([world.visible(item, step) for item in items])
        where = np.array([world.position(item, step) for item in items])
        gap = np.abs(where[:, None, :] - where[None, :, :]) - (halves[:, None, :] + halves[None, :, :])
        hits = np.all(gap < -EPS, axis=2) & shown[:, None] & shown[None, :] & ~exempt
        a, b = np.argwhere(hits)[0] if hits.any() else (None, None)
        assert a is None, f"step {step}: {items[a]['id']} overlaps {items[b]['id']}"


def assert_on_floor(world: World) -> None:
    for item in [world.main, *world.others]:
        scale = item["shows"][0]["scale"]["y"]
        assert all(abs(s["position"]["y"] - resting_y(item["type"], scale)) < 1e-3 for s in item["shows"])
        assert len({s["rotation"]["y"] for s in item["shows"]}) == 1


def assert_shortest(world: World, item: dict, run: list[dict], blocked: set, targets: set) -> tuple[int, int]:
    """The run walks a shortest path from where it starts to the nearest cell of ``targets``; returns that cell."""
    start = world.agent_cell(item, run[0]["stepBegin"] - 1)
    path = set().union({start}, *(world.touched((s["position"]["x"], s["position"]["z"])) for s in run))
    free = world.free(blocked)
    assert path - {start} <= free, f"{item['id']} walks through {path - {start} - free}"
    end = world.cell_of((run[-1]["position"]["x"], run[-1]["position"]["z"]))
    reach = distances(free, start)
    assert end in targets and end in reach
    assert reach[end] == min(reach[t] for t in targets if t in reach)
    assert len(path) - 1 == reach[end], f"{item['id']}: {len(path) - 1} cells for a shortest path of {reach[end]}"
    # At constant speed: one keyframe per `speed` metres of that path (plus the final approach to contact).
    centre = ((end[0] + 0.5) * CELL - world.size * CELL / 2, (end[1] + 0.5) * CELL - world.size * CELL / 2)
    length = reach[end] * CELL + math.dist(centre, (run[-1]["position"]["x"], run[-1]["position"]["z"]))
    assert len(run) == math.ceil(length / world.speed - 1e-6)
    before = world.position(item, run[0]["stepBegin"] - 1)
    points = [before] + [(s["position"]["x"], s["position"]["z"]) for s in run]
    assert max(math.dist(a, b) for a, b in itertools.pairwise(points)) <= world.speed + 1e-3
    return end


def neighbours(cells: set) -> set:
    return {(c + dc, r + dr) for c, r in cells for dc, dr in MOVES} - set(cells)


def assert_touches(world: World, mover: dict, last: dict, target_xz, target_half) -> None:
    x, z = last["position"]["x"], last["position"]["z"]
    gaps = [abs(x - target_xz[0]) - half_extents(mover)[0] - target_half[0],
            abs(z - target_xz[1]) - half_extents(mover)[1] - target_half[1]]
    assert -EPS <= max(gaps) <= 2e-3, f"{mover['id']} stops {max(gaps):.4f} m from its target"


def assert_trials(world: World, truth: dict, plan: list[str]) -> None:
    helper = world.objects[truth["helper_id"]]
    hinderer = world.objects[truth["hinderer_id"]]
    goal_half = half_extents(world.goal)
    red = [c["stepBegin"] for c in world.goal.get("changeMaterials", ()) if c["materials"] == ["Custom/Materials/Red"]]
    assert len(red) == sum(kind != "hinder" for kind in plan)  # on contact only: never in the test trial
    for (start, end), kind in zip(world.trials, plan, strict=True):
        goal_cell = world.agent_cell(world.goal, start)
        goal_xz = world.position(world.goal, start)
        main_start = world.agent_cell(world.main, start)
        occluder_moves = runs(world.occluder, start, end)
        movers = [o for o in world.others if runs(o, start, end)]
        assert len(occluder_moves) == (kind != "none") and movers == ([] if kind == "none" else
                                                                      [helper if kind == "help" else hinderer])
        if kind != "none":
            mover = movers[0]
            approach, push = runs(mover, start, end)
            assert [s["stepBegin"] for s in push] == [s["stepBegin"] for s in occluder_moves[0]]
            slot_before = world.occluder_cells(start)
            others = {world.agent_cell(o, start) for o in (world.main, *world.others) if o is not mover}
            ends = neighbours(slot_before) & {(c, r) for c, _ in slot_before for r in range(world.size)}
            stand = assert_shortest(world, mover, approach, slot_before | others | {goal_cell}, ends)
            occluder_at = world.position(world.occluder, start)
            assert_touches(world, mover, approach[-1], occluder_at, half_extents(world.occluder))
            # The push or pull: the mover and the occluder slide together along the occluder's column.
            xs = {s["position"]["x"] for s in push} | {s["position"]["x"] for s in occluder_moves[0]}
            assert len({round(x, 6) for x in xs}) == 1 and {stand[0]} == {c for c, _ in slot_before}
            slot_after = world.occluder_cells(end - 1)
            blocked_before = {goal_cell, *(world.agent_cell(o, start) for o in world.others)}
            can_before = reachable(world, main_start, slot_before | blocked_before, goal_cell)
            can_after = reachable(world, main_start, slot_after | blocked_before, goal_cell)
            # The helper's move always opens the way to the goal, the hinderer's always closes it.
            assert (can_before, can_after) == ((False, True) if mover is helper else (True, False))
        (walk,) = runs(world.main, start, end)
        at = walk[0]["stepBegin"] - 1
        blocked = world.occluder_cells(at) | {world.agent_cell(o, at) for o in world.others} | {goal_cell}
        free = world.free(blocked)
        around = neighbours({goal_cell}) & free
        reach = distances(free, main_start)
        if any(cell in reach for cell in around):
            assert kind != "hinder"
            assert_shortest(world, world.main, walk, blocked, around)
            assert_touches(world, world.main, walk[-1], goal_xz, goal_half)
            assert walk[-1]["stepBegin"] in red
        else:
            assert kind == "hinder"
            to_goal = distances(world.free(set()) | {goal_cell}, goal_cell)
            nearest = min(to_goal[c] for c in reach)
            assert_shortest(world, world.main, walk, blocked, {c for c in reach if to_goal[c] == nearest})


def reachable(world: World, start, blocked: set, goal) -> bool:
    free = world.free(blocked)
    return bool(neighbours({goal}) & free & set(distances(free, start)))


def assert_test_trial(world: World, truth: dict) -> None:
    target = world.objects[truth["approached_id"]]
    assert not world.visible(world.goal, world.test_start) and not world.visible(world.occluder, world.test_start)
    (walk,) = runs(world.main, world.test_start, world.document["goal"]["last_step"] + 1)
    blocked = {world.agent_cell(o, world.test_start) for o in world.others}
    end = assert_shortest(world, world.main, walk, blocked, neighbours({world.agent_cell(target, world.test_start)}))
    assert abs(end[0] - world.agent_cell(target, 0)[0]) + abs(end[1] - world.agent_cell(target, 0)[1]) == 1
    assert_touches(world, world.main, walk[-1], world.position(target, world.test_start), half_extents(target))
    assert truth["expected"] == (truth["approached_id"] == truth["helper_id"])


def check_pair(family: HelperHinderer, seed: int, index: int) -> None:
    sample, documents, _ = checked_sample(family, seed, "hh_", index)
    plan = list(family.config["trials"]["plan"])
    assert set(documents) == {"expected", "unexpected"}
    for suffix, document in documents.items():
        assert list(reference_validator("mcs_scene").iter_errors(document)) == []
        world = World(document, sample.params["speed"])
        assert_on_floor(world)
        assert_no_overlap(world)
        assert_trials(world, sample.truth[suffix], plan)
        assert_test_trial(world, sample.truth[suffix])
    test_start = World(documents["expected"], 0.0).test_start
    assert sample.pair["test_start"] == test_start == World(documents["unexpected"], 0.0).test_start
    assert_identical_before_test(documents["expected"], documents["unexpected"], test_start)
    assert sample.truth["expected"]["approaches"] == "helper" and sample.truth["unexpected"]["approaches"] == "hinderer"
