"""Compile a caip config into the samplers one record draws from.

Every parameter is compiled once with :func:`scenegen.plugin.values.compile_value`,
which reports what the JSON Schema cannot (weights that do not match their
choices, ``min`` above ``max``) as a :class:`ConfigError` naming the key.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from scenegen.errors import ConfigError, did_you_mean
from scenegen.families.caip.declaration import LOOP_FORMS
from scenegen.plugin import resources
from scenegen.plugin.draws import Draws, Sampler, sampler, scaled_share, share
from scenegen.plugin.values import Choice, Constant, Value, compile_value

Coin = Callable[[Draws], bool]

SHARES = (
    "bare",
    "location",
    "nested_location",
    "steps",
    "repeat",
    "repeat_all",
    "repeat_direction",
    "stop_condition",
    "coreference",
    "coref_resolve",
    "tag",
    "count_words",
    "prefix",
    "suffix",
    "punctuation",
    "question_mark",
    "capitals",
    "typos",
    "negatives",
)
CHOICES = ("dialogue_type", "action_type", "location_type", "negative_kind")
COUNTS = ("actions_per_command", "attributes")
TERMINAL_LOCATIONS = ("COORDINATES", "AGENT_POS", "SPEAKER_POS", "SPEAKER_LOOK")


@dataclass(frozen=True)
class Settings:
    """What a record draws from: a sampler or a coin per config parameter."""

    dialogue_type: Sampler
    action_type: Sampler
    location_type: Sampler
    #: location types for a location that may not name an object (None: there are none)
    terminal_location_type: Sampler | None
    negative_kind: Sampler
    actions_per_command: Sampler
    attributes: Sampler
    bare: Coin
    location: Coin
    nested_location: Coin
    #: tossed with the location type's steps_factor (phrases.yaml)
    steps: Callable[[Draws, float], bool]
    repeat: Coin
    repeat_all: Coin
    repeat_direction: Coin
    stop_condition: Coin
    coreference: Coin
    coref_resolve: Coin
    tag: Coin
    count_words: Coin
    prefix: Coin
    suffix: Coin
    punctuation: Coin
    question_mark: Coin
    capitals: Coin
    typos: Coin
    negatives: Coin
    #: whether any record can carry a negative
    makes_negatives: bool
    action_kinds: tuple[str, ...]
    #: loop_form "annotated": open-ended loops as repeat.stop_condition, object counts as the action's repeat
    annotated_loops: bool = True
    #: reference_block_type: reference objects may have a has_block_type
    reference_block_type: bool = False
    #: commas: the words around a command's spans keep their commas ("hey bot , build a house")
    commas: bool = True


def compile_settings(config: Mapping[str, Any]) -> Settings:
    """Check and compile ``config`` (validated against ``caip.config``; missing keys take their defaults)."""
    schema = resources.load_schema("caip.config")
    unknown = sorted(set(config) - set(schema["properties"]))
    if unknown:
        hint = did_you_mean(unknown[0], schema["properties"])
        raise ConfigError(unknown[0], f"unknown key{hint}; caip takes {sorted(schema['properties'])}")
    spec = {key: config.get(key, prop.get("default")) for key, prop in schema["properties"].items()}
    values: dict[str, Value] = {}
    for key in CHOICES:
        values[key] = compile_value(spec[key], key, object)
    for key in COUNTS:
        values[key] = compile_value(spec[key], key, int)
    for key in SHARES:
        values[key] = compile_value(spec[key], key, float)
        _check_probability(values[key], key)
    if spec["loop_form"] not in LOOP_FORMS:
        raise ConfigError("loop_form", f"{spec['loop_form']!r} is not one of {list(LOOP_FORMS)}")
    negatives = values["negatives"].support()
    return Settings(
        **{key: sampler(values[key]) for key in (*CHOICES, *COUNTS)},
        **{key: share(values[key]) for key in SHARES if key != "steps"},
        steps=scaled_share(values["steps"]),
        terminal_location_type=_terminal(values["location_type"]),
        makes_negatives=any(p > 0 for p in negatives),
        action_kinds=tuple(values["action_type"].support()),
        annotated_loops=spec["loop_form"] == "annotated",
        reference_block_type=spec["reference_block_type"] is True,
        commas=spec["commas"] is True,
    )


def _check_probability(value: Value, key: str) -> None:
    for p in value.support():
        if not 0.0 <= p <= 1.0:
            raise ConfigError(key, f"{p} is not a share between 0 and 1")


def _terminal(value: Value) -> Sampler | None:
    """The location-type sampler restricted to the types that name no object."""
    if isinstance(value, Constant):
        return sampler(value) if value.value in TERMINAL_LOCATIONS else None
    if not isinstance(value, Choice):  # pragma: no cover - categorical values are constants or choices
        raise TypeError(type(value).__name__)
    weights = _weights(value)
    kept = [(c, w) for c, w in zip(value.choices, weights, strict=True) if c in TERMINAL_LOCATIONS and w > 0]
    if not kept:
        return None
    choices = tuple(c for c, _ in kept)
    running, cumulative = 0.0, []
    for _, weight in kept:
        running += weight
        cumulative.append(running)
    return sampler(Choice(choices, tuple(cumulative)))


def _weights(value: Choice) -> list[float]:
    if value.cumulative is None:
        return [1.0] * len(value.choices)
    previous, weights = 0.0, []
    for total in value.cumulative:
        weights.append(total - previous)
        previous = total
    return weights
