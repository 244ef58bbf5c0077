"""An independent replay of Agent / Non-Agent documents, for the tests.

Everything is re-derived from the exported documents: trials from the action list,
where each object stands at every step from its ``shows``, footprints as
axis-aligned boxes from the catalogue sizes, scales and rotations (the occluder's,
turned 45 degrees, by its bounding box; the paddle by the disc its corners sweep
about its pivot). The replay decides, from the JSON alone:

- which object the blob touches at the end of every trial (within 5 mm);
- whether it is an agent: the paddle's disc never reaches the blob's box at any
  step the paddle is shown, so nothing but the blob moved it;
- whether the test trial is expected: an agent touching the object it touched in
  every familiarisation trial.
"""

from __future__ import annotations

import bisect
import math

from scenegen.families.agent_non_agent import AgentNonAgent
from scenegen.mcs.geometry import object_size
from scenegen.plugin.schemas import reference_validator
from tests.kit.pairs import assert_identical_before_test
from tests.kit.support import checked_sample

TOUCH = 5e-3
EPS = 1e-6
REFERENCE = "eval_7_passive_agents_non_agent_0001_0{}.json"


def half(item: dict) -> tuple[float, float]:
    """An object's footprint half extents (x, z) as an axis-aligned box of its turned catalogue box."""
    first = item["shows"][0]
    size_x, _, size_z = object_size(item["type"])
    sx, sz = size_x * first["scale"]["x"] / 2, size_z * first["scale"]["z"] / 2
    turn = math.radians(first["rotation"]["y"])
    cos, sin = abs(math.cos(turn)), abs(math.sin(turn))
    return sx * cos + sz * sin, sx * sin + sz * cos


def gap(a: tuple[float, float], ha: tuple[float, float], b: tuple[float, float], hb: tuple[float, float]) -> float:
    """How far apart two boxes are (negative: how deep they overlap)."""
    return max(abs(a[0] - b[0]) - ha[0] - hb[0], abs(a[1] - b[1]) - ha[1] - hb[1])


