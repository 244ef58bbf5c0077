"""One task configuration: goals drawn, their needs set up at the level, the world written as commands, the
distractors and conditions added, the commands shuffled (as MCU's prompt asks), the text, plan and criteria."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scenegen.errors import GenerationError
from scenegen.families.mcu import commands as cmd
from scenegen.families.mcu.facts import wiki
from scenegen.families.mcu.goals import OBTAINED, Goal
from scenegen.families.mcu.ground import Ground
from scenegen.families.mcu.levels import Setup, set_up
from scenegen.families.mcu.needs import Unmet, need
from scenegen.families.mcu.settings import ANY, Settings
from scenegen.families.mcu.words import criteria, phrase, sentence, step_words, task_yaml
from scenegen.plugin.draws import Draws

#: Kinds whose goal takes a count above one.
COUNTED = frozenset({"craft", "smelt", "mine", "collect", "hunt", "combat"})
#: Draws of a sample's goals before it is given up: a draw is refused only where the hard level finds nothing to
#: make first or one composed goal would give away another's target, so a handful is plenty.
ATTEMPTS = 64
#: How far from the agent what a goal needs is set: close at hand at the simple level, a few steps away otherwise.
REACH = {"simple": 3, "medium": 5, "hard": 6}
#: Stations: set up once for an "and" (see levels.set_up), once per goal for an "or".
STATIONS = frozenset({"crafting_table", "furnace"})
#: Hostile mobs a hard condition may summon (those the version has).
THREATS = ("zombie", "skeleton", "spider", "creeper", "husk")


@dataclass
class World:
    """The commands of one sample, and which unneeded items and conditions are among them."""

    commands: list[str] = field(default_factory=list)
    distractors: list[str] = field(default_factory=list)
    conditions: list[str] = field(default_factory=list)


def make(settings: Settings, draws: Draws) -> tuple[dict[str, Any], list[str]]:
    """One task record (see :mod:`.family`) and its plan's steps in words."""
    draw = settings.draw
    level = draw["level"](draws)
    composition = draw["composition"](draws)
    goals, setups = _goals(settings, level, composition, draws)
    world = World()
    ground = Ground()
    gives = _needed_commands(settings, level, setups, ground, draws, world)
    avoid = set(gives) | {goal.target for goal in goals} | {name for setup in setups for name in setup.named}
    _distractors(settings, level, avoid, draws, world)
    if level == "hard":
        _conditions(settings, setups, ground, draws, world)
    _shuffle(world.commands, draws)
    held = {setup.held[0] for setup in setups if setup.held}
    needed = {"items": sorted(set(gives) | held), "blocks": sorted({b for s in setups for b, _ in s.near}),
              "mobs": sorted({m for s in setups for m, _ in s.need.mobs})}
    return _record(settings, level, composition, goals, setups, world, needed)


def _record(settings: Settings, level: str, composition: str, goals: list[Goal], setups: list[Setup], world: World,
            needed: dict[str, list[str]]) -> tuple[dict[str, Any], list[str]]:
    """The record of a world made for ``goals``: its words, plan and label fields."""
    facts = settings.catalogue.facts
    texts = [phrase(settings.catalogue, goal, setup.need.within) for goal, setup in zip(goals, setups, strict=True)]
    text = sentence(texts, composition)
    plan = _plan(setups, composition)
    steps = [step_words(facts, step) for step in plan]
    return {
        "version": facts.version,
        "level": level,
        "text": text,
        "custom_init_commands": world.commands,
        "yaml": task_yaml(world.commands, text),
        "criteria": criteria(facts, text, steps, needed["items"] + needed["blocks"], world.distractors,
                             world.conditions),
        "goal": {"composition": composition,
                 "parts": [{"kind": g.kind, "target": g.target, "count": g.count} for g in goals]},
        "needed": needed,
        "made_first": sorted({name for s in setups for name in s.made_first}),
        "distractors": world.distractors,
        "conditions": world.conditions,
        "plan": plan,
    }, steps


