"""Properties of an expected/unexpected pair that every passive-agent family's replay checks, and the features of
its fidelity table that every passive-agent family shares (:mod:`tests.kit.fidelity`)."""

from __future__ import annotations

import itertools
import json
import math
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import orjson

from scenegen.factory.pipeline import Pipeline
from scenegen.folder.output_folder import dump_json
from tests.kit import Result
from tests.kit.conformance import record_shape
from tests.kit.fidelity import DEV_FOLDERS, Feature, Row, Scene, compare, main, real_samples
from tests.kit.support import load_family, manifest_entries

#: How the files of a real pair are read: ``_01`` then ``_02``.
PAIR_ROLES = ("a", "b")


def made_pairs(run_cli: Callable[..., Result], out: Path, template: str, *options: str,
               n: int = 3) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """``scenegen make`` of ``n`` expected/unexpected pairs of a bundled ``template`` into ``out``: the manifest's
    entries of each pair, once it lists each pair's expected then unexpected document, of one pair id."""
    result = run_cli("make", "--config", template, "-n", str(n), *options, "--out", str(out))
    assert result.code == 0, result.err
    entries = manifest_entries(out)
    assert [(e["index"], e["role"]) for e in entries] == [(i, role) for i in range(n)
                                                          for role in ("expected", "unexpected")]
    pairs = list(zip(entries[::2], entries[1::2], strict=True))
    assert all(expected["pair_id"] == unexpected["pair_id"] for expected, unexpected in pairs)
    return pairs


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


# ---------------------------------------------------------------- fidelity of the passive-agent families

#: A share measured on the development half's two pairs of a task, against the generated one: one pair more or
#: less moves it by 0.5, so a generated share is held within 0.5 of it (the issue's figures, where the
#: development half cannot show a feature, are held closer: see each family's ``tests/fidelity.py``).
PAIR_SHARE_TOLERANCE = 0.5


def trial_starts(scene: Scene) -> list[int]:
    """The first step of every trial, the test trial's last: 0, then the step after each EndHabituation."""
    actions = scene["goal"]["action_list"]
    return [0, *(index + 1 for index, action in enumerate(actions) if action == ["EndHabituation"])]


def first_object(scene: Scene, prefix: str) -> dict[str, Any]:
    """The first object whose id starts with ``prefix``."""
    return next(item for item in scene["objects"] if item["id"].startswith(prefix))


def step_lengths(item: dict[str, Any], first: int, end: int) -> list[float]:
    """How far ``item`` moves on each step from ``first`` to before ``end`` (keyframes on consecutive steps)."""
    shows = [show for show in item["shows"] if first <= show["stepBegin"] < end]
    return [math.hypot(b["position"]["x"] - a["position"]["x"], b["position"]["z"] - a["position"]["z"])
            for a, b in itertools.pairwise(shows) if b["stepBegin"] == a["stepBegin"] + 1]


def one_file(sample: dict[str, Scene]) -> Scene:
    """The first file of a pair (for what its two files share)."""
    return next(iter(sample.values()))


def of_one_file(measure: Callable[[Scene], Any]) -> Callable[[dict[str, Scene]], Any]:
    """A pair's measure taken on one of its files."""
    return lambda sample: measure(one_file(sample))


def room_features() -> list[Feature]:
    """What every passive-agent pair shares with its family's others: its view, room materials and pillar,
    its goal object's shape and colour (each a share of pairs, its two files alike)."""
    def pillar(scene: Scene) -> str:
        return str(first_object(scene, "platform_")["materials"][0])

    def goal(scene: Scene) -> dict[str, Any]:
        return first_object(scene, "object_")

    measures: dict[str, Callable[[Scene], Any]] = {
        "isometricFrontRight": lambda scene: scene["isometricFrontRight"],
        "floor": lambda scene: scene["floorMaterial"], "wall": lambda scene: scene["wallMaterial"],
        "pillar": pillar, "goal shape": lambda scene: goal(scene)["type"],
        "goal colour": lambda scene: goal(scene)["materials"][0],
    }
    return [Feature(name, of_one_file(measure), PAIR_SHARE_TOLERANCE) for name, measure in measures.items()]


