"""The default caip template against what people type (issue 39): the figures computable without human data.

The human figures are those issue 39 quotes from about 5,000 commands annotated the paper's way (the
annotations themselves are held apart from the project). A figure is a share in percent unless named
otherwise; a range is what two human sets span. ``python -m scenegen.families.caip.tests.people [N]`` prints
the figures of N generated records (100,000 by default) beside the human ones, as docs/caip_realism.md
tables them. Measured from the records alone, apart from the family's code.
"""

from __future__ import annotations

import statistics
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from .support import LEXICON, build, template_config

#: each action's own word, which people say first ("build" starts 69% of human BUILD commands)
OWN_WORDS = {"BUILD": "build", "DESTROY": "destroy", "DIG": "dig", "FILL": "fill", "SPAWN": "spawn", "STOP": "stop"}
NUMBERS = {word: value for value, word in enumerate(LEXICON["number_words"])} | LEXICON["times_words"]


@dataclass(frozen=True)
class Human:
    """A human figure: ``low``-``high`` (equal for one figure), and how far a generated one may be from it."""

    low: float
    high: float
    slack: float

    def holds(self, value: float) -> bool:
        return self.low - self.slack <= value <= self.high + self.slack

    def __str__(self) -> str:
        return f"{self.low:g}" if self.low == self.high else f"{self.low:g}-{self.high:g}"


def _one(value: float, slack: float) -> Human:
    return Human(value, value, slack)


HUMAN: dict[str, Human] = {
    **{f"{word!r} first in {kind} commands": _one(share, 5) for kind, word, share in (
        ("BUILD", "build", 69), ("DESTROY", "destroy", 77), ("DIG", "dig", 92), ("FILL", "fill", 99),
        ("SPAWN", "spawn", 97), ("STOP", "stop", 96))},
    "commands with a repeat": Human(6.5, 9.6, 1),
    "repeat count, median (a number)": _one(5, 1),
    "commands with a stop condition": Human(0.4, 4.8, 0.5),
    "commands with a location": Human(25, 36, 1),
    "reference objects with a material": Human(8, 12, 1),
    "OTHERACTION among actions": _one(26.5, 3),
    "DANCE among actions": _one(0.2, 0.3),
    "PUT_MEMORY among records": _one(1.2, 0.6),
    "words per record, mean (a number)": _one(6.5, 0.4),
    "records of 1-2 words": _one(8.9, 2),
    "records of 13 words or more": _one(6.2, 2),
    "records with a capital letter": _one(0, 0),
    "records with a comma": _one(0, 1),  # commas inside coordinates, which are their span's own, stay
    'records with "!!"': _one(0, 0),
    "questions (ending in ?)": _one(7.1, 2),
}


def records(n: int, seed: int = 39) -> Iterator[dict[str, Any]]:
    """``n`` records of the default caip template, made in-process."""
    family = build(template_config())
    for index in range(n):
        yield family.generate(index, np.random.default_rng((seed, index))).documents[""]


def _keyed(node: Any) -> Iterator[tuple[str, Any]]:
    """Every (key, value) of a logical form, depth first."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield key, value
            yield from _keyed(value)
    elif isinstance(node, list):
        for value in node:
            yield from _keyed(value)


class Figures:
    """The figures of generated records, added up one record at a time."""

    def __init__(self) -> None:
        self.records = self.commands = self.actions = self.references = 0
        self.counts: Counter[str] = Counter()
        self.firsts: Counter[str] = Counter()
        self.singles: Counter[str] = Counter()
        self.repeat_counts: list[int] = []
        self.lengths: list[int] = []

    def add(self, record: dict[str, Any]) -> None:
        form, tokens, text = record["logical_form"], record["tokens"], record["text"]
        self.records += 1
        self.lengths.append(len(text.split()))
        self.counts.update({"capital": text != text.lower(), "comma": "," in text, "!!": "!!" in text,
                            "question": text.rstrip().endswith("?"), form["dialogue_type"]: True})
        sequence = form.get("action_sequence", [])
        self.actions += len(sequence)
        self.counts.update(f"action {action['action_type']}" for action in sequence)
        keyed = list(_keyed(form))
        for key, value in keyed:
            if key == "reference_object":
                self.references += 1
                self.counts["material"] += "has_block_type" in value
            elif key == "repeat_count":
                start, end = value[1]
                said = " ".join(tokens[start : end + 1])
                self.repeat_counts.append(int(said) if said.isdigit() else NUMBERS[said])
        if form["dialogue_type"] != "HUMAN_GIVE_COMMAND":
            return
        self.commands += 1
        keys = {key for key, _ in keyed}
        self.counts.update({"repeat": "repeat" in keys, "stop": "stop_condition" in keys,
                            "location": "location" in keys})
        if len(sequence) == 1 and sequence[0]["action_type"] in OWN_WORDS:
            kind = sequence[0]["action_type"]
            self.singles[kind] += 1
            self.firsts[kind] += tokens[0] == OWN_WORDS[kind]

    def table(self) -> dict[str, float]:
        """Each figure of :data:`HUMAN`, generated."""
        def share(count: float, total: int) -> float:
            return 100 * count / total

        return {
            **{f"{word!r} first in {kind} commands": share(self.firsts[kind], self.singles[kind])
               for kind, word in OWN_WORDS.items()},
            "commands with a repeat": share(self.counts["repeat"], self.commands),
            "repeat count, median (a number)": statistics.median(self.repeat_counts),
            "commands with a stop condition": share(self.counts["stop"], self.commands),
            "commands with a location": share(self.counts["location"], self.commands),
            "reference objects with a material": share(self.counts["material"], self.references),
            "OTHERACTION among actions": share(self.counts["action OTHERACTION"], self.actions),
            "DANCE among actions": share(self.counts["action DANCE"], self.actions),
            "PUT_MEMORY among records": share(self.counts["PUT_MEMORY"], self.records),
            "words per record, mean (a number)": statistics.mean(self.lengths),
            "records of 1-2 words": share(sum(n <= 2 for n in self.lengths), self.records),
            "records of 13 words or more": share(sum(n >= 13 for n in self.lengths), self.records),
            "records with a capital letter": share(self.counts["capital"], self.records),
            "records with a comma": share(self.counts["comma"], self.records),
            'records with "!!"': share(self.counts["!!"], self.records),
            "questions (ending in ?)": share(self.counts["question"], self.records),
        }


def figures(n: int) -> dict[str, float]:
    """The figures of ``n`` records of the default template."""
    added = Figures()
    for record in records(n):
        added.add(record)
    return added.table()


def main(n: int) -> None:
    """Print the figures of ``n`` records beside the human ones (docs/caip_realism.md's table)."""
    for name, value in figures(n).items():
        print(f"| {name} | {HUMAN[name]} | {value:.1f} |")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000)
