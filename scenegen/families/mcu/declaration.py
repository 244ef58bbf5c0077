"""The mcu family's config, declared once: the schema, the samplers and the reference derive from it."""

from __future__ import annotations

from scenegen.families.mcu.facts_table import VERSIONS
from scenegen.families.mcu.goals import KINDS, LEVELS
from scenegen.plugin.params import Declaration, Domain, Param, Setting, number, one_of

COMPOSITIONS = ("single", "and", "or")
CONDITIONS = ("night", "rain", "thunder", "blindness", "hostile")

LEVEL = one_of("level", LEVELS, "simple: needs at hand, tool in hand, stations set beside the agent; medium: needs "
                                "in the inventory, stations crafted from given materials; hard: a tool or material "
                                "made first too, distractors and conditions.")
KIND = one_of("kind", KINDS)
TARGET = Domain("target", {"type": "string", "minLength": 1, "pattern": "^[a-z0-9_:]+$",
                           "description": "an item, block or mob id without 'minecraft:' (a potion: potion:<type>), "
                                          "or any"})
COMPOSITION = one_of("composition", COMPOSITIONS)
CONDITION = one_of("condition", CONDITIONS)

DECLARATION = Declaration(
    family="mcu",
    title="mcu family config",
    description=(
        "Minecraft task configurations in the format of MCU (MineCraft Universe): the YAML MCU runs "
        "(custom_init_commands and text), the criteria its evaluator reads, and a label with the goal, the level, "
        "what is needed and what is not, and a plan an independent solver replays; written as JSONL shards. "
        "Numeric and categorical parameters use scenegen's value grammar: a constant, a list (uniform), {min, max} "
        "(numbers) or {choices, weights}."
    ),
    entries=(
        Setting("version", {"enum": list(VERSIONS)}, "1.16.5",
                "The Java Edition version whose items, blocks, recipes and mobs the tasks use (MCU runs 1.16.5); "
                "every id and recipe must exist in it."),
        Param("level", LEVEL, list(LEVELS), "The mix of difficulty levels."),
        Param("kind", KIND, list(KINDS),
              "The mix of atomic task kinds. At the hard level a kind with nothing to make first (find, and tasks "
              "done by hand) is drawn again."),
        Param("target", TARGET, "any",
              "The goal's target: any (every atomic task of the kind), or ids; each must be a task of every kind "
              "the config may draw, in its version (e.g. kind craft, target bell: refused in 1.16.5, where a bell "
              "has no recipe)."),
        Param("count", number("count", 1, 8, integer=True), {"choices": [1, 2, 3, 4], "weights": [70, 15, 10, 5]},
              "How many of its target a craft, smelt, mine, collect, hunt or combat goal asks for (others: one)."),
        Param("surplus", number("surplus", 1, 64, integer=True), {"min": 1, "max": 16},
              "Items given beyond what the plan uses, per stackable item (MCU asks for a surplus); tools are given "
              "once."),
        Param("composition", COMPOSITION, "single",
              "single: one atomic task; and / or: two or three atomic tasks whose commands are merged and whose "
              "texts are joined."),
        Param("parts", number("parts", 2, 3, integer=True), [2, 3], "Atomic tasks in a composed task."),
        Param("find_distance", number("find_distance", 4, 32, integer=True), {"min": 6, "max": 16},
              "The distance a find goal states: its block or mob is set at least half of it and at most all of it "
              "away."),
        Param("simple.distractors", number("simple_distractors", 0, 1, integer=True), 1,
              "Unneeded item kinds given at the simple level: MCU's simple configs carry at most one, and with one "
              "their median of 3 commands is met (its prompt asks for one or two commands the task does not need)."),
        Param("medium.distractors", number("medium_distractors", 0, 11, integer=True), {"min": 1, "max": 5},
              "Unneeded item kinds given at the medium level."),
        Param("hard.distractors", number("hard_distractors", 1, 64, integer=True), {"min": 12, "max": 22},
              "Unneeded item kinds given at the hard level (MCU's hard configs carry 12 to 22)."),
        Param("hard.conditions", number("hard_conditions", 1, 4, integer=True), {"min": 1, "max": 3},
              "Distinct conditions a hard task is set in, each drawn from condition."),
        Param("condition", CONDITION, list(CONDITIONS),
              "The mix of hard conditions: night, rain, thunder (one weather at a time), blindness, or a hostile "
              "mob summoned a few blocks away."),
    ),
    sections={"simple": "The simple level.", "medium": "The medium level.", "hard": "The hard level."},
)
