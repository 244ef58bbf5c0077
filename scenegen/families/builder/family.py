"""The builder family: collaborative building dialogues with gold builder answers, as JSONL records."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np

from scenegen.errors import Problem
from scenegen.families.builder import lexicon
from scenegen.families.builder.declaration import DECLARATION
from scenegen.families.builder.dialogue import Architect
from scenegen.families.builder.placement import listed
from scenegen.families.builder.replay import replay_problems
from scenegen.families.builder.say import Phrasebook
from scenegen.families.builder.settings import compile_settings
from scenegen.families.builder.stats import BuilderStats
from scenegen.plugin.draws import Draws
from scenegen.plugin.family import Family, Sample
from scenegen.plugin.outputs import Records


class Builder(Family):
    """Architect/builder dialogues in the seed's voxel world (Madge & Poesio, "LLMs as Minecraft Agents")."""

    name = "builder"
    task_categories = ("text-generation",)
    description = ("Builder: voxel building dialogues, a target built from parts by architect instructions with gold "
                   "builder answers, worlds before and after, corrections and clarifications.")
    about = ("Collaborative building dialogues in the seed's voxel world (x, z from -5 to 5, y up; six colours): a "
             "target from composable parts (blocks, columns, stacks, rows, diagonals, lines rising in the air, walls, "
             "floors, rings, crosses, L shapes, solid staircases, pyramids), one architect instruction per part with "
             "the gold builder answer in the seed's JSON format and the worlds before and after, corrections that "
             "remove, clarification turns, structures standing from the start; three levels (`builder_simple`, "
             "`builder_medium`, `builder_hard`) and a rule-based baseline (docs/builder.md); `scenegen export RUN "
             "--as chat` writes its prompts and `scenegen score` grades a model's replies")
    label_about = ("the gold answers and worlds are the answer (record fields); `label` gives the level and counts "
                   "parts, structures standing from the start, turns, blocks, corrections and clarifications")
    declaration = DECLARATION
    benchmark = "scenegen.families.builder.benchmark:BENCHMARK"
    # A dialogue's answers are its gold builder actions (record fields), not classes a shortcut could predict.
    answers = ()
    # What an instruction left out: none in a config without clarifications (builder_simple), so declared, so that
    # one schema fits every config.
    record_types: ClassVar[Mapping[str, Any]] = {"params": ["struct", {"missing": ["list", "string"]}]}
    # The target, parts and turns vary in structure from one dialogue to the next: a dataset record holds them as
    # JSON text.
    output = Records("builder_record",
                     fields=("level", "height", "position", "start", "standing", "target", "parts", "turns"),
                     json_fields=("start", "standing", "target", "parts", "turns"))

    def __init__(self, config: Mapping[str, Any]) -> None:
        super().__init__(config)
        self.architect = Architect(compile_settings(config), Phrasebook(lexicon.load()))
        self.level: str = config["level"]

    def generate(self, index: int, rng: np.random.Generator) -> Sample:
        dialogue = self.architect.dialogue(Draws(rng))
        standing, built = dialogue.parts[:dialogue.standing], dialogue.parts[dialogue.standing:]
        turns = dialogue.turns
        record = {
            "level": self.level,
            "height": dialogue.height,
            "position": list(dialogue.position),
            "start": dialogue.start,
            "standing": [listed(part) for part in standing],
            "target": dialogue.blocks,
            "parts": [listed(part) for part in built],
            "turns": turns,
        }
        params = {"kinds": [part.shape.kind for part in built], "missing": dialogue.missing}
        truth = {
            "level": self.level,
            "parts": len(built),
            "standing": len(standing),
            "turns": len(turns),
            "blocks": len(dialogue.blocks),
            "corrections": dialogue.corrections,
            "clarifications": len(dialogue.missing),
        }
        return Sample(documents={"": record}, params=params, truth=truth)

    def check(self, document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
        return replay_problems(document)

    def document_stats(self) -> BuilderStats:
        return BuilderStats()

