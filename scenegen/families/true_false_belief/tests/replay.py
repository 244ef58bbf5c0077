"""An independent replay of True/False Belief documents, for the tests.

Everything is re-derived from the two exported documents alone, not from the
generator: the walls and the grid's extent from the wall cubes, where each object
is at every step (and every centimetre between steps) from its ``shows`` and
``hides``, footprints as boxes from the catalogue sizes. From these the replay
derives the label: the steps the object moves in the test trial, whether the
primary agent is on the grid throughout them (true belief) or off it (false
belief), which place it ends at (standing on the object's old place, or touching
the object at its new one), which occluder each place is behind, and so which
file is expected. The manifest's label must agree.
"""

from __future__ import annotations

import bisect
import itertools
import math

import numpy as np

from scenegen.families.true_false_belief import TrueFalseBelief
from scenegen.mcs.geometry import object_size, resting_y
from scenegen.plugin.schemas import compiled_validator
from tests.kit.pairs import assert_identical_before_test
from tests.kit.support import checked_sample

EPS = 1e-6
#: The slack on touching: the evaluation pair's own walks overlap the object by 1.1 mm.
TOUCH = 2e-3
OUTSIDE_SPEED = 0.125
REFERENCE = "more/eval_7_passive_agents_true_false_belief_0001_0{}.json"
RED = ["Custom/Materials/Red"]


class World:
    """One document replayed."""

    def __init__(self, document: dict) -> None:
        self.document = document
        self.objects = document["objects"]
        self.by_id = {item["id"]: item for item in self.objects}
        self.main = self._one("agent_")
        self.other = self._one("other_agent")
        self.goal = self._one("object_")
        self.occluders = [item for item in self.objects if item["id"].startswith("occluder_")]
        self.walls = [item for item in self.objects if item["id"].startswith("wall_")]
        actions = document["goal"]["action_list"]
        ends = [i + 1 for i, action in enumerate(actions) if action == ["EndHabituation"]]
        self.trials = list(zip([0, *ends[:-1]], ends, strict=True))
        self.test_start = ends[-1]
        self.last_step = document["goal"]["last_step"]
        boxes = [self.box(item, 0) for item in self.walls]
        # The grid: inside the border walls' inner faces (the walls span it with their outer faces).
        low_x, low_z = min(b[0] for b in boxes), min(b[1] for b in boxes)
        high_x, high_z = max(b[2] for b in boxes), max(b[3] for b in boxes)
        self.grid = (low_x + 0.5, low_z + 0.5, high_x - 0.5, high_z - 0.5)

    def _one(self, prefix: str) -> dict:
        (item,) = [item for item in self.objects if item["id"].startswith(prefix)]
        return item

    @staticmethod
    def position(item: dict, step: int) -> tuple[float, float]:
        steps = [show["stepBegin"] for show in item["shows"]]
        show = item["shows"][max(bisect.bisect_right(steps, step) - 1, 0)]
        return show["position"]["x"], show["position"]["z"]

    @staticmethod
    def visible(item: dict, step: int) -> bool:
        """Whether the last event by ``step`` shows it: a keyframe after a hide shows it again (under false belief
        the primary agent is hidden from the test trial's start until it walks in)."""
        shown = [s["stepBegin"] for s in item["shows"] if s["stepBegin"] <= step]
        hidden = [h["stepBegin"] for h in item.get("hides", ()) if h["stepBegin"] <= step]
        return bool(shown) and (not hidden or max(shown) > max(hidden))

    def box(self, item: dict, step: int) -> tuple[float, float, float, float]:
        (x, z), (hx, hz) = self.position(item, step), half_extents(item)
        return x - hx, z - hz, x + hx, z + hz

    def on_grid(self, point: tuple[float, float]) -> bool:
        low_x, low_z, high_x, high_z = self.grid
        return low_x < point[0] < high_x and low_z < point[1] < high_z

    def moving_steps(self, item: dict, after: int) -> list[int]:
        """Steps after ``after`` at which the item stands somewhere new."""
        return [step for step in range(after + 1, self.last_step + 1)
                if self.position(item, step) != self.position(item, step - 1)]

    def behind(self, place: tuple[float, float], step: int) -> dict | None:
        """The occluder standing across the place's z, between it and the primary agent's place in x."""
        home = self.position(self.main, 0)
        for occluder in self.occluders:
            low_x, low_z, high_x, high_z = self.box(occluder, step)
            if low_z <= place[1] <= high_z and (low_x - place[0]) * (home[0] - high_x) > 0:
                return occluder
        return None


