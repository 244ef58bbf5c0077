"""An independent replay of Approach and Imitation pairs, for the tests.

Everything is re-derived from the two exported documents, never from the
family's code: the trials from the action list, the walls from the wall cubes,
where every object is at every step from its ``shows`` (and ``hides``),
footprints as axis-aligned boxes from the catalogue, touches as footprints less
than a millimetre apart, and movement patterns as the directions an agent's steps
take, runs of one direction folded into one leg. From those alone the replay
says what the label must be:

- Approach: the agent the main agent walks up to in every familiarisation
  trial is its preferred one; in the test trial its walk's directions match
  one of the two other agents' (the one it imitates); touching the goal there
  makes no expectation, else it is expected when it imitates the preferred one.
- Imitation: the model whose walks' directions match the main agent's in the
  familiarisation trials is its preferred one; touching the goal in those
  trials makes no expectation, else the test is expected when the main agent
  ends it against the preferred one (a training scene may end it against the
  goal object instead).

It also checks what must hold whatever the label: nothing ever overlaps a wall,
the border, another agent or the goal on show; the goal turns red exactly on the
steps the main agent arrives against it or against an agent (and back on the next
arrival, or at the next trial); the two files agree up to the test trial (or, for a pair the family
says differs in familiarisation, the main agent's test walks agree).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from scenegen.mcs.geometry import footprint
from scenegen.plugin.schemas import compiled_validator
from tests.kit.support import checked_sample

RED = "Custom/Materials/Red"
TOUCH = 1e-3  # footprints this close (metres) touch
OVERLAP = 1e-6  # footprints closer than this (negative gap) overlap
RANK = {"expected": 2, "no_expectation": 1, "unexpected": 0}


class Replay:
    """One document replayed."""

    def __init__(self, document: dict) -> None:
        self.document = document
        actions = document["goal"]["action_list"]
        self.last_step = document["goal"]["last_step"]
        ends = [i + 1 for i, action in enumerate(actions) if action == ["EndHabituation"]]
        self.trials = list(zip([0, *ends[:-1]], ends, strict=True))
        self.test_start = ends[-1]
        objects = document["objects"]
        self.main = next(o for o in objects if o["id"].startswith("agent_"))
        self.others = [o for o in objects if o["id"].startswith("other_agents_")]
        self.goal = next(o for o in objects if o["id"].startswith("object_"))
        self.walls = [o for o in objects if o["id"].startswith("wall_") and not o["id"].startswith("wall_grid_")]
        right = next(o for o in objects if o["id"] == "wall_grid_right")["shows"][0]
        self.bound = right["position"]["x"] - right["scale"]["x"] / 2
        self.steps = np.arange(self.last_step + 1)
        self.where = {o["id"]: self._track(o) for o in (self.main, *self.others, self.goal)}

    # ------------------------------------------------------------ poses

    def _track(self, item: dict) -> np.ndarray:
        """Where ``item`` is at every step, ``(last_step + 1, 2)``."""
        begins = np.array([s["stepBegin"] for s in item["shows"]])
        points = np.array([(s["position"]["x"], s["position"]["z"]) for s in item["shows"]])
        index = np.clip(np.searchsorted(begins, self.steps, side="right") - 1, 0, None)
        return points[index]

    def shown(self, item: dict) -> np.ndarray:
        """At which steps ``item`` is on show."""
        hidden = min((h["stepBegin"] for h in item.get("hides", ())), default=self.last_step + 1)
        return (self.steps >= item["shows"][0]["stepBegin"]) & (self.steps < hidden)

    @staticmethod
    def half(item: dict) -> np.ndarray:
        first = item["shows"][0]
        scale = tuple(first["scale"][k] for k in "xyz")
        low_x, low_z, high_x, high_z = footprint(item["type"], (0, 0, 0), first["rotation"]["y"], scale).total_bounds()
        return np.array([max(-low_x, high_x), max(-low_z, high_z)])

    def gaps(self, a: dict, b: dict) -> np.ndarray:
        """The larger of the x and z gaps between two footprints at every step (negative: overlapping)."""
        delta = np.abs(self.where[a["id"]] - self.where[b["id"]]) - (self.half(a) + self.half(b))
        return delta.max(axis=1)

    # ------------------------------------------------------------ what always holds

    def assert_nothing_overlaps(self) -> None:
        agents = [self.main, *self.others]
        for agent in agents:
            where, half = self.where[agent["id"]], self.half(agent)
            assert (np.abs(where) + half <= self.bound + 1e-9).all(), f"{agent['id']} crosses the border"
            for wall in self.walls:
                centre = np.array([wall["shows"][0]["position"][k] for k in "xz"])
                size = np.array([wall["shows"][0]["scale"][k] for k in "xz"]) / 2
                gap = (np.abs(where - centre) - (half + size)).max(axis=1)
                assert (gap >= -OVERLAP).all(), f"{agent['id']} enters a wall at step {int(np.argmin(gap))}"
            on_show = self.shown(self.goal)
            gap = self.gaps(agent, self.goal)
            assert (gap[on_show] >= -OVERLAP).all(), f"{agent['id']} enters the goal object"
        for k, a in enumerate(agents):
            for b in agents[k + 1:]:
                assert (self.gaps(a, b) >= -OVERLAP).all(), f"{a['id']} and {b['id']} overlap"

    def arrivals(self) -> list[int]:
        """Steps at which the main agent comes to touch the goal object (on show), or, as in the evaluation's
        scenes, an agent it walked up to (the goal, on show or not, turns red then)."""
        touching = (self.gaps(self.main, self.goal) <= TOUCH) & self.shown(self.goal)
        arrived = np.flatnonzero(touching[1:] & ~touching[:-1]) + 1
        # Against an agent, only where a walk (steps of at most 0.1 m) ends: brushing one in passing, or being put
        # beside one at a trial's start, is not walking up to it.
        where = self.where[self.main["id"]]
        moved = np.abs(np.diff(where, axis=0)).max(axis=1)
        walked_in = np.concatenate([[False], (moved > 1e-9) & (moved <= 0.1)])
        stops = np.concatenate([moved <= 1e-9, [True]])
        for other in self.others:
            against = self.gaps(self.main, other) <= TOUCH
            ends = np.flatnonzero(against[1:] & ~against[:-1]) + 1
            arrived = np.concatenate([arrived, ends[walked_in[ends] & stops[ends]]])
        return sorted(int(step) for step in arrived)

    def assert_goal_turns_red_exactly_on_contact(self) -> None:
        changes = [(c["stepBegin"], c["materials"] == [RED]) for c in self.goal.get("changeMaterials", ())]
        red, expected = False, []
        starts = {start for start, _ in self.trials[1:]} | {self.test_start}
        events = sorted({(step, "touch") for step in self.arrivals()}
                        | {(step, "reset") for step in starts})
        for step, what in events:
            if what == "reset" and red:
                red = False
                expected.append((step, False))
            elif what == "touch":
                red = not red
                expected.append((step, red))
        assert changes == expected, f"colour changes {changes}, contacts make {expected}"

    # ------------------------------------------------------------ patterns and choices

    def legs(self, item: dict, start: int, end: int) -> tuple[tuple[int, int], ...]:
        """The directions of ``item``'s steps in ``[start, end)``, runs of one direction as one leg."""
        where = self.where[item["id"]][start:end]
        signs = np.sign(np.where(np.abs(np.diff(where, axis=0)) > 1e-6, np.diff(where, axis=0), 0.0)).astype(int)
        moving = [tuple(s) for s in signs.tolist() if any(s)]
        return tuple(d for k, d in enumerate(moving) if k == 0 or d != moving[k - 1])

    def ends_against(self, item: dict, step: int) -> dict | None:
        """The agent the main agent touches at ``step``, if any."""
        touched = [o for o in self.others if self.gaps(self.main, o)[step] <= TOUCH]
        return touched[0] if len(touched) == 1 else None

    def last_move(self, item: dict, start: int, end: int) -> int:
        where = self.where[item["id"]]
        moved = np.flatnonzero(np.abs(np.diff(where[start:end], axis=0)).max(axis=1) > 1e-6)
        return start + int(moved[-1]) + 1 if len(moved) else start

    def approach_label(self) -> dict:
        approached = set()
        for start, end in self.trials:
            target = self.ends_against(self.main, self.last_move(self.main, start, end))
            assert target is not None, f"the main agent ends trial {start} touching no agent"
            approached.add(target["id"])
        assert len(approached) == 1, "the main agent approaches different agents"
        preferred = approached.pop()
        test = (self.test_start, self.last_step + 1)
        main_legs = self.legs(self.main, *test)
        matches = [o["id"] for o in self.others if self.legs(o, *test) == main_legs]
        assert len(matches) == 1, f"the main agent's test walk {main_legs} matches {len(matches)} agents"
        touched = any(step >= self.test_start for step in self.arrivals())
        return _label(preferred, matches[0], touched)

    def imitation_label(self) -> dict:
        shapes: dict[str, set] = {o["id"]: set() for o in self.others}
        main_shapes = set()
        for start, end in self.trials:
            moved = [o for o in self.others if self.legs(o, start, end)]
            assert len(moved) == 1, f"trial {start}: {len(moved)} models move"
            shapes[moved[0]["id"]].add(self.legs(moved[0], start, end))
            main_shapes.add(self.legs(self.main, start, end))
        assert len(main_shapes) == 1 and all(len(s) == 1 for s in shapes.values()), "patterns change between trials"
        matches = [key for key, shape in shapes.items() if shape == main_shapes]
        assert len(matches) == 1, "the main agent's pattern matches no single model"
        end = self.last_move(self.main, self.test_start, self.last_step + 1)
        target = self.ends_against(self.main, end)
        if target is None:  # the seed's training data: the imitator walks up to the goal object
            assert self.shown(self.goal)[end] and self.gaps(self.main, self.goal)[end] <= TOUCH, \
                "the main agent ends the test touching nothing"
            target = self.goal
        touched = any(step < self.test_start for step in self.arrivals())
        return _label(matches[0], target["id"], touched)