class World:
    """One document replayed."""

    def __init__(self, document: dict) -> None:
        self.objects = {item["id"]: item for item in document["objects"]}
        actions = document["goal"]["action_list"]
        ends = [i + 1 for i, action in enumerate(actions) if action == ["EndHabituation"]]
        self.trials = list(zip([0, *ends], [*ends, document["goal"]["last_step"] + 1], strict=True))
        self.blob = self._one("agent_")
        self.paddle = self._one("paddle_")
        self.occluder = self._one("occluder_")
        self.goals = [item for key, item in self.objects.items() if key.startswith("object_")]
        self.walls = [item for key, item in self.objects.items() if key.startswith("wall_")]
        self.inner = self.objects["wall_grid_right"]["shows"][0]["position"]["x"] - 0.25

    def _one(self, prefix: str) -> dict:
        (item,) = [item for key, item in self.objects.items() if key.startswith(prefix)]
        return item

    @staticmethod
    def at(item: dict, step: int) -> tuple[float, float]:
        steps = [show["stepBegin"] for show in item["shows"]]
        show = item["shows"][bisect.bisect_right(steps, step) - 1]
        return show["position"]["x"], show["position"]["z"]

    def blob_frames(self, first: int, end: int) -> list[tuple[int, tuple[float, float]]]:
        return [(show["stepBegin"], (show["position"]["x"], show["position"]["z"])) for show in self.blob["shows"]
                if first <= show["stepBegin"] < end]

    def gaps(self, first: int, end: int) -> dict[str, float]:
        """How far the blob's last keyframe of a trial stands from each goal object."""
        step, place = self.blob_frames(first, end)[-1]
        return {item["id"]: gap(place, half(self.blob), self.at(item, step), half(item)) for item in self.goals}

    def touched(self, first: int, end: int) -> str:
        """The goal object the blob ends a trial against: the nearer (the real blobs stop by their meshes, a few
        centimetres off their boxes; :meth:`assert_touches` holds generated ones to a touch)."""
        gaps = self.gaps(first, end)
        return min(gaps, key=gaps.__getitem__)

    def assert_touches(self) -> None:
        """At the end of every trial the blob touches one goal object (within 5 mm, never overlapping)."""
        for trial in self.trials:
            assert sorted(-EPS <= g <= TOUCH for g in self.gaps(*trial).values()) == [False, True]

    def pushed(self) -> bool:
        """Whether the paddle's swept disc ever reaches the blob while both are shown."""
        scale = self.paddle["shows"][0]["scale"]
        reach = math.hypot(scale["x"] / 2, scale["z"] / 2)
        blob_half = half(self.blob)
        for show in self.paddle["shows"]:
            pivot = (show["position"]["x"], show["position"]["z"])
            bx, bz = self.at(self.blob, show["stepBegin"])
            dx = max(abs(bx - pivot[0]) - blob_half[0], 0.0)
            dz = max(abs(bz - pivot[1]) - blob_half[1], 0.0)
            if math.hypot(dx, dz) <= reach:
                return True
        return False

    def verdict(self) -> dict:
        """What the document shows: the preferred object, the test's object, the entity's kind, expectedness."""
        familiar = {self.touched(*trial) for trial in self.trials[:-1]}
        assert len(familiar) == 1, f"the blob touches {familiar} in familiarisation"
        preferred = familiar.pop()
        approaches = self.touched(*self.trials[-1])
        entity = "non_agent" if self.pushed() else "agent"
        return {"preferred_id": preferred, "approaches": approaches, "entity": entity,
                "expected": entity == "agent" and approaches == preferred}

    def assert_in_room_without_overlaps(self) -> None:
        """Every keyframe of the blob and every object place within the grid, nothing overlapping."""
        blob_half = half(self.blob)
        walls = [(self.at(w, 0), half(w)) for w in self.walls]
        for first, end in self.trials:
            places = [(self.at(item, first), half(item)) for item in self.goals]
            occluder = self.at(self.occluder, first)
            solid = [*walls, *places]
            if abs(occluder[0]) < self.inner + 1:
                solid.append((occluder, half(self.occluder)))
            for place, extent in places:
                assert all(abs(v) + h <= self.inner + EPS for v, h in zip(place, extent, strict=True))
                assert all(gap(place, extent, w, h) >= -EPS for w, h in walls)
            assert gap(*places[0], *places[1]) > 0
            for _, point in self.blob_frames(first, end):
                assert all(abs(v) + h <= self.inner + EPS for v, h in zip(point, blob_half, strict=True))
                assert all(gap(point, blob_half, w, h) >= -EPS for w, h in solid), f"overlap at {point}"


def check_pair(family: AgentNonAgent, seed: int, index: int) -> None:
    """A pair made as ``make --check`` makes it: both documents valid, in the room, without overlaps, identical
    before the test trial, and the replay's verdict agreeing with the label."""
    sample, documents, _ = checked_sample(family, seed, "an_", index)
    assert set(documents) == {"expected", "unexpected"}
    verdicts = {}
    for suffix, document in documents.items():
        assert list(reference_validator("mcs_scene").iter_errors(document)) == []
        world = World(document)
        world.assert_in_room_without_overlaps()
        world.assert_touches()
        verdicts[suffix] = world.verdict()
        truth = sample.truth[suffix]
        assert verdicts[suffix] == {key: truth[key] for key in ("preferred_id", "approaches", "entity", "expected")}
    assert sample.pair is not None and sample.pair["expected"] == "expected"
    test_start = World(documents["expected"]).trials[-1][0]
    assert sample.pair["test_start"] == test_start
    assert documents["expected"]["goal"]["last_step"] == documents["unexpected"]["goal"]["last_step"]
    assert_identical_before_test(documents["expected"], documents["unexpected"], test_start)
