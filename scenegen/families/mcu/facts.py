"""The game facts of one version, and the pools of targets each kind of goal draws from.

The facts are the committed tables (``data/facts-<version>.json``, written from
minecraft-data by :mod:`.facts_table`) and the wiki facts minecraft-data lacks
(``data/wiki.yaml``); the pools also follow the family's choices
(``data/choices.yaml``). Everything is read once per version and process.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from typing import Any

from scenegen.plugin import resources

PACKAGE = "families/mcu/data"
#: Tools by tier, cheapest first: a made tool is the cheapest that does the job.
TIERS = ("wooden", "golden", "stone", "iron", "diamond", "netherite")
SWORDS = tuple(f"{tier}_sword" for tier in TIERS)


@dataclass(frozen=True)
class Recipe:
    """One crafting recipe: ``count`` of its item from ``needs`` (item, how many), on a 2x2 or 3x3 ``grid``."""

    count: int
    needs: tuple[tuple[str, int], ...]
    grid: int

    def uses(self) -> dict[str, int]:
        """The materials, by item."""
        return dict(self.needs)


@dataclass(frozen=True)
class Use:
    """What using an item asks: its words, items used with it, a block or a mob near, the slot it is held in."""

    text: str
    items: tuple[tuple[str, int], ...] = ()
    block: str | None = None
    mob: str | None = None
    hand: str = "weapon.mainhand"


def version_key(version: str) -> tuple[int, ...]:
    """``"1.16.5"`` -> ``(1, 16, 5)``, for comparing versions."""
    return tuple(int(part) for part in version.split("."))


@cache
def wiki() -> dict[str, Any]:
    """The wiki facts (smelting, fuels, food rules, potions...)."""
    return dict(resources.load_yaml(resources.package_text(f"{PACKAGE}/wiki.yaml")))


@cache
def choices() -> dict[str, Any]:
    """The family's choices of pools (see data/choices.yaml)."""
    return dict(resources.load_yaml(resources.package_text(f"{PACKAGE}/choices.yaml")))


@cache
def raw_table(version: str) -> dict[str, Any]:
    """The committed minecraft-data table of ``version``."""
    return dict(json.loads(resources.package_text(f"{PACKAGE}/facts-{version}.json")))


class Facts:
    """One version's facts and goal pools."""

    def __init__(self, version: str) -> None:
        table = raw_table(version)
        self.version = version
        self.items: dict[str, tuple[str, int]] = {name: (display, stack) for name, (display, stack)
                                                  in table["items"].items()}
        #: Names as players say them, in lower case (looked up for every word of a record's text and criteria).
        self.said = {name: display.lower() for name, (display, _) in self.items.items()}
        self.blocks: dict[str, dict[str, Any]] = table["blocks"]
        self.entities: dict[str, str] = table["entities"]
        self.effects = frozenset(table["effects"])
        self.foods = frozenset(table["foods"])
        self.enchantments: tuple[str, ...] = tuple(table["enchantments"])
        self.recipes = self._recipes(table["recipes"])
        self.smelting = self._smelting()
        self.fuels = {name: per for name, per in wiki()["fuels"].items() if name in self.items}
        self.hand_command = "replaceitem" if version_key(version) <= version_key(wiki()["replaceitem_until"]) \
            else "item"
        #: Each item's /give command but its count.
        self.give_prefix = {name: f"/give @s minecraft:{name} " for name in self.items}
        self.distractor_pool = self._distractors()
        #: Each distractor's /give command but its count, and whether it stacks (a hard config gives a dozen or two).
        self.distractor_gives = tuple((f"/give @s minecraft:{name} ", self.items[name][1] > 1)
                                      for name in self.distractor_pool)
        #: An enchanted book is given with one stored enchantment of the version (at level 1, which every one has).
        self.books = tuple(f'/give @s minecraft:enchanted_book{{StoredEnchantments:[{{id:"minecraft:{name}",lvl:1}}]}} '
                           for name in self.enchantments)

    def _recipes(self, recipes: dict[str, list[dict[str, Any]]]) -> dict[str, tuple[Recipe, ...]]:
        found = {}
        for name, variants in recipes.items():
            usable = tuple(Recipe(v["count"], tuple(v["in"].items()), v["grid"]) for v in variants
                           if all(item in self.items for item in v["in"]))
            if usable and name in self.items:
                found[name] = usable
        return found

    def _smelting(self) -> dict[str, tuple[str, ...]]:
        """Each smelted item and what it is smelted from, in this version."""
        found: dict[str, list[str]] = {}
        for source, product, *extra in wiki()["smelting"]:
            since = extra[0].get("since") if extra else None
            if since and version_key(self.version) < version_key(since):
                continue
            if source in self.items and product in self.items:
                found.setdefault(product, []).append(source)
        return {product: tuple(sources) for product, sources in found.items()}

    def _distractors(self) -> tuple[str, ...]:
        chosen = choices()
        technical = set(chosen["technical_items"])
        suffixes = tuple(chosen["technical_suffixes"])
        return tuple(name for name in self.items if name not in technical and not name.endswith(suffixes))

    def display(self, name: str) -> str:
        """An item's, block's or mob's name as players read it, in lower case."""
        said = self.said.get(name)
        return said if said is not None else name.replace("_", " ")

    def stackable(self, name: str) -> bool:
        """Whether more than one of the item fits a slot (a tool does not: it is given once)."""
        return self.items[name][1] > 1

    def settled(self, block: str) -> bool:
        """Whether ``block`` stays as set where it is set (see data/choices.yaml), is a full cube and can be
        broken."""
        chosen = choices()
        fact = self.blocks.get(block)
        return (fact is not None and fact["full"] and fact["diggable"] and fact["hardness"] is not None
                and fact["hardness"] >= 0 and block in self.items and block not in chosen["unsettled_blocks"]
                and not block.startswith(tuple(chosen["unsettled_prefixes"]))
                and not block.endswith(tuple(chosen["unsettled_suffixes"])))

    def harvest_tools(self, block: str) -> tuple[str, ...]:
        """The tools that harvest ``block`` (empty: a hand does)."""
        return tuple(tool for tool in self.blocks[block]["tools"] or () if tool in self.items)

    def fuel_units(self, fuel: str, smelts: int) -> int:
        """How many of ``fuel`` smelt ``smelts`` items."""
        return math.ceil(smelts / self.fuels[fuel])


@cache
def facts(version: str) -> Facts:
    """The facts of ``version`` (one of :data:`.facts_table.VERSIONS`)."""
    return Facts(version)