def _label(preferred: str, choice: str, touched: bool) -> dict:
    kind = "no_expectation" if touched else "expected" if choice == preferred else "unexpected"
    return {"kind": kind, "preferred_id": preferred, "choice_id": choice, "goal_touched": touched}


def _before(document: dict, step: int) -> dict:
    """The document without anything from ``step`` on (the test trial) and without its name."""
    trimmed = {key: value for key, value in document.items() if key not in ("name", "goal")}
    trimmed["actions"] = document["goal"]["action_list"][:step]
    timed = ("shows", "hides", "changeMaterials")  # an absent list is an empty one
    trimmed["objects"] = [{**{key: value for key, value in item.items() if key not in timed},
                           **{key: [e for e in item.get(key, ()) if e["stepBegin"] < step] for key in timed}}
                          for item in document["objects"]]
    return trimmed


def check_pair(family, seed: int, index: int) -> Mapping[str, Any]:
    """Make sample ``index`` as ``make --check`` does and replay both files; return the sample's pair record."""
    sample, documents, _ = checked_sample(family, seed, f"{family.name}_", index)
    validator = compiled_validator("mcs_scene")
    replays = {}
    for suffix, document in documents.items():
        assert validator.is_valid(document)
        replay = Replay(document)
        replay.assert_nothing_overlaps()
        replay.assert_goal_turns_red_exactly_on_contact()
        label = replay.approach_label() if family.name == "approach" else replay.imitation_label()
        truth = sample.truth[suffix]
        assert {key: truth[key] for key in label} == label, (suffix, label, truth)
        replays[suffix] = replay
    pair = sample.pair
    assert pair is not None
    kinds = {suffix: sample.truth[suffix]["kind"] for suffix in documents}
    assert {pair["a"], pair["b"]} == set(kinds.values()) and len(set(kinds.values())) == 2
    assert pair["higher"] == max(kinds, key=lambda suffix: RANK[kinds[suffix]])
    assert all(sample.truth[s]["rated_higher"] == (s == pair["higher"]) for s in documents)
    assert pair["variant"] == ("instrumental" if "no_expectation" in kinds.values() else "social")
    assert pair["roles"][sample.truth["a"]["main_id"]] == "main"
    first, second = (replays[s] for s in ("a", "b"))
    if pair["differs"] == "test":
        assert first.test_start == second.test_start
        assert _before(first.document, first.test_start) == _before(second.document, second.test_start)
    elif pair["differs"] == "familiarisation":
        main_walk = (first.where[first.main["id"]][first.test_start:],
                     second.where[second.main["id"]][second.test_start:])
        assert np.array_equal(*main_walk)
    return pair


