"""The independent check of an mcu record: the commands parse, every id exists in the record's version, every
position is in range and safe, and a solver replays the plan from the state the commands create and reaches the goal.

It shares nothing with the generator but the data files: it reads the committed
minecraft-data table and the wiki facts itself and applies the game's rules
(recipes with their counts and grids, a crafting table for a 3x3 recipe, harvest
tools, furnace and fuel, a summoned mob to fight, the night for a mob that burns by
day, hunger before eating), so a generator bug cannot hide behind a shared helper.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from scenegen.errors import Problem
from scenegen.plugin import resources

_DATA = "families/mcu/data"
# An item id, with a potion's type or an enchanted book's one stored enchantment.
_NAME = (r"minecraft:([a-z0-9_]+)(?:\{Potion:\"minecraft:([a-z_]+)\"\}"
         r"|\{StoredEnchantments:\[\{id:\"minecraft:([a-z_]+)\",lvl:1\}\]\})?")
_AT = r"(~-?\d*) (~-?\d*) (~-?\d*)"
_FORMS = {
    "give": re.compile(rf"/give @s {_NAME} (\d+)"),
    "replaceitem": re.compile(rf"/replaceitem entity @s (weapon\.mainhand|weapon\.offhand) {_NAME}"),
    "item": re.compile(rf"/item replace entity @s (weapon\.mainhand|weapon\.offhand) with {_NAME}"),
    "setblock": re.compile(rf"/setblock {_AT} minecraft:([a-z0-9_]+)"),
    "fill": re.compile(rf"/execute as @p at @s run fill {_AT} {_AT} minecraft:([a-z0-9_]+)"),
    "summon": re.compile(rf"/summon minecraft:([a-z0-9_]+) {_AT}"),
    "time": re.compile(r"/time set (day|night|noon|midnight)"),
    "weather": re.compile(r"/weather (clear|rain|thunder)"),
    "effect": re.compile(r"/effect give @s minecraft:([a-z_]+) (\d+) (\d+) true"),
}
#: The farthest a block or mob is set from the agent, and the layers it may be set in.
_FARTHEST = 32
_LAYERS = (-1, 0)
_SIX = ("Task Progress", "Action Control", "Error Recognition and Correction", "Creative Attempts",
        "Task Completion Efficiency", "Material Selection and Usage")


class _Refused(Exception):
    """A command or plan step the rules refuse."""


@cache
def _game(version: str) -> dict[str, Any]:
    table = json.loads(resources.package_text(f"{_DATA}/facts-{version}.json"))
    wiki = resources.load_yaml(resources.package_text(f"{_DATA}/wiki.yaml"))
    key = tuple(int(part) for part in version.split("."))
    table["smelts"] = {(source, product) for source, product, *extra in wiki["smelting"]
                       if source in table["items"] and product in table["items"]
                       and key >= tuple(int(p) for p in (extra[0]["since"] if extra else "0").split("."))}
    table["fuels"] = {name: per for name, per in wiki["fuels"].items() if name in table["items"]}
    table["wiki"] = wiki
    table["old_hold"] = key <= tuple(int(p) for p in wiki["replaceitem_until"].split("."))
    return table


@dataclass
class _State:
    """The world a task's commands create, and what the plan has done in it."""

    inventory: Counter[str] = field(default_factory=Counter)
    blocks: dict[tuple[int, int, int], str] = field(default_factory=dict)
    mobs: list[tuple[str, tuple[int, int, int]]] = field(default_factory=list)
    night: bool = False
    effects: set[str] = field(default_factory=set)
    done: Counter[tuple[str, str]] = field(default_factory=Counter)

    def copy(self) -> _State:
        """A state to replay on apart from this one."""
        return _State(Counter(self.inventory), dict(self.blocks), list(self.mobs), self.night, set(self.effects),
                      Counter(self.done))


def check_record(document: Mapping[str, Any]) -> list[Problem]:
    """Every problem found in one exported mcu record."""
    try:
        game = _game(document["version"])
    except (KeyError, OSError):
        return [Problem("$.version", "is no version the family has a table for")]
    problems: list[Problem] = []
    state = _State()
    for k, command in enumerate(document["custom_init_commands"]):
        try:
            _apply(game, state, command)
        except _Refused as why:
            problems.append(Problem(f"$.custom_init_commands[{k}]", f"{command!r}: {why}"))
    # Commands run in any order: a block set where a mob stands (its feet or head) is found once all have run.
    problems += [Problem("$.custom_init_commands", f"{mob} is summoned inside a block at {cell}")
                 for mob, (x, y, z) in state.mobs
                 for cell in ((x, y, z), (x, y + 1, z)) if cell in state.blocks]
    if problems:
        return problems
    problems += _check_words(document)
    problems += _check_label(document, state)
    problems += _check_plan(game, document, state)
    return problems


