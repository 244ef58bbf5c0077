"""The independent check catches what a broken generator would make: each mutation of a good record is found."""

from __future__ import annotations

import copy

import pytest

from scenegen.families.mcu.checks import check_record

from .support import build, records


def _first(config, wanted):
    return next(record for record in records(build(config), 200) if wanted(record))


@pytest.fixture(scope="module")
def crafted():
    """A medium task to craft a stone pickaxe: a table crafted and placed, sticks and cobblestone given."""
    return _first({"kind": "craft", "target": "stone_pickaxe", "level": "medium", "count": 1},
                  lambda record: True)


@pytest.fixture(scope="module")
def mined():
    """A simple task to mine iron ore with a pickaxe held."""
    return _first({"kind": "mine", "target": "iron_ore", "level": "simple", "count": 1}, lambda record: True)


def _without(record, prefix):
    broken = copy.deepcopy(record)
    broken["custom_init_commands"] = [c for c in broken["custom_init_commands"] if not c.startswith(prefix)]
    return broken


def test_good_records_pass(crafted, mined):
    assert check_record(crafted) == [] and check_record(mined) == []


def test_a_missing_material_breaks_the_plan(crafted):
    step = next(step for step in crafted["plan"] if step.get("item") == "stone_pickaxe")
    material = next(item for item in step["uses"] if item != "stick")  # cobblestone, or blackstone from 1.16
    broken = _without(crafted, f"/give @s minecraft:{material} ")
    assert any("cannot be carried out" in p.message for p in check_record(broken))


def test_a_missing_tool_breaks_mining(mined):
    broken = _without(mined, "/replaceitem")
    assert any("needs one of" in p.message for p in check_record(broken))


def test_the_goal_item_given_is_found(crafted):
    broken = copy.deepcopy(crafted)
    broken["custom_init_commands"].append("/give @s minecraft:stone_pickaxe 1")
    assert any("the target itself is given" in p.message for p in check_record(broken))


@pytest.mark.parametrize(("command", "why"), [
    ("/setblock ~ ~ ~ minecraft:stone", "could bury or trap it"),
    ("/setblock ~1 ~1 ~ minecraft:stone", "out of range"),
    ("/setblock ~40 ~ ~ minecraft:stone", "out of range"),
    ("/give @s minecraft:dirt_path 3", "no item of 1.16.5"),  # named grass_path until 1.17
    ("/summon minecraft:warden ~4 ~ ~4", "no entity of 1.16.5"),
    ("/item replace entity @s weapon.mainhand with minecraft:stone_sword", "does not set a slot in 1.16.5"),
    ("/effect give @s minecraft:darkness 10 1 true", "no effect of 1.16.5"),
    ('/give @s minecraft:enchanted_book{StoredEnchantments:[{id:"minecraft:swift_sneak",lvl:1}]} 1',
     "no enchantment of 1.16.5"),
    ("/tp @s ~ ~100 ~", "not a command of a form"),
])
def test_a_bad_command_is_named(crafted, command, why):
    broken = copy.deepcopy(crafted)
    broken["custom_init_commands"].append(command)
    problems = check_record(broken)
    assert any(why in p.message and p.path.startswith("$.custom_init_commands") for p in problems), problems


def test_a_block_set_where_a_mob_stands_is_found_whatever_the_order():
    hunt = _first({"kind": "hunt", "level": "simple", "count": 1}, lambda record: True)
    summon = next(command for command in hunt["custom_init_commands"] if command.startswith("/summon"))
    at = " ".join(summon.split()[2:])
    broken = copy.deepcopy(hunt)
    broken["custom_init_commands"].append(f"/setblock {at} minecraft:stone")  # after the summon
    assert any("summoned inside a block" in p.message for p in check_record(broken))


def test_a_step_that_is_not_needed_is_found(mined):
    broken = copy.deepcopy(mined)
    broken["plan"] = broken["plan"] + broken["plan"]
    broken["custom_init_commands"].append(broken["custom_init_commands"][-1].replace("~", "~1", 1))
    assert check_record(broken)


def test_a_recipe_of_another_version_is_refused(crafted):
    broken = copy.deepcopy(crafted)
    step = next(s for s in broken["plan"] if s.get("item") == "stone_pickaxe")
    step["uses"] = {"cobblestone": 2, "stick": 2}
    assert any("has no recipe from" in p.message for p in check_record(broken))


def test_words_out_of_step_with_the_commands_are_found(crafted):
    broken = copy.deepcopy(crafted)
    broken["text"] = "Craft a bell."
    assert any(p.path == "$.yaml" for p in check_record(broken))


def test_a_condition_no_command_sets_is_found():
    blind = _first({"level": "hard", "condition": "blindness", "hard": {"conditions": 1}},
                   lambda record: record["conditions"] == ["blindness"])
    assert check_record(blind) == []
    broken = _without(blind, "/effect give @s minecraft:blindness")
    assert any(p.path == "$.conditions" for p in check_record(broken))


def test_a_needed_mob_never_summoned_is_found():
    hunt = _first({"kind": "hunt", "level": "simple", "count": 1}, lambda record: True)
    broken = _without(hunt, "/summon")
    assert {"$.needed", "$.plan"} <= {p.path for p in check_record(broken)}  # named in the label, missed by the plan
