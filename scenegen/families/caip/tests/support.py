"""Shared helpers of the caip tests, written apart from the family's own code.

Paths, span walks and the config strategy here do not reuse the family's
modules, so the tests check the family against an independent reading of a record.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
from hypothesis import strategies as st

from scenegen.families.caip import Caip, lexicon
from scenegen.plugin.config import check_config
from scenegen.plugin.discovery import bundled_templates
from scenegen.plugin.resources import load_yaml

FIXTURES = Path(__file__).resolve().parent / "fixtures"
FOLDER = lexicon.DATA
# the data files, read as plain YAML apart from the family's code
ACTIONS = load_yaml((FOLDER / "actions.yaml").read_text(encoding="utf-8"))
LEXICON = load_yaml((FOLDER / "lexicon.yaml").read_text(encoding="utf-8"))
PHRASES = load_yaml((FOLDER / "phrases.yaml").read_text(encoding="utf-8"))
ARTICLES = {"a", "an", "the"}
ACTION_KINDS = ["BUILD", "COPY", "DANCE", "SPAWN", "RESUME", "FILL", "DESTROY", "MOVE", "UNDO", "STOP", "DIG",
                "FREEBUILD", "OTHERACTION"]
DIALOGUE_TYPES = ["HUMAN_GIVE_COMMAND", "GET_MEMORY", "PUT_MEMORY", "NOOP"]
LOCATION_TYPES = ["REFERENCE_OBJECT", "COORDINATES", "AGENT_POS", "SPEAKER_POS", "SPEAKER_LOOK"]


def appendix_d() -> dict[str, Any]:
    """Appendix D's annotated examples, each logical form's spans into the example's whole text (a composite the
    paper's tool split into sub-commands has its spans moved from each sub-command onto the sentence)."""
    fixture = json.loads((FIXTURES / "appendix_d.json").read_text(encoding="utf-8"))
    for example in fixture["examples"]:
        if "sub_commands" in example:
            _onto_sentence(example)
    return fixture


def _onto_sentence(example: dict[str, Any]) -> None:
    """Move the spans of each action of ``example`` from its sub-command onto the whole text."""
    words, start = example["text"].split(), 0
    for action, sub_command in zip(example["logical_form"]["action_sequence"], example["sub_commands"],
                                   strict=True):
        said = sub_command.split()
        start = next(i for i in range(start, len(words)) if words[i : i + len(said)] == said)
        _shift(action, start)
        start += len(said)


def _shift(node: dict[str, Any], by: int) -> None:
    for value in node.values():
        if isinstance(value, dict):
            _shift(value, by)
        elif isinstance(value, list):  # below an action, a list is a span: [0, [start, end]]
            value[1] = [value[1][0] + by, value[1][1] + by]


def singulars(*lists: str) -> set[str]:
    """The singular of every noun of the lexicon lists ``lists`` (a noun said in the plural only: that plural)."""
    return {pair[0] for name in lists for pair in LEXICON[name]}


def pairings(kind: str = "OTHERACTION") -> dict[str, set[str]]:
    """Verb of the action ``kind``'s verb classes -> every noun (singular and plural) the data lets it take."""
    table: dict[str, set[str]] = {}
    for entry in ACTIONS["actions"][kind]["verb_classes"].values():
        unfit = set(entry.get("except", ()))
        nouns = {n for pair in (p for name in entry["objects"] for p in LEXICON[name]) if pair[0] not in unfit
                 for n in pair}
        for verb in (*entry["verbs"], *entry.get("placing", ())):
            table.setdefault(verb, set()).update(nouns)
    return table


def template_config(name: str = "caip.yaml") -> dict[str, Any]:
    with bundled_templates()[name].open(encoding="utf-8") as handle:
        return load_yaml(handle)


def build(config: dict[str, Any]) -> Caip:
    """The family as the pipeline builds it: config validated, defaults filled."""
    return Caip(check_config(config, Caip.config_schema()))


def record(family: Caip, seed: int, index: int) -> dict[str, Any]:
    """A record as the JSONL exporter writes it."""
    sample = family.generate(index, np.random.default_rng((seed, index)))
    return {"id": f"caip_{index:06d}", **sample.documents[""]}


def objects(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every object node of a logical form, actions included."""
    yield node
    for key, value in node.items():
        if isinstance(value, dict):
            yield from objects(value)
        elif key == "action_sequence":
            for action in value:
                yield from objects(action)


def lookup(form: dict[str, Any], path: str) -> Any:
    """The value at a JSON path such as ``$.logical_form.action_sequence[0].schematic.has_name``."""
    node: Any = {"logical_form": form}
    for key, index in re.findall(r"\.(\w+)|\[(\d+)\]", path.removeprefix("$")):
        node = node[int(index)] if index else node[key]
    return node


def spans(node: Any, path: str = "$.logical_form") -> Iterator[tuple[str, Any]]:
    """Every span leaf of a logical form, by JSON path (anything that is a list but not the action list)."""
    for key, value in node.items():
        if isinstance(value, dict):
            yield from spans(value, f"{path}.{key}")
        elif key == "action_sequence":
            for i, action in enumerate(value):
                yield from spans(action, f"{path}.{key}[{i}]")
        elif isinstance(value, list):
            yield f"{path}.{key}", value


def value(values: list[Any], ranges: bool = True) -> st.SearchStrategy[Any]:
    """A parameter in any shape of the value grammar, drawing from ``values``."""
    ordered = sorted(set(values), key=str)
    subsets = st.lists(st.sampled_from(ordered), min_size=1, max_size=4, unique=True)
    shapes = [
        st.sampled_from(ordered),
        subsets,
        subsets.flatmap(lambda c: st.fixed_dictionaries(
            {"choices": st.just(c), "weights": st.lists(st.integers(1, 5), min_size=len(c), max_size=len(c))})),
    ]
    if ranges and len(ordered) > 1:
        shapes.append(st.tuples(st.sampled_from(ordered), st.sampled_from(ordered)).map(
            lambda b: {"min": min(b), "max": max(b)}))
    return st.one_of(shapes)


SHARES = [0.0, 0.1, 0.3, 0.5, 0.8, 1.0]
configs = st.fixed_dictionaries(
    {"family": st.just("caip")},
    optional={
        "dialogue_type": value(DIALOGUE_TYPES, ranges=False),
        "action_type": value(ACTION_KINDS, ranges=False),
        "actions_per_command": value([1, 2, 3, 4]),
        "location_type": value(LOCATION_TYPES, ranges=False),
        "attributes": value([0, 1, 2, 3, 4]),
        "negative_kind": value(["categorical", "span", "node"], ranges=False),
        "loop_form": st.sampled_from(["annotated", "figures"]),
        "reference_block_type": st.booleans(),
        **{key: value(SHARES) for key in ("bare", "coref_resolve", "typos", "location", "nested_location", "steps",
                                         "repeat", "repeat_all", "repeat_direction", "stop_condition", "coreference",
                                         "tag", "count_words", "prefix", "suffix", "punctuation", "negatives")},
    },
)