def _item(game: dict[str, Any], name: str, potion: str | None, enchantment: str | None) -> str:
    if name not in game["items"]:
        raise _Refused(f"{name} is no item of {game['version']}")
    if enchantment is not None and (name != "enchanted_book" or enchantment not in game["enchantments"]):
        raise _Refused(f"{enchantment} is no enchantment of {game['version']} for an enchanted book")
    if potion is not None:
        if name != "potion" or potion not in game["wiki"]["potions"]:
            raise _Refused(f"{potion} is no potion type")
        return f"potion:{potion}"
    return name


def _cell(parts: tuple[str, ...]) -> tuple[int, int, int]:
    x, y, z = (int(part[1:] or 0) for part in parts)
    return x, y, z


def _safe(cell: tuple[int, int, int], what: str) -> None:
    x, y, z = cell
    if y not in _LAYERS or max(abs(x), abs(z)) > _FARTHEST:
        raise _Refused(f"{what} at {cell} is out of range (layers {_LAYERS}, at most {_FARTHEST} blocks away)")
    if max(abs(x), abs(z)) < 2:
        raise _Refused(f"{what} at {cell} is in or beside the agent's cells: it could bury or trap it")


def _apply(game: dict[str, Any], state: _State, command: str) -> None:
    """Apply one command to the state, or refuse it."""
    for form, pattern in _FORMS.items():
        match = pattern.fullmatch(command)
        if match:
            _APPLY[form](game, state, match.groups())
            return
    raise _Refused("is not a command of a form MCU's configs use")


def _give(game: dict[str, Any], state: _State, groups: tuple[str, ...]) -> None:
    count = int(groups[3])
    if not 1 <= count <= 64 * 36:
        raise _Refused(f"gives {count}, more than an inventory holds")
    state.inventory[_item(game, *groups[:3])] += count


def _hold(game: dict[str, Any], state: _State, groups: tuple[str, ...], old: bool) -> None:
    if old != game["old_hold"]:
        raise _Refused(f"this form does not set a slot in {game['version']}")
    state.inventory[_item(game, *groups[1:4])] += 1


def _block(game: dict[str, Any], state: _State, name: str, cells: list[tuple[int, int, int]]) -> None:
    if name not in game["blocks"]:
        raise _Refused(f"{name} is no block of {game['version']}")
    for cell in cells:
        _safe(cell, name)
        if cell in state.blocks:
            raise _Refused(f"{cell} already holds {state.blocks[cell]}")
        state.blocks[cell] = name


def _setblock(game: dict[str, Any], state: _State, groups: tuple[str, ...]) -> None:
    _block(game, state, groups[3], [_cell(groups[:3])])


def _fill(game: dict[str, Any], state: _State, groups: tuple[str, ...]) -> None:
    (x1, y1, z1), (x2, y2, z2) = _cell(groups[:3]), _cell(groups[3:6])
    cells = [(x, y, z) for x in range(min(x1, x2), max(x1, x2) + 1) for y in range(min(y1, y2), max(y1, y2) + 1)
             for z in range(min(z1, z2), max(z1, z2) + 1)]
    if len(cells) > 64:
        raise _Refused(f"fills {len(cells)} blocks")
    _block(game, state, groups[6], cells)


def _summon(game: dict[str, Any], state: _State, groups: tuple[str, ...]) -> None:
    mob, cell = groups[0], _cell(groups[1:])
    if mob not in game["entities"]:
        raise _Refused(f"{mob} is no entity of {game['version']}")
    _safe(cell, mob)
    state.mobs.append((mob, cell))


def _time(game: dict[str, Any], state: _State, groups: tuple[str, ...]) -> None:
    state.night = groups[0] in ("night", "midnight")


def _weather(game: dict[str, Any], state: _State, groups: tuple[str, ...]) -> None:
    pass  # every weather is a valid world: it changes no rule the plan needs


def _effect(game: dict[str, Any], state: _State, groups: tuple[str, ...]) -> None:
    if groups[0] not in game["effects"]:
        raise _Refused(f"{groups[0]} is no effect of {game['version']}")
    hunger = game["wiki"]["hunger"]
    if groups[0] != "hunger" or (int(groups[1]), int(groups[2])) == (hunger["seconds"], hunger["amplifier"]):
        state.effects.add(groups[0])


_APPLY = {
    "give": _give,
    "replaceitem": lambda game, state, groups: _hold(game, state, groups, True),
    "item": lambda game, state, groups: _hold(game, state, groups, False),
    "setblock": _setblock, "fill": _fill, "summon": _summon, "time": _time, "weather": _weather, "effect": _effect,
}