def _goals(settings: Settings, level: str, composition: str, draws: Draws) -> tuple[list[Goal], list[Setup]]:
    """The sample's distinct goals and their setups, none giving what another obtains."""
    parts = 1 if composition == "single" else settings.draw["parts"](draws)
    for _ in range(ATTEMPTS):
        goals = [_goal(settings, level, draws) for _ in range(parts)]
        if len({(goal.kind, goal.target) for goal in goals}) < parts:
            continue
        avoid = frozenset(goal.target for goal in goals if goal.kind in OBTAINED)
        within = settings.draw["find_distance"](draws) if any(goal.kind == "find" for goal in goals) else 0
        setups = []
        # An "and" sets a station up once for all its goals; each goal of an "or" has its own, as its plan does.
        have: set[str] = set()
        for goal in goals:
            try:
                needed = need(settings.catalogue, goal, draws, avoid, within)
                setup = set_up(settings.catalogue, needed, level, draws, avoid,
                               have if composition != "or" else set())
            except Unmet:
                break
            if setup is None or avoid.intersection(setup.gives):
                break
            setups.append(setup)
        else:
            if not _overlap(goals, setups):
                return goals, setups
    raise GenerationError(f"no {parts} goal(s) at the {level} level could be set up in {ATTEMPTS} draws")


def _overlap(goals: list[Goal], setups: list[Setup]) -> bool:
    """Whether composed goals would spoil one another's plans: one's steps name another's target (mining obsidian
    collects obsidian, so that goal's own steps would not be needed), two use the same tool, two craft the same
    thing, or one gives what another crafts."""
    if len(setups) == 1:
        return False
    tools: set[str] = set()
    made: set[str] = set()
    for k, setup in enumerate(setups):
        if any(goal.target in setup.named for j, goal in enumerate(goals) if j != k):
            return True
        # A tool outlasts its use: a second goal with the same tool would make or use it again for nothing.
        used = {step[key] for step in setup.steps for key in ("tool", "weapon") if key in step}
        if tools & used:
            return True
        tools |= used
        # What a goal crafts on its way must come from its own steps, not from another goal's materials, and two
        # goals never craft the same thing: what one makes beyond its need could spare the other's step.
        crafted = {step["item"] for step in setup.steps if step["do"] == "craft"}
        if made & (crafted - STATIONS) or any(crafted.intersection(other.gives)
                                              for j, other in enumerate(setups) if j != k):
            return True
        made |= crafted - STATIONS
    return False


def _goal(settings: Settings, level: str, draws: Draws) -> Goal:
    draw = settings.draw
    for _ in range(ATTEMPTS):
        kind = draw["kind"](draws)
        pool = settings.pools[kind, level]
        target = draw["target"](draws)
        count = draw["count"](draws)
        if target == ANY and pool:
            target = draws.pick(pool)
        if target in pool:
            return Goal(kind, target, count if kind in COUNTED else 1)
    raise GenerationError(f"no goal of the kinds drawn can be set at the {level} level")


def _needed_commands(settings: Settings, level: str, setups: list[Setup], ground: Ground, draws: Draws,
                     world: World) -> dict[str, int]:
    """The commands that set up what the goals need; returns what is given (with its surplus)."""
    facts = settings.catalogue.facts
    gives: dict[str, int] = {}
    slots: set[str] = set()
    for setup in setups:
        for item, count in setup.gives.items():
            gives[item] = gives.get(item, 0) + count
        if setup.held and setup.held[1] not in slots:
            slots.add(setup.held[1])
            world.commands.append(cmd.hold(setup.held[0], setup.held[1], facts.hand_command))
        elif setup.held:
            gives[setup.held[0]] = gives.get(setup.held[0], 0) + 1
    surplus = settings.draw["surplus"]
    for item, count in gives.items():
        prefix = facts.give_prefix.get(item)
        if prefix is None:  # a potion: its type in its tag; potions stack in a give
            world.commands.append(cmd.give(item, count + surplus(draws)))
        else:
            world.commands.append(f"{prefix}{count + surplus(draws) if facts.items[item][1] > 1 else count}")
    reach = REACH[level]
    for setup in setups:
        _set_near(setup, reach, ground, draws, world)
    effects = {name for setup in setups for name in setup.need.effects}
    if "hunger" in effects:
        hunger = wiki()["hunger"]
        world.commands.append(cmd.effect("hunger", hunger["seconds"], hunger["amplifier"]))
    if any(setup.need.night for setup in setups):
        world.commands.append(cmd.time_set("night"))
    return gives


