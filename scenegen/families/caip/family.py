"""The caip family: (command, logical form) pairs in the CAIP grammar, as JSONL records."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

import numpy as np

from scenegen.errors import Problem
from scenegen.families.caip import lexicon
from scenegen.families.caip.checks import check_record
from scenegen.families.caip.config import compile_settings
from scenegen.families.caip.declaration import DECLARATION, DIALOGUE_TYPES
from scenegen.families.caip.grammar import Grammar
from scenegen.families.caip.linearize import linearize
from scenegen.families.caip.negatives import Negatives, json_path
from scenegen.families.caip.say import Say
from scenegen.families.caip.schemas import MATERIALS
from scenegen.families.caip.stats import CaipStats
from scenegen.plugin import resources
from scenegen.plugin.draws import Draws
from scenegen.plugin.family import Family, Sample
from scenegen.plugin.outputs import Records


@dataclass(frozen=True)
class Trace:
    """A sample with what filled its spans, for tests: (JSON path, words) and (JSON path, value, words)."""

    sample: Sample
    fills: list[tuple[str, tuple[str, ...]]]
    marks: list[tuple[str, str, tuple[str, ...]]]


class Caip(Family):
    """Synthetic CraftAssist commands and their logical forms (Srinet et al., ACL 2020)."""

    name = "caip"
    task_categories = ("text2text-generation",)
    # The dialogue type is a class (an integer to a model); a run without negatives leaves them None in every record.
    record_types: ClassVar[Mapping[str, Any]] = {
        "negative": "string",
        "label": ["struct", {"dialogue_type": ["class", list(DIALOGUE_TYPES)], "negative": "string"}],
        "params": ["struct", {"negative": "string"}]}
    description = "CAIP (CraftAssist) commands paired with logical forms, with optional reranker negatives"
    about = ("CraftAssist commands paired with logical forms in the CAIP grammar "
             "(`schema/caip_logical_form.schema.json`), tokenized, with spans into the tokens, the Section 5.2 "
             "linearization, and optional reranker negatives (`caip_negatives.yaml`)")
    label_about = ("the logical form and linearization are the answer (record fields); `label` gives the "
                   "`dialogue_type`, the `action_types` and the `negative`'s corruption kind (or null)")
    declaration = DECLARATION
    answers = ("dialogue_type", "negative")
    # A logical form's structure varies from one command to the next: a dataset record holds it as JSON text.
    output = Records("caip_record", fields=("text", "tokens", "logical_form", "linearized", "negative"),
                     json_fields=("logical_form", "negative"))

    def __init__(self, config: Mapping[str, Any]) -> None:
        super().__init__(config)
        self.settings = compile_settings(config)
        self.grammar = Grammar(lexicon.load(), self.settings)
        form_schema = "caip_logical_form"
        if self.settings.reference_block_type:  # reference objects with materials: the schemas that accept them
            self.output = replace(self.output, document_schema=MATERIALS["caip_record"])
            form_schema = MATERIALS[form_schema]
        self.negatives: Negatives | None = None
        if self.settings.makes_negatives:
            self.negatives = Negatives(resources.load_schema(form_schema))

    def generate(self, index: int, rng: np.random.Generator) -> Sample:
        return self._make(rng)[0]

    def trace(self, index: int, rng: np.random.Generator) -> Trace:
        """:meth:`generate`, also returning the words that filled each span (and said each categorical leaf)."""
        sample, say = self._make(rng)
        form = sample.documents[""]["logical_form"]
        paths = _node_paths(form, ())
        fills = [(json_path((*paths[id(node)], key)), words) for node, key, words in say.fills]
        marks = [(json_path((*paths[id(node)], key)), node[key], words) for node, key, words in say.marks]
        return Trace(sample, fills, marks)

    def _make(self, rng: np.random.Generator) -> tuple[Sample, Say]:
        settings = self.settings
        draws = Draws(rng)
        say = Say(draws, settings.typos, settings.commas)
        dialogue_type = settings.dialogue_type(draws)
        form, actions = self.grammar.say(say, dialogue_type)
        if settings.capitals(draws):
            say.capitalize()
        record: dict[str, Any] = {
            "text": say.text(),
            "tokens": say.tokens,
            "logical_form": form,
            "linearized": linearize(form),
        }
        corruption = None
        if self.negatives is not None and settings.negatives(draws):
            negative = self.negatives.corrupt(form, say.tokens, draws, settings.negative_kind(draws))
            if negative is not None:
                record["negative"] = negative
                corruption = negative["corruption"]["kind"]
        params = {
            "dialogue_type": dialogue_type,
            "actions": actions,
            "features": sorted(say.features),
            "negative": corruption,
        }
        truth = {"dialogue_type": dialogue_type, "action_types": [action["action_type"] for action in
                                                                  form.get("action_sequence", ())],
                 "negative": corruption}
        return Sample(documents={"": record}, params=params, truth=truth), say

    def check(self, document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
        return check_record(document)

    def document_stats(self) -> CaipStats:
        return CaipStats()


def _node_paths(node: Any, path: tuple[str | int, ...]) -> dict[int, tuple[str | int, ...]]:
    """The path of every object node of a logical form, by identity."""
    paths = {id(node): path}
    for key, value in node.items():
        if type(value) is dict:
            paths.update(_node_paths(value, (*path, key)))
        elif key == "action_sequence":
            for i, action in enumerate(value):
                paths.update(_node_paths(action, (*path, key, i)))
    return paths
