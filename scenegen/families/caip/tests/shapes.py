"""Tree shapes of CAIP logical forms, and which of Appendix D's the generator produces (issue 19).

A shape is a logical form with its span values and its categorical values
abstracted away -- except ``action_type`` and ``dialogue_type``, which say what
kind of command it is. "build a bridge over the lava" and "build a house near
the tree" have one shape; "destroy the box" has another. Written apart from
the family's own code, so the measurement does not trust what it measures.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from typing import Any

import numpy as np

from scenegen.families.caip import Caip

from .support import appendix_d

KEPT_VALUES = frozenset({"action_type", "dialogue_type"})
SPAN = "span"
VALUE = "value"


def shape(node: dict[str, Any]) -> dict[str, Any]:
    """``node`` with every span and categorical value (but action and dialogue types) abstracted."""
    out: dict[str, Any] = {}
    for key, value in node.items():
        if isinstance(value, dict):
            out[key] = shape(value)
        elif key == "action_sequence":
            out[key] = [shape(action) for action in value]
        elif isinstance(value, list):
            out[key] = SPAN
        else:
            out[key] = value if key in KEPT_VALUES else VALUE
    return out


def shape_key(form: dict[str, Any]) -> str:
    """The shape as canonical JSON text (equal shapes, equal text)."""
    return json.dumps(shape(form), sort_keys=True, separators=(",", ":"))


def appendix_d_shapes() -> dict[str, list[str]]:
    """Each shape of Appendix D's annotated examples, with the texts of the examples that have it."""
    shapes: dict[str, list[str]] = {}
    for example in appendix_d()["examples"]:
        shapes.setdefault(shape_key(example["logical_form"]), []).append(example["text"])
    return shapes


def generated_shapes(family: Caip, n: int, seed: int = 19) -> Counter[str]:
    """How often each shape occurs in ``n`` generated records."""
    counts: Counter[str] = Counter()
    for index in range(n):
        sample = family.generate(index, np.random.default_rng((seed, index)))
        counts[shape_key(sample.documents[""]["logical_form"])] += 1
    return counts


def missing_examples(family: Caip, n: int, seed: int = 19) -> list[str]:
    """The texts of the Appendix D examples whose shape ``n`` generated records never have."""
    produced = generated_shapes(family, n, seed)
    return [text for key, texts in appendix_d_shapes().items() if key not in produced for text in texts]


#: What a profile reports the share of records with, anywhere in the tree.
PROFILED = ("has_size", "has_colour", "has_block_type", "has_length", "has_width", "has_height", "has_depth",
            "has_thickness", "has_radius", "has_slope", "has_base", "has_distance", "has_orientation", "has_tag",
            "coordinates", "steps", "repeat_dir", "location", "repeat", "stop_condition", "contains_coreference")


def _walk(node: dict[str, Any], keys: set[str]) -> int:
    """The node count of ``node`` (itself, each leaf and each child node), collecting its keys into ``keys``."""
    count = 1
    for key, value in node.items():
        keys.add(key)
        if isinstance(value, dict):
            count += _walk(value, keys)
        elif key == "action_sequence":
            count += sum(_walk(action, keys) for action in value)
        else:
            count += 1
    return count


def profile(records: list[tuple[list[str], dict[str, Any]]]) -> dict[str, float]:
    """Length and attribute statistics of (tokens, logical form) pairs: mean tokens, mean nodes per tree,
    share of actions that are bare (their type alone), share of commands that are composite, and the share
    of records with each of :data:`PROFILED` anywhere in the tree."""
    tokens = nodes = actions = bare = commands = composite = 0
    having = Counter[str]()
    for words, form in records:
        keys: set[str] = set()
        tokens += len(words)
        nodes += _walk(form, keys)
        having.update(keys)
        sequence = form.get("action_sequence", ())
        if sequence:
            commands += 1
            composite += len(sequence) > 1
            actions += len(sequence)
            bare += sum(len(action) == 1 for action in sequence)
    n = len(records)
    out = {"mean tokens": tokens / n, "nodes per tree": nodes / n, "share bare": bare / max(actions, 1),
           "share composite": composite / max(commands, 1)}
    out.update({f"share with {key}": having[key] / n for key in PROFILED})
    return out


def wilson_interval(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a share seen in ``n`` cases: where the share of the
    population they were drawn from plausibly lies. Appendix D's shares rest on 37 examples, so it is wide."""
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def appendix_d_profile() -> dict[str, float]:
    """:func:`profile` of Appendix D's annotated examples (their text is already tokenized)."""
    return profile([(example["text"].split(), example["logical_form"]) for example in appendix_d()["examples"]])


def generated_profile(family: Caip, n: int, seed: int = 19) -> dict[str, float]:
    """:func:`profile` of ``n`` generated records."""
    records = []
    for index in range(n):
        record = family.generate(index, np.random.default_rng((seed, index))).documents[""]
        records.append((record["tokens"], record["logical_form"]))
    return profile(records)
