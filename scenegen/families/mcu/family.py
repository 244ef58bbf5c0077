"""The mcu family: Minecraft task configurations in MCU's format, right by construction, as JSONL records."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np

from scenegen.errors import Problem
from scenegen.families.mcu.checks import check_record
from scenegen.families.mcu.declaration import DECLARATION
from scenegen.families.mcu.instance import make
from scenegen.families.mcu.settings import compile_settings
from scenegen.plugin.draws import Draws
from scenegen.plugin.family import Family, Sample
from scenegen.plugin.outputs import Records


class Mcu(Family):
    """Task configurations of the MineCraft Universe benchmark (MCU), made procedurally."""

    name = "mcu"
    task_categories = ("reinforcement-learning", "text-generation")
    # Lists of ids a config may leave empty in every record (nothing made first at the simple level, no mob for a
    # craft, no item for a find, no distractor where a config asks none): declared, so one schema fits every config.
    record_types: ClassVar[Mapping[str, Any]] = {"label": ["struct", {
        name: ["list", "string"] for name in ("needed_items", "needed_blocks", "needed_mobs", "distractors",
                                              "made_first")}]}
    description = ("MCU: Minecraft task configurations (custom_init_commands and text) for atomic and composed "
                   "goals at three levels, with evaluation criteria and a replayable plan.")
    about = ("Minecraft task configurations in MCU's YAML format (`custom_init_commands`, `text`) for atomic goals "
             "(craft, mine, smelt, collect, hunt, combat, place, use, eat, find) and their `and` / `or` "
             "compositions, at MCU's simple, medium and hard levels, from minecraft-data facts of the chosen version "
             "(1.16.5 by default); with the criteria text of MCU's six evaluation dimensions and a plan that the "
             "family's independent solver replays (docs/mcu.md)")
    label_about = ("`label` gives the goal (kinds, targets, counts, composition), the level, the needed items, "
                   "blocks and mobs, the distractors, what is made first and the minimal plan in words")
    declaration = DECLARATION
    # The goal is the task, not a hidden answer: nothing in a record is to be inferred from the rest of it.
    answers = ()
    # Goals, needs and plans vary in structure from one task to the next: a dataset record holds them as JSON text.
    output = Records("mcu_record", fields=("version", "level", "text", "custom_init_commands", "yaml", "criteria",
                                           "goal", "needed", "made_first", "distractors", "conditions", "plan"),
                     json_fields=("goal", "needed", "made_first", "distractors", "conditions", "plan"))

    def __init__(self, config: Mapping[str, Any]) -> None:
        super().__init__(config)
        self.settings = compile_settings(config, self.parameters)

    def generate(self, index: int, rng: np.random.Generator) -> Sample:
        """One task configuration, its label flat enough for a dataset's typed columns."""
        record, steps = make(self.settings, Draws(rng))
        parts = record["goal"]["parts"]
        truth = {
            "composition": record["goal"]["composition"],
            "kinds": [part["kind"] for part in parts],
            "targets": [part["target"] for part in parts],
            "counts": [part["count"] for part in parts],
            "level": record["level"],
            "needed_items": record["needed"]["items"],
            "needed_blocks": record["needed"]["blocks"],
            "needed_mobs": record["needed"]["mobs"],
            "distractors": record["distractors"],
            "made_first": record["made_first"],
            "plan": steps,
        }
        params = {"level": record["level"], "composition": record["goal"]["composition"],
                  "kind": parts[0]["kind"], "commands": len(record["custom_init_commands"])}
        return Sample(documents={"": record}, params=params, truth=truth)

    def check(self, document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
        """The independent check (:mod:`.checks`)."""
        return check_record(document)
