"""A goal's needs set up at a level, and the whole plan from the initial state to the goal.

- simple: what the goal needs is given, its tool in hand, its stations set beside the agent;
- medium: the needs are in the inventory, and each station is crafted (and placed) from given materials;
- hard: as medium, and one tool or material is made first from its own materials.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property

from scenegen.families.mcu.goals import Catalogue
from scenegen.families.mcu.needs import Need, Step, choose, craft_step
from scenegen.plugin.draws import Draws


@dataclass
class Setup:
    """A need at a level: what is given, held, set near and summoned, and the plan's steps in order."""

    need: Need
    gives: dict[str, int]
    held: tuple[str, str] | None
    near: list[tuple[str, int]]
    steps: list[Step]
    made_first: list[str] = field(default_factory=list)

    @cached_property
    def named(self) -> frozenset[str]:
        """Every item, block and mob the steps name."""
        return mentioned(self.steps)


def mentioned(steps: list[Step]) -> frozenset[str]:
    """Every item, block and mob ``steps`` name."""
    names: set[str] = set()
    for step in steps:
        for key in _NAMING:
            if key in step:
                names.add(step[key])
        names.update(step.get("uses", ()))
    return frozenset(names)


#: The keys of a step whose values are ids.
_NAMING = ("item", "block", "mob", "target", "from", "fuel", "tool", "weapon")


def set_up(catalogue: Catalogue, need: Need, level: str, draws: Draws, avoid: frozenset[str],
           have: set[str]) -> Setup | None:
    """``need`` at ``level`` (None: this draw has nothing to make first at the hard level; draw the need again;
    :class:`.needs.Unmet` where a station has no recipe left).

    ``have`` holds the stations an earlier goal of an ``and`` already sets up; they are used, not made again, and
    this goal's are added to it.
    """
    gives = dict(need.items)
    stations = [station for station in need.stations if station not in have]
    if level == "simple":
        held = (need.held, need.hand) if need.held is not None else None
        if held:
            gives[held[0]] -= 1
        have.update(stations)
        near = [(station, 1) for station in stations] + need.blocks
        return Setup(need, _positive(gives), held, near, list(need.steps))
    first: list[Step] = []
    made: list[str] = []
    if level == "hard":
        found = _made_first(catalogue, gives, draws, avoid)
        if found is None and not stations:
            return None
        if found is not None:
            name, step = found
            made.append(name)
            first.append(step)
            if step["grid"] == 3 and "crafting_table" not in stations and "crafting_table" not in have:
                stations.insert(0, "crafting_table")
    if "furnace" in stations and "crafting_table" not in stations and "crafting_table" not in have:
        stations.insert(0, "crafting_table")
    # A station is made from anything but what is made first (else the made step could be skipped).
    steps = _stations(catalogue, stations, gives, draws, avoid | frozenset(made), first) + list(need.steps)
    made.extend(stations)
    have.update(stations)
    return Setup(need, _positive(gives), None, list(need.blocks), steps, made)


def _positive(gives: dict[str, int]) -> dict[str, int]:
    return {item: count for item, count in gives.items() if count > 0}


def _made_first(catalogue: Catalogue, gives: dict[str, int], draws: Draws,
                avoid: frozenset[str]) -> tuple[str, Step] | None:
    """One needed item (a tool before a material) replaced by its recipe's materials, and the step that makes it."""
    candidates = sorted(gives, key=lambda name: catalogue.facts.stackable(name) if name in catalogue.facts.items
                        else True)
    for name in candidates:
        recipes = catalogue.usable_recipes(name, avoid) if name in catalogue.facts.items else ()
        if recipes:
            recipe = draws.pick(recipes)
            times = math.ceil(gives[name] / recipe.count)
            gives[name] = 0
            for item, count in recipe.needs:
                gives[item] = gives.get(item, 0) + count * times
            return name, craft_step(name, recipe.uses(), recipe.count, times, recipe.grid)
    return None


def _stations(catalogue: Catalogue, stations: list[str], gives: dict[str, int], draws: Draws,
              avoid: frozenset[str], first: list[Step]) -> list[Step]:
    """The steps that craft and place each station from given materials, the made-first step after the table."""
    steps: list[Step] = []
    for station in sorted(stations, key=lambda name: name != "crafting_table"):
        recipe = choose(draws, catalogue.usable_recipes(station, avoid), f"recipe for a {station}")
        for item, count in recipe.needs:
            gives[item] = gives.get(item, 0) + count
        steps += [craft_step(station, recipe.uses(), recipe.count, 1, recipe.grid), {"do": "place", "block": station}]
        if station == "crafting_table":
            steps += first
            first = []
    return steps + first
