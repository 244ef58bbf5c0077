"""Shared helpers of the builder tests, written apart from the family's own code.

The geometry of each part kind and the reading of an instruction here restate
docs/builder.md and the seed's prompt independently (no family module is
reused), so the tests check the family against a second reading of its words.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from scenegen.families.builder.family import Builder
from scenegen.plugin.config import check_config

COLOURS = ("blue", "yellow", "green", "orange", "purple", "red")
NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
#: The seed: north is -z, south +z, west -x, east +x; left/right read by a viewer facing north.
STEPS = {"north": (0, -1), "south": (0, 1), "west": (-1, 0), "east": (1, 0), "left": (-1, 0), "right": (1, 0),
         "north east": (1, -1), "north west": (-1, -1), "south east": (1, 1), "south west": (-1, 1)}
LANDMARKS = {
    "the center": (0, 0), "the middle of the grid": (0, 0),
    "the most northern point": (0, -5), "the middle of the north edge": (0, -5),
    "the most southern point": (0, 5), "the middle of the south edge": (0, 5),
    "the most westerly point": (-5, 0), "the middle of the west edge": (-5, 0),
    "the most eastern point": (5, 0), "the middle of the east edge": (5, 0),
    "the north west corner": (-5, -5), "the most north west corner": (-5, -5),
    "the north east corner": (5, -5), "the most north east corner": (5, -5),
    "the south west corner": (-5, 5), "the most south west corner": (-5, 5),
    "the south east corner": (5, 5), "the most south east corner": (5, 5),
}
NOUNS = {"block": "block", "column": "column", "tower": "column", "pillar": "column", "post": "column",
         "stack": "stack"}
ONE_COLUMN = ("block", "column", "stack")
#: "halfway between the two walls": each kind's nouns in the plural (blocks are never named so: every part has them).
PLURALS = {"columns": "column", "towers": "column", "pillars": "column", "posts": "column", "stacks": "stack",
           "rows": "row", "lines": "row", "strips": "row", "diagonal lines": "diagonal", "diagonals": "diagonal",
           "walls": "wall", "barriers": "wall", "floors": "floor", "platforms": "floor", "slabs": "floor",
           "rings": "ring", "crosses": "cross", "pluses": "cross", "L shapes": "l_shape", "rising lines": "rising",
           "rising diagonals": "rising", "staircases": "staircase", "stairways": "staircase",
           "flights of stairs": "staircase", "pyramids": "pyramid", "ziggurats": "pyramid"}
#: The builder's current position, as an instruction names it (the record's position).
_YOURS = r"your current position|where you are standing|where you stand now"

_NUMBER = "|".join(NUMBERS)
_TOWARD = "north|south|east|west|left|right"
_LEG = rf"(?:{_NUMBER}) steps? to the (?:{_TOWARD})"
_LANDMARK = "|".join(sorted(map(re.escape, LANDMARKS), key=len, reverse=True))
_REF = r"(?:it|that one|the (?:(?:{}) )?(?:{}))".format("|".join(COLOURS), "|".join(NOUNS))
WHERE = re.compile(
    rf"(?:right )?at (?P<at>{_LANDMARK})"
    rf"|(?P<legs>{_LEG}(?: and {_LEG})?) (?:of|from) (?P<from>{_LANDMARK})"
    rf"|on top of (?P<top>{_REF})"
    rf"|on the ground (?P<leg>{_LEG}) of (?P<beside>{_REF})"
    rf"|(?:halfway|midway) between the two (?P<between>{'|'.join(sorted(PLURALS, key=len, reverse=True))})"
    rf"|(?P<plegs>{_LEG}(?: and {_LEG})?) (?:of|from) (?:{_YOURS})"
    rf"|(?P<here>(?:right )?at your current position|where you are standing now)"
)
#: Ellipsis across turns: "another one ..." builds the part the turn before built again, elsewhere (its kind,
#: colours, sizes and directions as that turn said them; only the place is said anew).
AGAIN = re.compile(r"\b(?:another one|the same again|do that again|repeat it|copy the same thing|same thing again"
                   r"|once more|a second copy|duplicate what you just built)\b", re.IGNORECASE)
_DIRECTION = re.compile(r"\b(north east|north west|south east|south west|north|south|east|west)\b")
_FIXED = re.compile(r"north west corner|from west to east|from north to south")


def build(config: dict[str, Any] | None = None) -> Builder:
    """The family as the pipeline builds it: config validated, defaults filled."""
    return Builder(check_config({"family": "builder", **(config or {})}, Builder.config_schema()))


def records(family: Builder, n: int, seed: int = 0) -> list[dict[str, Any]]:
    return [family.generate(i, np.random.default_rng((seed, i))).documents[""] for i in range(n)]


def part_blocks(kind: str, colours: list[str], size: list[int], direction: list[str],
                anchor: tuple[int, int, int]) -> set[tuple[int, int, int, str]]:
    """The blocks of a part as docs/builder.md defines each kind (anchor: first block, base, north west corner or
    centre)."""
    ax, ay, az = anchor
    step = [STEPS[d] for d in direction]
    cells: list[tuple[int, int, int]] = []
    if kind == "block":
        cells = [(0, 0, 0)]
    elif kind in ("column", "stack"):
        cells = [(0, y, 0) for y in range(size[0])]
    elif kind in ("row", "diagonal"):
        cells = [(i * step[0][0], 0, i * step[0][1]) for i in range(size[0])]
    elif kind == "wall":
        cells = [(i * step[0][0], y, i * step[0][1]) for i in range(size[0]) for y in range(size[1])]
    elif kind == "floor":
        cells = [(x, 0, z) for x in range(size[0]) for z in range(size[1])]
    elif kind == "ring":
        n = size[0]
        cells = [(x, 0, z) for x in range(n) for z in range(n) if min(x, z) == 0 or max(x, z) == n - 1]
    elif kind == "cross":
        cells = [(0, 0, 0)] + [(i * dx, 0, i * dz) for dx, dz in ((0, 1), (0, -1), (1, 0), (-1, 0))
                               for i in range(1, size[0] + 1)]
    elif kind == "l_shape":
        first = [(i * step[0][0], 0, i * step[0][1]) for i in range(size[0])]
        cx, _, cz = first[-1]
        cells = first + [(cx + j * step[1][0], 0, cz + j * step[1][1]) for j in range(1, size[1] + 1)]
    elif kind == "rising":
        cells = [(i * step[0][0], i, i * step[0][1]) for i in range(size[0])]
    elif kind == "staircase":
        cells = [(i * step[0][0], y, i * step[0][1]) for i in range(size[0]) for y in range(i + 1)]
    elif kind == "pyramid":
        n = size[0]
        cells = [(x, y, z) for y in range(n) for x in range(y, n - y) for z in range(y, n - y)]
    return {(ax + x, ay + y, az + z, colours[y] if kind == "stack" else colours[0]) for x, y, z in cells}


def parts_blocks(part: dict[str, Any]) -> set[tuple[int, int, int, str]]:
    return part_blocks(part["kind"], part["colours"], list(part["size"].values()), part["direction"],
                       tuple(part["anchor"]))


def resolve(ref: str, before: list[dict[str, Any]], further: str | None = None) -> list[dict[str, Any]]:
    """The parts built before that a reference can mean (``further``: the one further that way of two)."""
    if ref in ("it", "that one"):
        return before[-1:]
    words = ref.removeprefix("the ").split(" ")
    colour = words[0] if words[0] in COLOURS else None
    kind = NOUNS[words[-1]]
    found = [part for part in before if part["kind"] == kind and (colour is None or part["colours"][0] == colour)]
    if further and len(found) == 2:
        dx, dz = STEPS[further]
        key = [part["anchor"][0] * dx + part["anchor"][2] * dz for part in found]
        found = [found[key.index(max(key))]]
    return found


def where(text: str, before: list[dict[str, Any]], further: str | None = None,
          position: list[int] | None = None) -> tuple[Any, ...] | None:
    """The anchor a text says, read independently: (x, y, z), or ("ambiguous", n) for a reference that matches
    n != 1 parts, or None when the text says no place. ``position``: where the builder stands."""
    match = WHERE.search(text)
    if match is None:
        return None
    if match["here"] or match["plegs"]:
        assert position is not None, text
        dx, dz = legs(match["plegs"] or "")
        return (position[0] + dx, 0, position[2] + dz)
    if match["between"]:
        pair = [part for part in before if part["kind"] == PLURALS[match["between"]]]
        if len(pair) != 2:
            return ("ambiguous", len(pair))
        (x1, _, z1), (x2, _, z2) = pair[0]["anchor"], pair[1]["anchor"]
        assert (x1 + x2) % 2 == 0 and (z1 + z2) % 2 == 0, text
        return ((x1 + x2) // 2, 0, (z1 + z2) // 2)
    if match["at"]:
        x, z = LANDMARKS[match["at"]]
        return (x, 0, z)
    if match["legs"]:
        x, z = LANDMARKS[match["from"]]
        dx, dz = legs(match["legs"])
        return (x + dx, 0, z + dz)
    ref = match["top"] or match["beside"]
    found = resolve(ref, before, further)
    if len(found) != 1:
        return ("ambiguous", len(found))
    part = found[0]
    if match["top"]:
        top = max(y for _, y, _, _ in parts_blocks(part))
        return (part["anchor"][0], top + 1, part["anchor"][2])
    dx, dz = legs(match["leg"])
    return (part["anchor"][0] + dx, 0, part["anchor"][2] + dz)


def legs(text: str) -> tuple[int, int]:
    dx = dz = 0
    for count, toward in re.findall(rf"({_NUMBER}) steps? to the ({_TOWARD})", text):
        sx, sz = STEPS[toward]
        dx += NUMBERS.index(count) * sx
        dz += NUMBERS.index(count) * sz
    return dx, dz


def described(instructions: list[str]) -> list[str]:
    """The text each of a dialogue's building ``instructions`` states its part in: its own, or for "another one"
    the text the instruction before stated its part in."""
    found: list[str] = []
    for text in instructions:
        found.append(found[-1] if AGAIN.search(text) and found else text)
    return found


def without_where(text: str) -> str:
    """The text with the place it says cut out (its landmark, steps and reference)."""
    return WHERE.sub(" ", text)


def colours_said(text: str) -> list[str]:
    return re.findall(r"\b({})\b".format("|".join(COLOURS)), without_where(text))


def numbers_said(text: str) -> list[int]:
    return [NUMBERS.index(word) for word in re.findall(rf"\b({_NUMBER})\b", without_where(text))]


def directions_said(text: str) -> list[str]:
    return _DIRECTION.findall(_FIXED.sub(" ", without_where(text)))
