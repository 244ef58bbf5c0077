"""The committed game-fact tables are what minecraft-data says, and the declared facts name real ids."""

from __future__ import annotations

import json

import pytest

from scenegen.families.mcu import facts_table
from scenegen.families.mcu.facts import facts, version_key, wiki


@pytest.mark.parametrize("version", facts_table.VERSIONS)
def test_the_committed_table_equals_what_minecraft_data_says(version):
    committed = json.loads(facts_table.table_path(version).read_text(encoding="utf-8"))
    assert committed == json.loads(facts_table.text(version)), "run python -m scenegen.families.mcu.facts_table"


def test_every_declared_smelting_recipe_and_fuel_is_of_the_newest_version():
    newest = facts(max(facts_table.VERSIONS, key=version_key))
    known = set(newest.items) | {"cactus_green"}  # cactus green was renamed green dye in 1.14
    for source, product, *_ in wiki()["smelting"]:
        assert source in known and product in known, (source, product)
    assert set(wiki()["fuels"]) <= known
    assert set(wiki()["burns_in_daylight"]) <= set(newest.entities)


def test_the_bell_is_in_1_16_5_without_a_recipe_and_not_in_1_13_2():
    assert "bell" in facts("1.16.5").items and "bell" not in facts("1.16.5").recipes
    assert "bell" not in facts("1.13.2").items


def test_facts_change_with_the_version():
    assert facts("1.13.2").hand_command == facts("1.16.5").hand_command == "replaceitem"
    assert facts("1.19.2").hand_command == "item"
    assert "smooth_stone" not in facts("1.13.2").smelting and "smooth_stone" in facts("1.16.5").smelting
    assert facts("1.13.2").smelting["cactus_green"] == ("cactus",) and "green_dye" in facts("1.16.5").smelting