def written_as_the_evaluation(sample: dict[str, Scene]) -> bool:
    """Whether every file writes ``hides`` on every agent and on the goal, and ``changeMaterials`` on the goal,
    as every real file of the passive-agent tasks does."""
    for scene in sample.values():
        actors = [item for item in scene["objects"] if item["id"].startswith(("agent_", "other_agent", "object_"))]
        if not all("hides" in item for item in actors) or "changeMaterials" not in first_object(scene, "object_"):
            return False
    return True


def fidelity_rows(task: str, template: str, features: Sequence[Feature], count: int) -> list[Row]:
    """The side-by-side rows of ``count`` generated pairs against the development half's pairs of ``task``."""
    return compare(f"passive_agents_{task}", template, features, count, roles=PAIR_ROLES)[0]


def fidelity_main(task: str, template: str, features: Sequence[Feature], argv: Sequence[str]) -> None:
    """A passive-agent task's :func:`tests.kit.fidelity.main`."""
    main(f"passive_agents_{task}", template, features, argv, roles=PAIR_ROLES)


# ---------------------------------------------------------------- conformance of the passive-agent families

def role_of(item: dict[str, Any]) -> str:
    """What an object of a passive-agent scene is, from its id: ``agent``, ``other_agents``, ``object``,
    ``occluder``, ``platform``, ``wall`` (a wall cell) or ``wall_grid`` (a piece of the border)."""
    return "wall_grid" if item["id"].startswith("wall_grid") else str(item["id"]).rsplit("_", 1)[0]


@cache
def real_shapes(task: str) -> tuple[set[tuple[str, ...]], dict[str, set[tuple[str, ...]]]]:
    """The goal key sets, and per role the object shapes, that the development half's files of ``task`` write."""
    goals: set[tuple[str, ...]] = set()
    objects: dict[str, set[tuple[str, ...]]] = {}
    for sample in real_samples(f"passive_agents_{task}", PAIR_ROLES, DEV_FOLDERS):
        for scene in sample.values():
            goals.add(tuple(sorted(scene["goal"])))
            for item in scene["objects"]:
                objects.setdefault(role_of(item), set()).add(record_shape(item))
    return goals, objects


def shape_problems(task: str, written: Scene, also: dict[str, set[tuple[str, ...]]] | None = None) -> list[str]:
    """Where a written scene's goal keys, or an object's keys (``hides`` and ``changeMaterials`` present or not,
    empty or not), differ from every real file of ``task`` for an object of its role; ``also``: shapes per role
    the issue reports from the evaluation's other half, which the development half cannot show."""
    goals, objects = real_shapes(task)
    found = []
    if tuple(sorted(written["goal"])) not in goals:
        found.append(f"goal keys {sorted(written['goal'])}; the real files write {sorted(goals)}")
    for item in written["objects"]:
        allowed = objects.get(role_of(item), set()) | (also or {}).get(role_of(item), set())
        if record_shape(item) not in allowed:
            found.append(f"{role_of(item)} with keys {record_shape(item)}; the real files write {sorted(allowed)}")
    return found


def conformance_problems(task: str, template: str, pairs: int,
                         also: dict[str, set[tuple[str, ...]]] | None = None) -> Counter[str]:
    """Every way ``pairs`` pairs of ``template``, written as ``scenegen make`` writes them, differ from how the
    real files of ``task`` write their goal and objects (:func:`shape_problems`) or their integer fields
    (``tests/test_conformance.py``)."""
    from tests.test_conformance import problems  # the integer fields, learned there from every real scene

    _, family = load_family(template)
    pipeline = Pipeline(family, 11, "x_")
    found: Counter[str] = Counter()
    for index in range(pairs):
        for document in pipeline.produce(index)[1].values():
            found.update(shape_problems(task, json.loads(dump_json(document)), also))
            found += problems(document)
    return found