def half_extents(item: dict) -> tuple[float, float]:
    """Half sizes along x and z of the object's axis-aligned bounding box."""
    show = item["shows"][0]
    size_x, _, size_z = object_size(item["type"])
    w, d = size_x * show["scale"]["x"], size_z * show["scale"]["z"]
    angle = math.radians(show["rotation"]["y"])
    return ((abs(math.cos(angle)) * w + abs(math.sin(angle)) * d) / 2,
            (abs(math.sin(angle)) * w + abs(math.cos(angle)) * d) / 2)


def gap(world: World, mover: dict, step: int, target: tuple[float, float], target_half) -> float:
    """The larger of the gaps along x and z between the mover at ``step`` and a box: 0 when they touch."""
    (x, z), (hx, hz) = world.position(mover, step), half_extents(mover)
    return max(abs(x - target[0]) - hx - target_half[0], abs(z - target[1]) - hz - target_half[1])


# ---------------------------------------------------------------- the label, derived

def derive_label(world: World) -> dict:
    """What the document shows: belief, the place approached, and whether that is expected."""
    moves = world.moving_steps(world.goal, world.test_start)
    assert moves, "the object does not move in the test trial"
    picked, dropped = moves[0], moves[-1]
    on_grid = {world.visible(world.main, step) and world.on_grid(world.position(world.main, step))
               for step in range(picked - 1, dropped + 1)}
    assert len(on_grid) == 1, "the primary agent comes or goes while the object moves"
    watching = on_grid.pop()
    old, new = world.position(world.goal, world.test_start), world.position(world.goal, world.last_step)
    end_step = world.main["shows"][-1]["stepBegin"]
    assert world.test_start < end_step <= world.last_step
    end = world.position(world.main, end_step)
    if math.dist(end, old) < 0.01:
        approaches = "old"
    else:
        assert abs(gap(world, world.main, end_step, new, half_extents(world.goal))) <= TOUCH, \
            f"the primary agent ends at {end}, neither on {old} nor touching the object at {new}"
        approaches = "new"
    old_occluder, new_occluder = world.behind(old, world.test_start), world.behind(new, world.last_step)
    assert old_occluder is not None and new_occluder is not None, "a place is behind no occluder"
    return {"belief": "true" if watching else "false", "approaches": approaches,
            "expected": (approaches == "new") == watching, "carried": [picked, dropped],
            "occluder_id": (old_occluder if approaches == "old" else new_occluder)["id"],
            "same_occluder": old_occluder is new_occluder, "old_place": list(old), "new_place": list(new)}


# ---------------------------------------------------------------- the properties

def assert_no_overlap(world: World) -> None:
    """At every step where anything moves, and at every centimetre of a move between two steps, no two
    visible objects' footprints overlap (walls among themselves, and the object with the agent carrying it,
    aside): no agent walks into a wall, an occluder, the object or the other agent."""
    items = world.objects
    halves = np.array([half_extents(item) for item in items])
    walls = np.array([item["id"].startswith("wall_") for item in items])
    exempt = walls[:, None] & walls[None, :] | np.eye(len(items), dtype=bool)
    carried = world.moving_steps(world.goal, world.test_start)
    goal, other = items.index(world.goal), items.index(world.other)
    steps = sorted({s["stepBegin"] for item in items for s in item["shows"]}
                   | {h["stepBegin"] for item in items for h in item.get("hides", ())})
    for step in steps:
        shown = np.array([world.visible(item, step) for item in items])
        after = np.array([world.position(item, step) for item in items])
        before = np.array([world.position(item, step - 1) if walks_into(item, step) else world.position(item, step)
                           for item in items])
        allowed = exempt.copy()
        if carried and carried[0] <= step < carried[-1]:
            allowed[goal, other] = allowed[other, goal] = True
        fractions = np.linspace(0.0, 1.0, max(2, math.ceil(np.abs(after - before).max() / 0.01) + 1))
        where = before[None] + fractions[:, None, None] * (after - before)[None]
        apart = np.abs(where[:, :, None, :] - where[:, None, :, :]) - (halves[:, None, :] + halves[None, :, :])
        hits = np.all(apart < -EPS, axis=3).any(axis=0) & shown[:, None] & shown[None, :] & ~allowed
        a, b = np.argwhere(hits)[0] if hits.any() else (None, None)
        assert a is None, f"step {step}: {items[a]['id']} overlaps {items[b]['id']}"


def walks_into(item: dict, step: int) -> bool:
    """Whether the item walks into ``step`` from the step before (keyframes on both; a reset is a jump)."""
    steps = [s["stepBegin"] for s in item["shows"]]
    here = bisect.bisect_left(steps, step)
    return 0 < here < len(steps) and steps[here] == step and steps[here - 1] == step - 1


