"""Property tests: every generated config is valid for its version and solvable by the independent solver, and a
config naming what a version lacks is refused."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scenegen.errors import ConfigError
from scenegen.families.mcu.checks import check_record
from scenegen.families.mcu.declaration import COMPOSITIONS
from scenegen.families.mcu.facts import facts
from scenegen.families.mcu.facts_table import VERSIONS
from scenegen.families.mcu.goals import KINDS, LEVELS, catalogue
from scenegen.plugin.resources import load_yaml
from scenegen.plugin.schemas import schema_problems

from .support import build

configs = st.fixed_dictionaries({
    "version": st.sampled_from(VERSIONS),
    "level": st.sampled_from(LEVELS),
    "kind": st.lists(st.sampled_from(KINDS), min_size=1, max_size=4, unique=True),
    "composition": st.sampled_from(COMPOSITIONS),
})


def _usable(config):
    """The family, where a drawn config is one it takes: a hard config of kinds with nothing to make first is not,
    nor one of 1.13.2 whose table has no loot to collect."""
    empty = ({"find"} if config["level"] == "hard" else set()) | ({"collect"} if config["version"] == "1.13.2"
                                                                  else set())
    if set(config["kind"]) <= empty:
        with pytest.raises(ConfigError):
            build(config)
        return None
    return build(config)


@settings(max_examples=60, deadline=None)
@given(config=configs, seed=st.integers(0, 2**32 - 1))
def test_every_config_is_valid_for_its_version_and_solvable(config, seed):
    family = _usable(config)
    if family is None:
        return
    for index in range(4):
        sample = family.generate(index, np.random.default_rng([seed, index]))
        record = {"id": "x", **sample.documents[""]}
        assert schema_problems(record, "mcu_record") == []
        assert check_record(record) == [], record["yaml"]
        assert load_yaml(record["yaml"]) == {"custom_init_commands": record["custom_init_commands"],
                                                  "text": record["text"]}
        assert record["version"] == config["version"] and record["level"] == config["level"]
        assert {part["kind"] for part in record["goal"]["parts"]} <= set(config["kind"])


NEWER_ONLY = sorted(set(catalogue("1.16.5").pools["craft"]) - set(facts("1.13.2").items))


@settings(max_examples=30, deadline=None)
@given(item=st.sampled_from(NEWER_ONLY))
def test_a_version_without_the_item_refuses_the_config(item):
    assert build({"kind": "craft", "target": item, "level": "simple"})  # 1.16.5 has it
    with pytest.raises(ConfigError) as refused:
        build({"version": "1.13.2", "kind": "craft", "target": item, "level": "simple"})
    assert refused.value.path == "target" and f"'{item}' is no item, block or mob id of Minecraft 1.13.2" in str(
        refused.value)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), level=st.sampled_from(LEVELS))
def test_a_pinned_goal_is_the_one_made(seed, level):
    family = build({"kind": "craft", "target": "wooden_pickaxe", "level": level})
    record = family.generate(0, np.random.default_rng(seed)).documents[""]
    (part,) = record["goal"]["parts"]
    assert (part["kind"], part["target"]) == ("craft", "wooden_pickaxe")
    assert not any("wooden_pickaxe" in command for command in record["custom_init_commands"])
    assert check_record(record) == []
