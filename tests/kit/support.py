"""Building families and reading their output in tests as the pipeline does: config validated, defaults filled."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

from hypothesis import assume
from hypothesis import strategies as st

from scenegen.errors import ConfigError
from scenegen.factory.config_file import read_config, resolve_config_path
from scenegen.factory.pipeline import Pipeline, document_truth
from scenegen.folder.output_folder import dump_json
from scenegen.plugin.config import check_config, configured_family
from scenegen.plugin.family import Family, Sample

F = TypeVar("F", bound=Family)


def load_family(config_spec: str, *, pairs: bool = False) -> tuple[Path, Family]:
    """The config file ``config_spec`` names (a path or a bundled template), and the family built from it, as
    ``scenegen make`` builds it; ``pairs`` sets the config's ``pairs: true``."""
    path = resolve_config_path(config_spec)
    return path, configured_family(read_config(path), pairs=pairs)


def configured(family_class: type[F], **config: Any) -> F:
    """The family built from its defaults plus ``config``."""
    return family_class(check_config({"family": family_class.name, **config}, family_class.config_schema()))


def feasible(family_class: type[F], config: dict[str, Any]) -> F:
    """The family of a drawn config; a config refused up front (its error paths are tested apart) is skipped."""
    try:
        return family_class(check_config(config, family_class.config_schema()))
    except ConfigError:
        assume(False)
        raise  # unreachable: assume(False) raises


def checked_sample(family: Family, seed: int, prefix: str,
                   index: int) -> tuple[Sample, dict[str, Any], list[tuple[dict[str, Any], Any]]]:
    """Sample ``index`` as ``make --check`` makes it: the sample, its documents by suffix as they are written
    (read back from JSON), and each document with its own ground truth."""
    sample, made = Pipeline(family, seed, prefix, semantic=True).produce(index)
    documents = {suffix: as_written(document) for suffix, document in made.items()}
    return sample, documents, [(scene, document_truth(sample.truth, suffix)) for suffix, scene in documents.items()]


def pair_of(sample: Sample) -> Mapping[str, Any]:
    """The pair record of a sample that a pair family made."""
    assert sample.pair is not None, "not a pair"
    return sample.pair


def as_written(document: dict[str, Any]) -> dict[str, Any]:
    """A document as a reader of its file sees it: the family's shared tuples are JSON arrays (lists)."""
    return json.loads(dump_json(document))


def manifest_entries(out: Path) -> list[dict[str, Any]]:
    """The manifest lines of an output folder."""
    return [json.loads(line) for line in (out / "manifest.jsonl").read_text().splitlines()]


def assert_passive_frame_matches(ours: dict[str, Any], theirs: dict[str, Any], trials: int = 8) -> None:
    """A passive-agent scene's top-level keys, scene-wide values and goal are the evaluation scene's: the same
    keys, room, camera and flags, and an action list of Pass with one EndHabituation per familiarisation trial."""
    assert set(ours) == set(theirs)
    for key in ("version", "roomDimensions", "performerStart", "ceilingMaterial", "isometric",
                "isometricFrontRight", "holes", "lava", "floorTextures", "intuitivePhysics", "screenshot"):
        assert ours[key] == theirs[key], key
    assert set(ours["goal"]) == set(theirs["goal"])
    for key in ("category", "habituation_total", "metadata"):
        assert ours["goal"][key] == theirs["goal"][key], key
    assert ours["goal"]["last_step"] == len(ours["goal"]["action_list"])
    assert sorted(map(tuple, ours["goal"]["action_list"])) == sorted(
        [("Pass",)] * (ours["goal"]["last_step"] - trials) + [("EndHabituation",)] * trials)


def objects_by_prefix(document: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """A scene's objects grouped by their id without its uuid (``wall``, ``other_agents``...); each border wall
    (``wall_grid_front``...) alone."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for item in document["objects"]:
        key = item["id"] if item["id"].startswith("wall_grid") else item["id"].rsplit("_", 1)[0]
        groups.setdefault(key, []).append(item)
    return groups


def assert_same_grid_and_pillar(ours: dict[str, list[dict[str, Any]]], theirs: dict[str, list[dict[str, Any]]]) -> None:
    """Two grid-world scenes grouped by :func:`objects_by_prefix` hold as many objects of each kind, the same wall
    cells with the same flags, the very same border, and the same pillar but for its material."""
    assert {k: len(v) for k, v in ours.items()} == {k: len(v) for k, v in theirs.items()}
    assert sorted(tuple(w["shows"][0]["position"].values()) for w in ours["wall"]) == \
        sorted(tuple(w["shows"][0]["position"].values()) for w in theirs["wall"])
    for item, twin in zip(ours["wall"], theirs["wall"], strict=True):
        assert {k: v for k, v in item.items() if k not in ("id", "shows")} == \
            {k: v for k, v in twin.items() if k not in ("id", "shows")}
    for key in [k for k in theirs if k.startswith("wall_grid")]:
        assert ours[key] == theirs[key], key
    pillar, twin = ours["platform"][0], theirs["platform"][0]
    assert {k: v for k, v in pillar.items() if k not in ("id", "materials")} == \
        {k: v for k, v in twin.items() if k not in ("id", "materials")}


def value(options: Any, ranges: bool = False) -> st.SearchStrategy[Any]:
    """A config value drawn from ``options`` in each form a config may write it: one of them, a list of a few
    (a uniform choice), or with ``ranges`` a {min, max} range."""
    ordered = sorted(set(options))
    shapes = [st.sampled_from(ordered), st.lists(st.sampled_from(ordered), min_size=1, max_size=3, unique=True)]
    if ranges and len(ordered) > 1:
        shapes.append(st.tuples(st.sampled_from(ordered), st.sampled_from(ordered)).map(
            lambda b: {"min": min(b), "max": max(b)}))
    return st.one_of(shapes)


def trial_ends(document: dict[str, Any]) -> list[int]:
    """The step after each familiarisation trial of a passive-agent scene (its EndHabituation steps, plus one)."""
    return [i + 1 for i, action in enumerate(document["goal"]["action_list"]) if action == ["EndHabituation"]]


def cut_at_test(document: dict[str, Any]) -> None:
    """Keep only what a passive-agent scene shows before its test trial, its ids replaced by their positions (the
    two files of an evaluation pair have fresh ids each): what the two files of a pair must share."""
    test_start = trial_ends(document)[-1]
    for position, item in enumerate(document["objects"]):
        item["id"] = str(position)
        for key in ("shows", "hides", "changeMaterials"):
            if key in item:
                item[key] = [event for event in item[key] if event["stepBegin"] < test_start]