def assert_motion(world: World, fastest: float) -> None:
    """Agents stay on the floor with a fixed rotation and step at most ``fastest`` m (or 0.125, the pace of the
    walks in from outside); props keep their y; the secondary agent shows only in the test trial; nothing
    leaves the room."""
    for item in (world.main, world.other):
        scale = item["shows"][0]["scale"]["y"]
        assert all(abs(s["position"]["y"] - resting_y(item["type"], scale)) < 1e-3 for s in item["shows"])
        assert len({s["rotation"]["y"] for s in item["shows"]}) == 1
        for a, b in itertools.pairwise(item["shows"]):
            if b["stepBegin"] == a["stepBegin"] + 1:
                points = [(s["position"]["x"], s["position"]["z"]) for s in (a, b)]
                limit = max(fastest, OUTSIDE_SPEED)
                assert math.dist(*points) <= limit + 1e-3, f"{item['id']} steps {math.dist(*points):.4f} m"
    for item in world.objects:
        if item is not world.goal:
            assert len({s["position"]["y"] for s in item["shows"]}) == 1
    # The object leaves the floor only to ride on the secondary agent's top, where it is.
    rest = world.goal["shows"][0]["position"]["y"]
    scale = world.other["shows"][0]["scale"]["y"]
    top = object_size(world.other["type"])[1] * scale + rest
    for show in world.goal["shows"]:
        if abs(show["position"]["y"] - rest) > EPS:
            assert abs(show["position"]["y"] - top) < 1e-3
            assert world.position(world.other, show["stepBegin"]) == (show["position"]["x"], show["position"]["z"])
        assert all(abs(s["position"]["x"]) < 5 and abs(s["position"]["z"]) < 5 for s in item["shows"])
    assert world.other["shows"][0]["stepBegin"] > world.test_start
    assert all(not world.visible(world.other, step) for step in range(world.test_start + 1))


def assert_familiarization(world: World) -> None:
    """In every familiarisation trial the primary agent starts on the grid, walks, and ends touching the object,
    which turns red then, and its colour comes back when the next trial starts."""
    goal_half = half_extents(world.goal)
    changes = {c["stepBegin"]: c["materials"] for c in world.goal.get("changeMaterials", ())}
    for start, end in world.trials:
        assert world.on_grid(world.position(world.main, start))
        walk = [s["stepBegin"] for s in world.main["shows"] if start < s["stepBegin"] < end]
        assert walk, f"the primary agent stands still in the trial from {start}"
        contact = walk[-1]
        assert abs(gap(world, world.main, contact, world.position(world.goal, start), goal_half)) <= TOUCH
        assert changes.get(contact) == RED and changes.get(end) == world.goal["materials"]
        assert world.position(world.goal, contact) == world.position(world.goal, start)


def check_pair(family: TrueFalseBelief, seed: int, index: int) -> None:
    """The pair validates, plays out without overlaps, and the label derived from its documents alone is
    the manifest's, file by file and for the pair."""
    sample, documents, _ = checked_sample(family, seed, "tfb_", index)
    assert set(documents) == {"expected", "unexpected"}
    fastest = max([trial["speed"] for trial in sample.params["trials"]] + [sample.params["test_speed"]])
    derived = {}
    for suffix, document in documents.items():
        assert list(compiled_validator("mcs_scene").iter_errors(document)) == []
        world = World(document)
        assert_motion(world, fastest)
        assert_familiarization(world)
        assert_no_overlap(world)
        label = derive_label(world)
        truth = sample.truth[suffix]
        for key in ("belief", "approaches", "expected", "carried", "occluder_id", "old_place", "new_place"):
            assert truth[key] == label[key], (suffix, key, truth[key], label[key])
        assert label["same_occluder"] == (truth["move"] == "same_occluder")
        assert (truth["primary_id"], truth["secondary_id"], truth["object_id"]) == \
            (world.main["id"], world.other["id"], world.goal["id"])
        red = [c["stepBegin"] for c in world.goal.get("changeMaterials", ()) if c["materials"] == RED]
        assert (red[-1] > world.test_start) == (label["approaches"] == "new")
        derived[suffix] = label
    assert derived["expected"]["expected"] and not derived["unexpected"]["expected"]
    pair = sample.pair
    assert pair is not None
    assert pair["rate_higher"] == "expected" and pair["belief"] == derived["expected"]["belief"]
    assert (pair["primary_id"], pair["secondary_id"]) == (sample.truth["expected"]["primary_id"],
                                                          sample.truth["expected"]["secondary_id"])
    test_start = World(documents["expected"]).test_start
    assert pair["test_start"] == test_start == World(documents["unexpected"]).test_start
    assert_identical_before_test(documents["expected"], documents["unexpected"], test_start)
