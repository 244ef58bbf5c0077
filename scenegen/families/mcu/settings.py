"""A config compiled for drawing: one sampler per parameter, and the refusals of configs no sample can meet."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scenegen.errors import ConfigError
from scenegen.families.mcu.goals import Catalogue, catalogue
from scenegen.plugin.draws import Sampler, sampler
from scenegen.plugin.values import Parameters

ANY = "any"


@dataclass(frozen=True)
class Settings:
    """The samplers of a config's parameters, its version's tasks, and the pools each (kind, level) draws from."""

    catalogue: Catalogue
    draw: Mapping[str, Sampler]
    pools: Mapping[tuple[str, str], tuple[str, ...]]


def compile_settings(config: Mapping[str, Any], parameters: Parameters) -> Settings:
    """The settings of a validated config; a ConfigError names the key and the reason a config cannot be met."""
    tasks = catalogue(config["version"])
    kinds, levels = parameters.support("kind"), parameters.support("level")
    targets = parameters.support("target")
    pinned = [target for target in targets if target != ANY]
    for kind in kinds:
        for target in pinned:
            if target not in tasks.pools[kind]:
                raise ConfigError("target", f"{kind} {target}: {why_not(tasks, kind, target)}")
    pools = {(kind, level): _pool(tasks, kind, level, pinned if ANY not in targets else None)
             for kind in kinds for level in levels}
    for level in levels:
        if not any(pools[kind, level] for kind in kinds):
            raise ConfigError("level", f"{level}: no task the config draws can be set at this level "
                              f"({_level_reason(level)})")
    draw = {path: sampler(value) for path, value in parameters.values.items()}
    return Settings(tasks, draw, pools)


def _pool(tasks: Catalogue, kind: str, level: str, pinned: list[str] | None) -> tuple[str, ...]:
    pool = tasks.pools[kind] if pinned is None else tuple(pinned)
    return tuple(target for target in pool if tasks.admits(kind, target, level))


def _level_reason(level: str) -> str:
    if level == "hard":
        return "a hard task makes a tool, a material or a station first; find goals and goals done by hand have none"
    return "the version has no task of the kinds drawn"


def why_not(tasks: Catalogue, kind: str, target: str) -> str:
    """Why ``kind target`` is no atomic task of the catalogue's version."""
    facts = tasks.facts
    version = f"Minecraft {facts.version}"
    item = target.split(":")[0]
    if item not in facts.items and target not in facts.blocks and target not in facts.entities:
        return f"{target!r} is no item, block or mob id of {version}"
    reasons = {
        "craft": f"{target} has no crafting recipe in {version}, so no plan can craft it",
        "smelt": f"nothing is smelted into {target} in {version}, or no fuel exists there",
        "mine": f"{target} is not a block the family sets near the agent in {version} (data/choices.yaml)",
        "place": f"{target} is not a block the family sets near the agent in {version} (data/choices.yaml)",
        "collect": f"no block the family sets surely drops {target} in {version} (1.13.2's table has no loot)",
        "hunt": f"{target} is not a passive land mob of {version} the family summons (data/choices.yaml)",
        "combat": f"{target} is not a hostile mob of {version} the family summons (data/choices.yaml)",
        "use": f"{target} has no use the family knows in {version} (data/choices.yaml)",
        "eat": f"{target} is no food or drink of {version}",
        "find": f"{target} is not a block or mob the family sets near the agent in {version}",
    }
    return reasons[kind]