def assert_matches_reference(scene: dict, reference: dict) -> None:
    """The same top-level keys, room, camera, goal and object kinds, flags and key paths as a real scene."""
    assert set(scene) == set(reference)
    for key in ("version", "roomDimensions", "performerStart", "holes", "lava", "floorTextures", "intuitivePhysics",
                "screenshot", "ceilingMaterial", "isometric", "isometricFrontRight"):
        assert scene[key] == reference[key], key
    assert set(scene["goal"]) == set(reference["goal"])
    for key in ("category", "habituation_total", "metadata"):
        assert scene["goal"][key] == reference["goal"][key], key
    assert scene["goal"]["last_step"] == len(scene["goal"]["action_list"])

    def by_prefix(document):
        groups: dict[str, list] = {}
        for item in document["objects"]:
            key = item["id"] if item["id"].startswith("wall_grid") else item["id"].rsplit("_", 1)[0]
            groups.setdefault(key, []).append(item)
        return groups

    ours, theirs = by_prefix(scene), by_prefix(reference)
    # As many of every kind of object, but the wall cells: the evaluation's pairs scatter 7 to 10.
    assert {k: len(v) for k, v in ours.items() if k != "wall"} == \
        {k: len(v) for k, v in theirs.items() if k != "wall"}
    for key in ("wall_grid_front", "wall_grid_back", "wall_grid_left", "wall_grid_right"):
        assert ours[key] == theirs[key]
    for item in ours["wall"]:
        twin = theirs["wall"][0]
        assert {k: v for k, v in item.items() if k not in ("id", "shows")} == \
            {k: v for k, v in twin.items() if k not in ("id", "shows")}
        assert item["shows"][0]["scale"] == twin["shows"][0]["scale"]
    pillar, twin = ours["platform"][0], theirs["platform"][0]
    assert {k: v for k, v in pillar.items() if k not in ("id", "materials")} == \
        {k: v for k, v in twin.items() if k not in ("id", "materials")}
    goal, twin = ours["object"][0], theirs["object"][0]
    assert set(goal) == set(twin)
    for item in ours["agent"] + ours["other_agents"]:
        assert set(item) == set(theirs["agent"][0])
        assert item["type"].startswith("blob_") and item["kinematic"] and item["physics"]
        assert "scale" in item["shows"][0] and all("scale" not in s for s in item["shows"][1:])


def step_lengths(document: dict) -> list[float]:
    """How far an agent moves on every step it moves on, from one keyframe to the next."""
    lengths = []
    for item in document["objects"]:
        if item["id"].startswith(("agent_", "other_agents_")):
            for a, b in zip(item["shows"], item["shows"][1:], strict=False):
                if b["stepBegin"] == a["stepBegin"] + 1:
                    lengths.append(float(np.hypot(*(b["position"][k] - a["position"][k] for k in "xz"))))
    return lengths