def _check_words(document: Mapping[str, Any]) -> list[Problem]:
    problems = []
    loaded = resources.load_yaml(document["yaml"])
    if loaded != {"custom_init_commands": document["custom_init_commands"], "text": document["text"]}:
        problems.append(Problem("$.yaml", "does not load as the record's custom_init_commands and text"))
    criteria = document["criteria"]
    missing = [name for name in _SIX if f"*** {name}:" not in criteria]
    if missing:
        problems.append(Problem("$.criteria", f"lacks the criteria {', '.join(missing)}"))
    if criteria.count("- key step ") != len(document["plan"]):
        problems.append(Problem("$.criteria", "does not list one key step per plan step"))
    return problems


def _check_label(document: Mapping[str, Any], state: _State) -> list[Problem]:
    given = set(state.inventory)
    problems = [Problem("$.goal", f"{part['kind']} {part['target']}: the target itself is given")
                for part in document["goal"]["parts"]
                if part["kind"] in ("craft", "smelt", "collect", "mine") and part["target"] in given]
    needed = set(document["needed"]["items"])
    problems += [Problem("$.distractors", f"{item} is needed or not given") for item in document["distractors"]
                 if item in needed or item not in given]
    if not needed <= given:
        problems.append(Problem("$.needed.items", f"{sorted(needed - given)} are needed but not given"))
    placed, summoned = set(state.blocks.values()), {mob for mob, _ in state.mobs}
    if not set(document["needed"]["blocks"]) <= placed or not set(document["needed"]["mobs"]) <= summoned:
        problems.append(Problem("$.needed", "names a block or mob no command sets near the agent"))
    shown = {"night": state.night, "blindness": "blindness" in state.effects}
    problems += [Problem("$.conditions", f"{condition} is not set by any command")
                 for condition in document["conditions"] if not shown.get(condition, True)]
    level = document["level"]
    if level == "simple" and (len(document["distractors"]) > 1 or document["conditions"]):
        problems.append(Problem("$.level", "a simple task carries at most one unneeded item and no condition"))
    if level == "hard" and not (document["made_first"] and document["conditions"]):
        problems.append(Problem("$.level", "a hard task makes something first and sets conditions"))
    return problems


def _check_plan(game: dict[str, Any], document: Mapping[str, Any], start: _State) -> list[Problem]:
    plan = document["plan"]
    try:
        end = _replay(game, plan, start.copy())
    except _Refused as why:
        return [Problem("$.plan", f"cannot be carried out: {why}")]
    if not _reached(game, document["goal"], end):
        return [Problem("$.plan", "is carried out but does not reach the goal")]
    for k in range(len(plan)):
        try:
            shorter = _replay(game, plan[:k] + plan[k + 1:], start.copy())
        except _Refused:
            continue
        if _reached(game, document["goal"], shorter):
            return [Problem(f"$.plan[{k}]", "is not needed: the goal is reached without it")]
    return []


def _replay(game: dict[str, Any], plan: list[dict[str, Any]], state: _State) -> _State:
    for step in plan:
        _STEPS[step["do"]](game, state, step)
    return state


def _take(state: _State, item: str, count: int) -> None:
    if state.inventory[item] < count:
        raise _Refused(f"needs {count} {item}, holds {state.inventory[item]}")
    state.inventory[item] -= count


def _near(state: _State, block: str) -> tuple[int, int, int] | None:
    return next((cell for cell, name in state.blocks.items() if name == block), None)


def _craft(game: dict[str, Any], state: _State, step: dict[str, Any]) -> None:
    recipe = next((r for r in game["recipes"].get(step["item"], ()) if r["in"] == step["uses"]), None)
    if recipe is None:
        raise _Refused(f"{step['item']} has no recipe from {step['uses']} in {game['version']}")
    if recipe["grid"] == 3 and _near(state, "crafting_table") is None:
        raise _Refused(f"{step['item']} needs a crafting table, and none is placed")
    for item, count in recipe["in"].items():
        _take(state, item, count * step["times"])
    state.inventory[step["item"]] += recipe["count"] * step["times"]
    state.done["craft", step["item"]] += recipe["count"] * step["times"]


def _place(game: dict[str, Any], state: _State, step: dict[str, Any]) -> None:
    _take(state, step["block"], 1)
    cell = next((x, 0, z) for x in range(2, 40) for z in range(-1, 2) if (x, 0, z) not in state.blocks)
    state.blocks[cell] = step["block"]
    state.done["place", step["block"]] += 1


