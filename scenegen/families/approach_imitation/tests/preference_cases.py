"""What the Approach and Imitation tests share: random valid configs, the config errors both refuse, and the
`make` run whose manifest they read."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from hypothesis import strategies as st

from scenegen.families.approach_imitation.declaration import OBJECT_TYPES, PAIR_KINDS
from scenegen.folder.manifest import read_manifest
from scenegen.mcs.gridworld.patterns import SHAPES
from tests.kit.support import checked_sample, configured, trial_ends, value

from .replay import step_lengths


def family_for(family_class, config: dict[str, Any]):
    return configured(family_class, **config)


def evaluation_timings(config: str, prefix: str, samples: int
                       ) -> tuple[list[int], list[int], list[float], list[tuple[dict[str, Any], list[int]]]]:
    """Over every document of the first ``samples`` checked samples (seed 3) of ``config``: the familiarisation
    trials' lengths, the scenes' lengths and the agents' step lengths, and each document with its trial ends."""
    trials: list[int] = []
    scenes: list[int] = []
    lengths: list[float] = []
    documents = list(_documents(config, prefix, samples))
    for document, ends in documents:
        trials += [b - a for a, b in zip([0, *ends], ends, strict=False)]
        scenes.append(document["goal"]["last_step"])
        lengths += step_lengths(document)
    return trials, scenes, lengths, documents


def _documents(config: str, prefix: str, samples: int) -> Iterator[tuple[dict[str, Any], list[int]]]:
    from tests.kit.support import load_family

    _, family = load_family(config)
    for index in range(samples):
        for document in checked_sample(family, 3, prefix, index)[1].values():
            yield document, trial_ends(document)


def configs(task: str) -> st.SearchStrategy[dict[str, Any]]:
    """Random valid configs of ``task``: every pair kind, grids and walls, shapes, legs, repeats, goals, views."""
    trials: dict[str, Any] = {"familiarization": st.integers(2, 9)}
    if task == "imitation":
        trials["first_mover"] = value(["matched", "other"])
        trials["instrumental_test"] = value(["agent", "goal"])
    return st.fixed_dictionaries({
        "pair": value(PAIR_KINDS),
        "grid": st.fixed_dictionaries({"size": value(range(8, 11), ranges=True),
                                       "walls": value(range(9), ranges=True)}),
        "trials": st.fixed_dictionaries(trials),
        "patterns": st.fixed_dictionaries({
            "shapes": st.lists(st.sampled_from(sorted(SHAPES)), min_size=2, max_size=6, unique=True),
            "leg": value([0.25, 0.45, 0.6, 0.8, 1.0], ranges=True),
            "repeats": value([1, 2], ranges=True)}),
        "object": st.fixed_dictionaries({"type": value(OBJECT_TYPES), "gap": value([0.05, 0.1, 0.3], ranges=True)}),
        "view": value(["isometric_front_right", "isometric"]),
    })


def pair_kinds_seen(pairs: Iterable[Mapping[str, Any]]) -> int:
    return len({frozenset((pair["a"], pair["b"])) for pair in pairs})


#: (config, the key a ConfigError names, words in its message).
CONFIG_ERRORS = [
    ({"grid": {"size": 13}}, "grid.size", "maximum"),
    ({"grid": {"size": 5}}, "grid.size", ""),
    ({"grid": {"size": 8, "walls": 17}}, "grid.walls", ""),
    ({"grid": {"size": 6, "walls": {"min": 2, "max": 10}}}, "grid.walls", "a quarter"),
    ({"grid": {"size": 6, "walls": 2}, "patterns": {"leg": {"min": 0.5, "max": 1.5}}}, "patterns.leg", "twice across"),
    ({"patterns": {"shapes": ["L"]}}, "patterns.shapes", ""),
    ({"patterns": {"shapes": ["L", "W"]}}, "patterns.shapes.1", ""),
    ({"agents": {"types": ["blob_02", "blob_03"]}}, "agents.types", ""),
    ({"agents": {"colours": ["Custom/Materials/Blue"] * 3}}, "agents.colours", ""),
    ({"pair": "expected_expected"}, "pair", ""),
    ({"object": {"gap": 0.6}}, "object.gap", ""),
    ({"trials": {"familiarization": 1}}, "trials.familiarization", ""),
    ({"pairs": False}, "pairs", ""),
    ({"grid": {"cells": 8}}, "grid", "unknown key"),
]


def made_and_validated(run_cli, tmp_path, task: str) -> None:
    """`scenegen make` writes pairs a and b whose manifest names each file's kind, the one to rate higher, the
    task, variant, category and roles; `scenegen validate` accepts them."""
    out = tmp_path / task
    result = run_cli("make", "--config", f"{task}.yaml", "-n", "6", "--out", str(out))
    assert result.code == 0, result.err
    entries = list(read_manifest(out / "manifest.jsonl"))
    assert [(e["index"], e["role"]) for e in entries] == [(i, role) for i in range(6) for role in ("a", "b")]
    for a, b in zip(entries[::2], entries[1::2], strict=True):
        pair = json.loads(a["pair"])
        assert pair == json.loads(b["pair"]) and a["pair_id"] == b["pair_id"] == f"{task}_{a['index']:06d}"
        assert (pair["a"], pair["b"]) == (a["label"]["kind"], b["label"]["kind"])
        assert pair["task"] == task and pair["category"] == f"{pair['variant']}_{task}"
        assert sorted(pair["roles"].values()) == ["main", "other", "preferred"]
        assert a["label"]["rated_higher"] == (pair["higher"] == "a") != b["label"]["rated_higher"]
        assert (out / a["file"]).exists() and a["file"] == f"{a['pair_id']}_a.json"
    assert run_cli("validate", "--check", str(out)).code == 0
