"""Chat commands in the syntax of Java Edition 1.13 and later, as MCU's ``custom_init_commands`` hold them.

Positions are relative to the agent (``~dx ~dy ~dz``); a fill is written as MCU
writes it, run at the player (``/execute as @p at @s run fill ...``).
"""

from __future__ import annotations

Cell = tuple[int, int, int]


def item_id(item: str) -> str:
    """The item as a command names it: a potion ``potion:<type>`` carries its Potion tag."""
    if item.startswith("potion:"):
        return f'minecraft:potion{{Potion:"minecraft:{item[7:]}"}}'
    return f"minecraft:{item}"


def _rel(offset: int) -> str:
    return f"~{offset}" if offset else "~"


def _at(cell: Cell) -> str:
    return " ".join(_rel(offset) for offset in cell)


def give(item: str, count: int) -> str:
    """Put ``count`` of ``item`` in the agent's inventory."""
    return f"/give @s {item_id(item)} {count}"


def hold(item: str, slot: str, form: str) -> str:
    """Put ``item`` in ``slot`` (``weapon.mainhand``, ``weapon.offhand``): /replaceitem up to 1.16.5, /item
    from 1.17."""
    if form == "replaceitem":
        return f"/replaceitem entity @s {slot} {item_id(item)}"
    return f"/item replace entity @s {slot} with {item_id(item)}"


def setblock(block: str, cell: Cell) -> str:
    """Set ``block`` at ``cell``, relative to the agent."""
    return f"/setblock {_at(cell)} minecraft:{block}"


def fill(block: str, first: Cell, last: Cell) -> str:
    """Fill the box from ``first`` to ``last`` (relative, inclusive) with ``block``."""
    return f"/execute as @p at @s run fill {_at(first)} {_at(last)} minecraft:{block}"


def summon(mob: str, cell: Cell) -> str:
    """Summon ``mob`` at ``cell``, relative to the agent."""
    return f"/summon minecraft:{mob} {_at(cell)}"


def effect(name: str, seconds: int, amplifier: int) -> str:
    """Give the agent an effect, its particles hidden."""
    return f"/effect give @s minecraft:{name} {seconds} {amplifier} true"


def time_set(when: str) -> str:
    """Set the time of day (``day``, ``night``...)."""
    return f"/time set {when}"


def weather(kind: str) -> str:
    """Set the weather (``clear``, ``rain``, ``thunder``)."""
    return f"/weather {kind}"
