"""What one atomic goal needs, drawn for one sample: the items, the tool it is done with, the stations, what is set
near the agent, the mobs, the commands the world needs, and the steps that reach the goal from there.

Every item is the least the steps use; the surplus MCU asks for is added when the
items are given (:mod:`.instance`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from scenegen.families.mcu.facts import wiki
from scenegen.families.mcu.goals import Catalogue, Goal
from scenegen.plugin.draws import Draws

Step = dict[str, Any]


@dataclass
class Need:
    """What a goal needs before its steps (see the module's doc). ``held`` is the item the agent holds at the
    simple level, in the slot ``hand``; ``night`` says the goal needs the night (a mob that burns by day)."""

    items: dict[str, int] = field(default_factory=dict)
    stations: list[str] = field(default_factory=list)
    blocks: list[tuple[str, int]] = field(default_factory=list)
    mobs: list[tuple[str, int]] = field(default_factory=list)
    effects: list[str] = field(default_factory=list)
    night: bool = False
    held: str | None = None
    hand: str = "weapon.mainhand"
    steps: list[Step] = field(default_factory=list)
    #: How far away the goal's own block or mob is set (find goals: within the stated distance).
    within: int | None = None

    def add(self, item: str, count: int) -> None:
        """Need ``count`` more of ``item``."""
        self.items[item] = self.items.get(item, 0) + count


class Unmet(Exception):
    """This draw of a goal's needs has no option left (e.g. every fuel is another goal's target): draw again."""


def need(catalogue: Catalogue, goal: Goal, draws: Draws, avoid: frozenset[str], within: int) -> Need:
    """What ``goal`` needs, drawn; nothing it gives is in ``avoid`` (the targets the sample's goals obtain)."""
    return _BUILDERS[goal.kind](catalogue, goal, draws, avoid, within)


def choose(draws: Draws, options: tuple[Any, ...] | list[Any], what: str) -> Any:
    """One of ``options``, uniformly; :class:`Unmet` when there is none."""
    if not options:
        raise Unmet(f"no {what}")
    return draws.pick(options)


def craft_step(item: str, recipe_uses: dict[str, int], count: int, times: int, grid: int) -> Step:
    """The plan step that crafts ``item`` ``times`` times from ``recipe_uses`` (``count`` a time)."""
    return {"do": "craft", "item": item, "times": times, "uses": recipe_uses, "makes": count * times, "grid": grid}


def _craft(catalogue: Catalogue, goal: Goal, draws: Draws, avoid: frozenset[str], within: int) -> Need:
    recipe = choose(draws, catalogue.usable_recipes(goal.target, avoid), f"recipe for {goal.target}")
    times = math.ceil(goal.count / recipe.count)
    found = Need(stations=["crafting_table"] if recipe.grid == 3 else [])
    for item, count in recipe.needs:
        found.add(item, count * times)
    found.steps.append(craft_step(goal.target, recipe.uses(), recipe.count, times, recipe.grid))
    return found


def _smelt(catalogue: Catalogue, goal: Goal, draws: Draws, avoid: frozenset[str], within: int) -> Need:
    facts = catalogue.facts
    source = choose(draws, [s for s in facts.smelting[goal.target] if s not in avoid], f"source of {goal.target}")
    fuel = choose(draws, [f for f in facts.fuels if f not in avoid and f != source], "fuel")
    units = facts.fuel_units(fuel, goal.count)
    found = Need(stations=["furnace"])
    found.add(source, goal.count)
    found.add(fuel, units)
    found.steps.append({"do": "smelt", "item": goal.target, "from": source, "times": goal.count, "fuel": fuel,
                        "fuel_units": units})
    return found


def _break(catalogue: Catalogue, block: str, times: int, draws: Draws, avoid: frozenset[str]) -> Need:
    tools = [tool for tool in catalogue.facts.harvest_tools(block) if tool not in avoid]
    found = Need(blocks=[(block, times)])
    step: Step = {"do": "mine", "block": block, "times": times}
    if catalogue.facts.harvest_tools(block):
        tool = choose(draws, tools, f"tool for {block}")
        found.add(tool, 1)
        found.held = step["tool"] = tool
    found.steps.append(step)
    return found


def _mine(catalogue: Catalogue, goal: Goal, draws: Draws, avoid: frozenset[str], within: int) -> Need:
    return _break(catalogue, goal.target, goal.count, draws, avoid)


def _collect(catalogue: Catalogue, goal: Goal, draws: Draws, avoid: frozenset[str], within: int) -> Need:
    block, least = draws.pick(catalogue.drops[goal.target])
    return _break(catalogue, block, math.ceil(goal.count / least), draws, avoid)


def _fight(catalogue: Catalogue, goal: Goal, draws: Draws, avoid: frozenset[str], within: int) -> Need:
    sword = choose(draws, [s for s in catalogue.swords() if s not in avoid], "sword")
    found = Need(mobs=[(goal.target, goal.count)], night=goal.target in wiki()["burns_in_daylight"], held=sword)
    found.add(sword, 1)
    found.steps.append({"do": "kill", "mob": goal.target, "times": goal.count, "weapon": sword})
    return found


def _place(catalogue: Catalogue, goal: Goal, draws: Draws, avoid: frozenset[str], within: int) -> Need:
    found = Need(held=goal.target)
    found.add(goal.target, 1)
    found.steps.append({"do": "place", "block": goal.target})
    return found


def _use(catalogue: Catalogue, goal: Goal, draws: Draws, avoid: frozenset[str], within: int) -> Need:
    use = catalogue.uses[goal.target]
    found = Need(held=goal.target, hand=use.hand, mobs=[(use.mob, 1)] if use.mob else [],
                 blocks=[(use.block, 1)] if use.block else [])
    found.add(goal.target, 1)
    for item, count in use.items:
        found.add(item, count)
    found.steps.append({"do": "use", "item": goal.target})
    return found


def _eat(catalogue: Catalogue, goal: Goal, draws: Draws, avoid: frozenset[str], within: int) -> Need:
    facts = wiki()
    item = goal.target.split(":")[0]
    found = Need(held=goal.target)
    found.add(goal.target, 1)
    if item not in facts["always_edible"] and item not in facts["drinks"]:
        found.effects.append("hunger")
    found.steps.append({"do": "eat", "item": goal.target})
    return found


def _find(catalogue: Catalogue, goal: Goal, draws: Draws, avoid: frozenset[str], within: int) -> Need:
    placed = [(goal.target, 1)]
    found = Need(within=within)
    if catalogue.is_mob(goal.target):
        found.mobs = placed
    else:
        found.blocks = placed
    found.steps.append({"do": "find", "target": goal.target, "within": within})
    return found


_BUILDERS = {"craft": _craft, "smelt": _smelt, "mine": _mine, "collect": _collect, "hunt": _fight,
             "combat": _fight, "place": _place, "use": _use, "eat": _eat, "find": _find}
