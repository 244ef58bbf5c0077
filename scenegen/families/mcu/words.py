"""The words of a task: its text (the instruction MCU's ``text`` holds), the steps of its plan said in words, the
evaluation criteria MCU's VLM evaluator reads, and the task configuration as YAML."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from scenegen.families.mcu.facts import Facts, wiki
from scenegen.families.mcu.goals import Catalogue, Goal

#: How the criteria name a hard condition.
_CONDITIONS = {"night": "the night", "rain": "the rain", "thunder": "the thunderstorm", "blindness": "blindness",
               "hostile": "a hostile mob nearby"}
#: MCU's six evaluation dimensions, in the order its rating prompts list them.
DIMENSIONS = ("Task Progress", "Action Control", "Error Recognition and Correction", "Creative Attempts",
              "Task Completion Efficiency", "Material Selection and Usage")
_VERBS = {"craft": "craft", "mine": "mine", "smelt": "smelt", "collect": "collect", "hunt": "hunt",
          "combat": "combat", "place": "place"}
_UNCHANGED_PLURALS = ("s", "sh", "ch", "x", "glass", "wool", "dirt", "sand", "gravel", "clay", "ore", "stone",
                      "netherrack", "obsidian", "redstone", "lapis lazuli", "quartz", "dust", "kelp", "beef", "mutton",
                      "salmon", "cod", "fish", "terracotta", "bamboo", "ice", "snow")


def name(facts: Facts, item: str) -> str:
    """An item, block or mob as a player says it; a potion by its type."""
    said = facts.said.get(item)
    if said is not None:
        return said
    if item.startswith("potion:"):
        return f"potion of {item[7:].replace('_', ' ')}"
    return facts.display(item)


def _listed(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _names(facts: Facts, items: Sequence[str]) -> str:
    """``items`` as players say them, comma-separated (a hard config lists a dozen or two)."""
    said = facts.said
    return ", ".join([said[item] if item in said else name(facts, item) for item in items])


def counted(facts: Facts, item: str, count: int) -> str:
    """``a stick``, ``an apple``, ``4 sticks``."""
    said = name(facts, item)
    if count == 1:
        return f"{'an' if said[0] in 'aeiou' else 'a'} {said}"
    return f"{count} {plural(said)}"


def plural(said: str) -> str:
    """``stick`` -> ``sticks``, ``berry`` -> ``berries``; names of stuff (``glass``, ``iron ore``) stay as they are."""
    if said.endswith(_UNCHANGED_PLURALS):
        return said
    if said.endswith("y") and said[-2:-1] not in tuple("aeiou"):
        return said[:-1] + "ies"
    return said + "s"


def phrase(catalogue: Catalogue, goal: Goal, within: int | None) -> str:
    """The goal in a few words: ``craft a bell``, ``mine 3 iron ore``, ``find a pig within 12 blocks``."""
    facts = catalogue.facts
    thing = counted(facts, goal.target, goal.count)
    if goal.kind in _VERBS:
        verb = "cook" if goal.kind == "smelt" and goal.target in facts.foods else _VERBS[goal.kind]
        return f"{verb} {thing}"
    if goal.kind == "use":
        return catalogue.uses[goal.target].text
    if goal.kind == "eat":
        drink = goal.target.split(":")[0] in wiki()["drinks"] or goal.target == "honey_bottle"
        return f"{'drink' if drink else 'eat'} {thing}"
    return f"find {thing} within {within} blocks of you"


def sentence(phrases: Sequence[str], composition: str) -> str:
    """The task text: one phrase, or the parts joined by ``and`` / ``or``."""
    joined = phrases[0] if composition == "single" else f"{', '.join(phrases[:-1])} {composition} {phrases[-1]}"
    return joined[0].upper() + joined[1:] + "."


def step_words(facts: Facts, step: dict[str, Any]) -> str:
    """One plan step in words."""
    do = step["do"]
    if do == "craft":
        uses = _listed([counted(facts, item, count * step["times"]) for item, count in step["uses"].items()])
        where = " at the crafting table" if step["grid"] == 3 else ""
        return f"craft {counted(facts, step['item'], step['makes'])} from {uses}{where}"
    if do == "place":
        return f"place the {name(facts, step['block'])}"
    if do == "smelt":
        return (f"smelt {counted(facts, step['from'], step['times'])} into {name(facts, step['item'])} in the furnace, "
                f"burning {counted(facts, step['fuel'], step['fuel_units'])}")
    if do == "mine":
        tool = f"with the {name(facts, step['tool'])}" if "tool" in step else "by hand"
        return f"mine {counted(facts, step['block'], step['times'])} {tool}"
    if do == "kill":
        return f"kill {counted(facts, step['mob'], step['times'])} with the {name(facts, step['weapon'])}"
    if do == "use":
        return f"use the {name(facts, step['item'])}"
    if do == "eat":
        return f"consume the {name(facts, step['item'])}"
    return f"find the {name(facts, step['target'])} within {step['within']} blocks"


#: The rules every task shares, between its action control and its efficiency (written once: a hard config's
#: criteria are a few hundred words).
_SHARED_RULES = (f"*** {DIMENSIONS[2]}:\n- notices a step that did not work (a missing material, a block broken "
                 "without the right tool, a missed target) and corrects it\n"
                 f"*** {DIMENSIONS[3]}:\n- tries a sound way to the goal other than the usual one where the game "
                 "allows it\n")


def criteria(facts: Facts, text: str, steps: Sequence[str], needed: Sequence[str],
             distractors: Sequence[str], conditions: Sequence[str]) -> str:
    """The grading criteria of one task: MCU's six dimensions as major criteria (``*** Name:``) in its order, each
    with its rules (``- ...``); task progress lists the key steps of the plan (``steps``, in words), material use
    names what is needed and what is not."""
    progress = "".join([f"- key step {k}: {words}\n" for k, words in enumerate(steps, 1)])
    despite = f"- keeps to the task despite {_listed([_CONDITIONS[c] for c in conditions])}\n" if conditions else ""
    unneeded = f"- leaves the unneeded items alone ({_names(facts, distractors)})\n" if distractors else ""
    plural = "s" if len(steps) > 1 else ""
    return (f"Task: {text}\n*** {DIMENSIONS[0]}:\n{progress}- completes the task: {text[:-1].lower()}\n"
            f"*** {DIMENSIONS[1]}:\n- acts toward the task and avoids unrelated or aimless actions\n{despite}"
            f"{_SHARED_RULES}"
            f"*** {DIMENSIONS[4]}:\n- reaches the goal in about {len(steps)} step{plural}, without repeating any\n"
            f"*** {DIMENSIONS[5]}:\n- chooses and uses what the task needs: "
            f"{_names(facts, needed) or 'nothing but its bare hands'}\n{unneeded}")


def task_yaml(commands: Sequence[str], text: str) -> str:
    """The task configuration as MCU reads it: ``custom_init_commands`` and ``text``; every string double-quoted,
    so no command's braces, colons or quotes can confuse a loader."""
    if not commands:
        return f"custom_init_commands: []\ntext: {_quoted(text)}\n"
    joined = "".join(commands)
    if joined.isascii() and joined.isprintable() and "\\" not in joined:  # every command the family writes:
        # only quotes need escaping
        quoted = [command.replace('"', '\\"') if '"' in command else command for command in commands]
        listed = '- "' + '"\n- "'.join(quoted) + '"\n'
    else:
        listed = "".join(f"- {_quoted(command)}\n" for command in commands)
    return f"custom_init_commands:\n{listed}text: {_quoted(text)}\n"


def _quoted(text: str) -> str:
    """A YAML double-quoted scalar of ``text``."""
    if text.isascii() and text.isprintable() and "\\" not in text:
        return '"' + text.replace('"', '\\"') + '"'
    return json.dumps(text)  # a JSON string is a YAML double-quoted scalar too
