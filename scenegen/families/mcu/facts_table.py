"""Write the compact game-fact tables under ``data/`` from the PrismarineJS ``minecraft-data`` package.

The family reads only these tables at run time: the package is about 100 MB
unpacked and is needed only to write or check them (it is in the ``test``
extra, where a test holds each committed table to what the package says).

    python -m scenegen.families.mcu.facts_table     # rewrite data/facts-<version>.json

A table keeps what the family's goals and its checks rest on, per version:
items (display name, stack size), blocks (hardness, whether they are full
cubes, the tools that harvest them, what they drop without silk touch), the
crafting recipes with their counts and grid size, entities with their category,
and the command ids of effects, enchantments, foods and biomes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

#: The versions the family supports: MCU's own (1.16.5, the default), one before the 1.14 blocks (bell, lantern,
#: smoker...), and one after 1.17's command change (/item replace).
VERSIONS = ("1.13.2", "1.16.5", "1.19.2")
DATA = Path(__file__).resolve().parent / "data"
#: minecraft-data names an effect as its display name in CamelCase; the command id of Bad Luck is ``unluck``.
_EFFECT_IDS = {"BadLuck": "unluck"}


def table_path(version: str) -> Path:
    """Where the table of ``version`` is kept."""
    return DATA / f"facts-{version}.json"


def table(version: str) -> dict[str, Any]:
    """The compact table of ``version``, read from the installed ``minecraft-data`` package."""
    import minecraft_data  # type: ignore[import-untyped]  # only the writer and its test need the package; no stubs

    data = minecraft_data(version)
    items = {item["id"]: item for item in data.items_list}
    return {
        "version": version,
        "source": f"minecraft-data (PrismarineJS), pc {version}",
        "items": {item["name"]: [item["displayName"], item["stackSize"]] for item in data.items_list},
        "blocks": {block["name"]: _block(block, items, _loot(data)) for block in data.blocks_list},
        "recipes": _recipes(data.recipes, items),
        "entities": {entity["name"]: entity.get("category") or "UNKNOWN" for entity in data.entities_list},
        "effects": sorted({_EFFECT_IDS.get(effect["name"], _snake(effect["name"])) for effect in data.effects_list}),
        "enchantments": sorted(enchantment["name"] for enchantment in data.enchantments_list),
        "foods": sorted(food["name"] for food in data.foods_list),
        "biomes": sorted(biome["name"] for biome in data.biomes_list),
    }


def _loot(data: Any) -> dict[str, list[dict[str, Any]]] | None:
    """Block loot by block name, or None where the package has none for the version (1.13.2)."""
    loot = getattr(data, "blockLoot_list", None)
    return None if loot is None else {entry["block"]: entry["drops"] for entry in loot}


def _block(block: dict[str, Any], items: dict[int, dict[str, Any]], loot: dict[str, Any] | None) -> dict[str, Any]:
    tools = block.get("harvestTools")
    fact: dict[str, Any] = {
        "hardness": block.get("hardness"),
        "diggable": bool(block.get("diggable")),
        "full": block.get("boundingBox") == "block",
        "tools": sorted(items[int(key)]["name"] for key in tools) if tools else None,
    }
    if loot is not None:
        fact["drops"] = _plain_drops(block["name"], loot.get(block["name"], []))
    return fact


def _plain_drops(name: str, drops: list[dict[str, Any]]) -> list[list[Any]] | None:
    """What breaking the block without silk touch surely gives, as [item, least count], where the loot table has a
    silk-touch branch (the block itself) and a plain one; None for any other table (a block that drops itself, or a
    chance drop such as flint from gravel)."""
    if not any(drop.get("silkTouch") for drop in drops):
        return None
    plain = [drop for drop in drops if drop.get("noSilkTouch") and drop["item"] != name]
    if len(plain) != 1 or plain[0]["dropChance"] < 0.5 or not plain[0]["stackSizeRange"][0]:
        return None
    return [[plain[0]["item"], plain[0]["stackSizeRange"][0]]]


def _recipes(recipes: dict[str, list[dict[str, Any]]], items: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """Each craftable item's recipes as {count, in: {ingredient: how many}, grid: 2 or 3}, without repeats."""
    found: dict[str, list[dict[str, Any]]] = {}
    for result_id, variants in sorted(recipes.items(), key=lambda pair: int(pair[0])):
        name = items[int(result_id)]["name"]
        for variant in variants:
            recipe = _recipe(variant, items)
            if recipe not in found.setdefault(name, []):
                found[name].append(recipe)
    return found


def _recipe(variant: dict[str, Any], items: dict[int, dict[str, Any]]) -> dict[str, Any]:
    if "inShape" in variant:
        rows = variant["inShape"]
        cells = [cell for row in rows for cell in row]
        grid = 2 if len(rows) <= 2 and max(len(row) for row in rows) <= 2 else 3
    else:
        cells = variant["ingredients"]
        grid = 2 if len(cells) <= 4 else 3
    needs: dict[str, int] = {}
    for cell in cells:
        if cell is not None:
            ingredient = items[cell if isinstance(cell, int) else cell["id"]]["name"]
            needs[ingredient] = needs.get(ingredient, 0) + 1
    return {"count": variant["result"]["count"], "in": dict(sorted(needs.items())), "grid": grid}


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def text(version: str) -> str:
    """The table of ``version`` as it is written to disk."""
    return json.dumps(table(version), sort_keys=True, separators=(",", ":")) + "\n"


def main() -> None:
    """Rewrite every supported version's table."""
    for version in VERSIONS:
        table_path(version).write_text(text(version), encoding="utf-8")
        print(f"wrote {table_path(version)}")


if __name__ == "__main__":
    main()
