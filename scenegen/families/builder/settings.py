"""What a builder dialogue draws from: the samplers and coins compiled once from a validated config."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from scenegen.families.builder.declaration import DECLARATION
from scenegen.plugin.draws import Draws, Sampler, sampler, share
from scenegen.plugin.values import Constant, Value

Coin = Callable[[Draws], bool]


@dataclass(frozen=True)
class Settings:
    """What a dialogue draws from: a sampler or a coin per config parameter, and the world's height."""

    height: int
    standing: Sampler
    parts: Sampler
    kind: Sampler
    colour: Sampler
    placement: Sampler
    missing: Sampler
    repeat: Coin
    coreference: Coin
    sides: Coin
    correction: Coin
    clarification: Coin
    from_position: Coin
    move: Coin
    lift: Coin
    corners: Coin
    corner_colours: Coin


def compile_settings(config: Mapping[str, Any]) -> Settings:
    """The samplers of a validated config (defaults filled in)."""
    values = DECLARATION.draw_table(config)
    coins = ("repeat", "coreference", "sides", "correction", "clarification", "from_position", "move", "lift",
             "corners", "corner_colours")
    return Settings(
        height=config["height"],
        **{key: sampler(values[key]) for key in ("standing", "parts", "kind", "colour", "placement", "missing")},
        **{key: never if _is_zero(values[key]) else share(values[key]) for key in coins},
    )


def _is_zero(value: Value) -> bool:
    """Whether a share is a constant 0: its coin never comes up, and is tossed without a draw."""
    return isinstance(value, Constant) and not value.value


def never(draws: Draws) -> bool:
    """The coin of a share that is a constant 0: never up, tossed without a draw (the architect asks whether a
    coin is this one to skip what it decides)."""
    return False