def _smelt(game: dict[str, Any], state: _State, step: dict[str, Any]) -> None:
    if (step["from"], step["item"]) not in game["smelts"]:
        raise _Refused(f"{step['from']} does not smelt into {step['item']}")
    if step["fuel"] not in game["fuels"] or step["fuel_units"] * game["fuels"][step["fuel"]] < step["times"]:
        raise _Refused(f"{step['fuel_units']} {step['fuel']} do not smelt {step['times']} items")
    if _near(state, "furnace") is None:
        raise _Refused("no furnace is placed")
    _take(state, step["from"], step["times"])
    _take(state, step["fuel"], step["fuel_units"])
    state.inventory[step["item"]] += step["times"]
    state.done["smelt", step["item"]] += step["times"]


def _mine(game: dict[str, Any], state: _State, step: dict[str, Any]) -> None:
    block = game["blocks"][step["block"]]
    tools = block["tools"]
    if tools and (step.get("tool") not in tools or not state.inventory[step["tool"]]):
        raise _Refused(f"{step['block']} needs one of {tools} to harvest")
    for _ in range(step["times"]):
        cell = _near(state, step["block"])
        if cell is None:
            raise _Refused(f"no {step['block']} is left near the agent")
        del state.blocks[cell]
        for item, count in block.get("drops") or [[step["block"], 1]]:
            if item in game["items"]:
                state.inventory[item] += count
                state.done["collect", item] += count
    state.done["mine", step["block"]] += step["times"]


def _kill(game: dict[str, Any], state: _State, step: dict[str, Any]) -> None:
    if not state.inventory[step["weapon"]]:
        raise _Refused(f"the {step['weapon']} is not held")
    if step["mob"] in game["wiki"]["burns_in_daylight"] and not state.night:
        raise _Refused(f"{step['mob']} burns by day before the agent reaches it")
    for _ in range(step["times"]):
        index = next((k for k, (mob, _) in enumerate(state.mobs) if mob == step["mob"]), None)
        if index is None:
            raise _Refused(f"no {step['mob']} is left near the agent")
        state.mobs.pop(index)
    state.done["kill", step["mob"]] += step["times"]


def _use(game: dict[str, Any], state: _State, step: dict[str, Any]) -> None:
    use = _uses().get(step["item"])
    if use is None:
        raise _Refused(f"{step['item']} has no known use")
    if not state.inventory[step["item"]]:
        raise _Refused(f"the {step['item']} is not held")
    for item, count in use.get("items", {}).items():
        _take(state, item, count)
    if use.get("block") and _near(state, use["block"]) is None:
        raise _Refused(f"the {step['item']} needs {use['block']} near")
    if use.get("mob") and all(mob != use["mob"] for mob, _ in state.mobs):
        raise _Refused(f"the {step['item']} needs a {use['mob']} near")
    state.done["use", step["item"]] += 1


@cache
def _uses() -> dict[str, Any]:
    return dict(resources.load_yaml(resources.package_text(f"{_DATA}/choices.yaml"))["uses"])


def _eat(game: dict[str, Any], state: _State, step: dict[str, Any]) -> None:
    item = step["item"]
    base = item.split(":")[0]
    wiki = game["wiki"]
    if base not in game["foods"] and base not in wiki["drinks"]:
        raise _Refused(f"{item} is no food or drink")
    if base not in wiki["always_edible"] and base not in wiki["drinks"] and "hunger" not in state.effects:
        raise _Refused(f"{item} cannot be eaten with a full hunger bar")
    _take(state, item, 1)
    state.done["eat", item] += 1


def _find(game: dict[str, Any], state: _State, step: dict[str, Any]) -> None:
    places = [cell for cell, name in state.blocks.items() if name == step["target"]]
    places += [cell for mob, cell in state.mobs if mob == step["target"]]
    if not any(math.dist(cell, (0, 0, 0)) <= step["within"] for cell in places):
        raise _Refused(f"no {step['target']} is within {step['within']} blocks")
    state.done["find", step["target"]] += 1


_STEPS = {"craft": _craft, "place": _place, "smelt": _smelt, "mine": _mine, "kill": _kill, "use": _use,
          "eat": _eat, "find": _find}
_DONE = {"craft": "craft", "smelt": "smelt", "mine": "mine", "collect": "collect", "hunt": "kill",
         "combat": "kill", "place": "place", "use": "use", "eat": "eat", "find": "find"}
_CATEGORY = {"hunt": "Passive mobs", "combat": "Hostile mobs"}


def _reached(game: dict[str, Any], goal: Mapping[str, Any], state: _State) -> bool:
    reached = []
    for part in goal["parts"]:
        kind, target = part["kind"], part["target"]
        category = _CATEGORY.get(kind)
        right_kind = category is None or game["entities"].get(target) == category
        reached.append(right_kind and state.done[_DONE[kind], target] >= part["count"])
    return any(reached) if goal["composition"] == "or" else all(reached)