def _set_near(setup: Setup, reach: int, ground: Ground, draws: Draws, world: World) -> None:
    within = setup.need.within
    low, high = (max(2, within // 2), within) if within else (2, reach)
    for block, count in setup.near:
        depth = -1 if block == "water" or (not within and block.endswith("_ore") and draws.chance(0.5)) else 0
        if count == 1:
            world.commands.append(cmd.setblock(block, ground.spot(draws, low, high, depth)))
        else:
            first, last = ground.row(draws, count, low, max(high, count + 2), depth)
            world.commands.append(cmd.fill(block, first, last))
    for mob, count in setup.need.mobs:
        for _ in range(count):
            world.commands.append(cmd.summon(mob, ground.spot(draws, max(low, 3), max(high, 4))))


def _distractors(settings: Settings, level: str, avoid: set[str], draws: Draws, world: World) -> None:
    facts = settings.catalogue.facts
    pool, gives, size, uniform = facts.distractor_pool, facts.distractor_gives, len(facts.distractor_pool), \
        draws.uniform
    wanted = settings.draw[f"{level}.distractors"](draws)
    chosen: list[str] = []
    for _ in range(ATTEMPTS * 4):
        if len(chosen) == wanted:
            break
        k = int(uniform() * size)
        item = pool[k]
        if item not in avoid:
            avoid.add(item)
            chosen.append(item)
            command, stacks = gives[k]
            if item == "enchanted_book":
                command = facts.books[int(uniform() * len(facts.books))]
            world.commands.append(f"{command}{1 + int(uniform() * 16) if stacks else 1}")
    world.distractors = chosen


def _conditions(settings: Settings, setups: list[Setup], ground: Ground, draws: Draws, world: World) -> None:
    facts = settings.catalogue.facts
    taken = {"night"} if any(setup.need.night for setup in setups) else set()
    wanted = settings.draw["hard.conditions"](draws)
    for _ in range(ATTEMPTS):
        if len(world.conditions) == wanted:
            break
        condition = settings.draw["condition"](draws)
        weather = {"rain", "thunder"}
        if condition in taken or (condition in weather and taken & weather):
            continue
        taken.add(condition)
        world.conditions.append(condition)
        if condition == "night":
            world.commands.append(cmd.time_set("night"))
        elif condition in weather:
            world.commands.append(cmd.weather(condition))
        elif condition == "blindness":
            world.commands.append(cmd.effect("blindness", 300, 1))
        else:
            mob = draws.pick([name for name in THREATS if name in facts.entities])
            world.commands.append(cmd.summon(mob, ground.spot(draws, 6, 9)))


def _shuffle(commands: list[str], draws: Draws) -> None:
    """Fisher-Yates on the sample's draws: needed and unneeded commands mixed, as MCU's prompt asks."""
    uniform = draws.uniform
    for i in range(len(commands) - 1, 0, -1):
        j = int(uniform() * (i + 1))
        commands[i], commands[j] = commands[j], commands[i]


def _plan(setups: list[Setup], composition: str) -> list[dict[str, Any]]:
    """The steps to the goal: every part's for ``and`` (and a single task), the shortest part's for ``or``."""
    if composition == "or":
        return min((setup.steps for setup in setups), key=len)
    return [step for setup in setups for step in setup.steps]
