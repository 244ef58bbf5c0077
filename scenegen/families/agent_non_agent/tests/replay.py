"""An independent replay of Agent / Non-Agent documents, for the tests.

Everything is re-derived from the exported documents: trials from the action list,
where each object stands at every step from its ``shows``, footprints as
axis-aligned boxes from the catalogue sizes, scales and rotations (the occluder's,
turned 45 degrees, by its bounding box); the paddle as the rectangle its scale
makes, turned by its y rotation about its position. The replay decides, from the
JSON alone:

- which object the blob touches at the end of every trial (within 5 mm);
- in every trial, what set the blob off: itself (an agent: the paddle's rectangle
  never comes within 5 mm of its box, the largest gap along the two shapes' four
  edge directions), or the paddle (a non-agent: the rectangle first comes within
  5 mm of its box on the last step it stands still, it then leaves along the way
  the paddle's face moved there, within 4 degrees, and is never overlapped); any
  other trial is refused as ambiguous, and every trial of a scene must agree;
- the test file's kind: for an agent expected when it touches the object it
  touched in every familiarisation trial, unexpected otherwise; for a non-agent
  no expectation either way.
"""

from __future__ import annotations

import bisect
import math

from scenegen.families.agent_non_agent import AgentNonAgent
from scenegen.mcs.geometry import object_size
from scenegen.plugin.schemas import compiled_validator
from tests.kit.pairs import assert_identical_before_test
from tests.kit.support import checked_sample

TOUCH = 5e-3
EPS = 1e-6
#: How far (degrees) the blob's way off may turn from the way the paddle's face moved where it touched it.
PUSH_ANGLE = 4.0
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

    def paddle_gap(self, show: dict, place: tuple[float, float]) -> float:
        """The largest gap, along the paddle's and the box's edge directions, between the paddle as ``show`` has it
        and the blob's box at ``place`` (zero or less: they touch)."""
        scale = self.paddle["shows"][0]["scale"]
        length, width = scale["z"] / 2, scale["x"] / 2
        turn = math.radians(show["rotation"]["y"])
        # The paddle's local z (its length) turned by its y rotation, and its local x (its width).
        along, across = (math.sin(turn), math.cos(turn)), (math.cos(turn), -math.sin(turn))
        offset = (place[0] - show["position"]["x"], place[1] - show["position"]["z"])
        hx, hz = half(self.blob)
        found = []
        for axis, box in ((0, hx), (1, hz)):
            found.append(abs(offset[axis]) - box - length * abs(along[axis]) - width * abs(across[axis]))
        for edge, own in ((along, length), (across, width)):
            found.append(abs(offset[0] * edge[0] + offset[1] * edge[1]) - own - hx * abs(edge[0]) - hz * abs(edge[1]))
        return max(found)

    def set_off(self, first: int, end: int) -> str:
        """What set the blob off in a trial: ``agent`` (itself, never touched) or ``non_agent`` (the paddle)."""
        frames = self.blob_frames(first, end)
        start = frames[0][1]
        leaves = next(step for step, place in frames if place != start)
        shows = [show for show in self.paddle["shows"] if first <= show["stepBegin"] < end]
        gaps = {show["stepBegin"]: self.paddle_gap(show, self.at(self.blob, show["stepBegin"])) for show in shows}
        touches = [step for step, value in gaps.items() if value <= TOUCH]
        if not touches:
            return "agent"
        assert touches[0] == leaves - 1, f"the paddle touches the blob at {touches[0]}; it leaves at {leaves}"
        assert min(gaps[step] for step in gaps if step >= leaves) >= -EPS, "the paddle overlaps the blob"
        swept = self._face_way(shows, leaves - 1, start)
        way = math.degrees(math.atan2(frames[-1][1][1] - start[1], frames[-1][1][0] - start[0]))
        assert abs((way - swept + 180) % 360 - 180) <= PUSH_ANGLE, f"pushed toward {swept:.1f}, leaves toward {way:.1f}"
        return "non_agent"

    @staticmethod
    def _face_way(shows: list[dict], step: int, place: tuple[float, float]) -> float:
        """The way (degrees) the paddle's point level with ``place`` moves from ``step`` to the next step."""
        by_step = {show["stepBegin"]: show for show in shows}
        now, then = by_step[step], by_step[step + 1]
        pivot = (now["position"]["x"], now["position"]["z"])
        turns = [math.radians(show["rotation"]["y"]) for show in (now, then)]
        reach = (place[0] - pivot[0]) * math.sin(turns[0]) + (place[1] - pivot[1]) * math.cos(turns[0])
        moved = [reach * (math.sin(turns[1]) - math.sin(turns[0])), reach * (math.cos(turns[1]) - math.cos(turns[0]))]
        return math.degrees(math.atan2(moved[1], moved[0]))

    def verdict(self) -> dict:
        """What the document shows: the object gone to in familiarisation, the test's, the blob's kind, the
        file's kind."""
        familiar = {self.touched(*trial) for trial in self.trials[:-1]}
        assert len(familiar) == 1, f"the blob touches {familiar} in familiarisation"
        preferred = familiar.pop()
        approaches = self.touched(*self.trials[-1])
        kinds = {self.set_off(*trial) for trial in self.trials}
        assert len(kinds) == 1, "the blob is an agent in some trials and not in others"
        entity = kinds.pop()
        kind = "no_expectation" if entity == "non_agent" else "expected" if approaches == preferred else "unexpected"
        return {"preferred_id": preferred, "approaches": approaches, "entity": entity, "kind": kind}

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
    before the test trial, and the replay's verdict agreeing with the label and the pair record."""
    sample, documents, _ = checked_sample(family, seed, "an_", index)
    assert set(documents) == {"a", "b"}
    verdicts = {}
    for suffix, document in documents.items():
        assert list(compiled_validator("mcs_scene").iter_errors(document)) == []
        world = World(document)
        world.assert_in_room_without_overlaps()
        world.assert_touches()
        verdicts[suffix] = world.verdict()
        truth = sample.truth[suffix]
        assert verdicts[suffix] == {key: truth[key] for key in ("preferred_id", "approaches", "entity", "kind")}
    assert sample.pair is not None and all(sample.pair[suffix] == verdicts[suffix]["kind"] for suffix in documents)
    assert {verdict["approaches"] for verdict in verdicts.values()} == {o["id"] for o in World(documents["a"]).goals}
    if verdicts["a"]["entity"] == "agent":
        assert sample.pair["higher"] is not None and verdicts[sample.pair["higher"]]["kind"] == "expected"
    else:
        assert sample.pair["higher"] is None and not any(truth["rated_higher"] for truth in sample.truth.values())
    test_start = World(documents["a"]).trials[-1][0]
    assert sample.pair["test_start"] == test_start
    assert documents["a"]["goal"]["last_step"] == documents["b"]["goal"]["last_step"]
    assert_identical_before_test(documents["a"], documents["b"], test_start)
