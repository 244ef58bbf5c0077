"""Where a part goes: next to a landmark, on top of or beside a part already built.

While a dialogue is made, its world is a dict ``{(x, y, z): block}`` (the
``[x, y, z, colour]`` list the record holds): a target holds a few dozen blocks,
and set lookups on them are cheaper than numpy calls. A part fits when every
cell is inside the world, free, and on the ground or on a block (of the world or
of the part itself).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, NamedTuple

from ...draws import Draws
from .lexicon import Landmark
from .shapes import KINDS, Cell, extent, offsets
from .world import COMPASS, HIGH, LOW

#: The blocks built so far by cell, each the ``[x, y, z, colour]`` list a record holds.
World = dict[Cell, list[Any]]


class Shape(NamedTuple):
    """A part before it is placed: kind, colours (one, or a stack's bottom up), size numbers, direction(s), its
    cells' offsets from the anchor with their colours, and what :func:`fits` asks of them (see
    :func:`make_shape`)."""

    kind: str
    colours: tuple[str, ...]
    size: tuple[int, ...]
    direction: tuple[str, ...]
    coloured: tuple[tuple[int, int, int, str], ...]
    #: (min dx, max dx, min dz, max dz, max dy) of the offsets
    extent: tuple[int, int, int, int, int]
    #: indices of the cells with no cell of the part under them: off the ground, they need a block of the world
    footing: tuple[int, ...]
    #: each size number by its name, as a record's part says it
    named_size: tuple[tuple[str, int], ...]


#: Shapes kept by :func:`make_shape`: every one-colour shape (about 1,000) and the recent stacks, whose colour
#: sequences (over 9,000) seldom repeat.
SHAPES_KEPT = 4096


@lru_cache(maxsize=SHAPES_KEPT)
def make_shape(kind: str, colours: tuple[str, ...], size: tuple[int, ...], direction: tuple[str, ...]) -> Shape:
    """A shape, its offsets coloured (a stack changes colour with each layer); cached, since parts repeat."""
    cells = offsets(kind, size, direction)
    if len(colours) > 1:
        coloured = tuple([(dx, dy, dz, colours[dy]) for dx, dy, dz in cells])
    else:
        colour = colours[0]
        coloured = tuple([(dx, dy, dz, colour) for dx, dy, dz in cells])
    own = set(cells)
    footing = tuple(i for i, (dx, dy, dz) in enumerate(cells) if (dx, dy - 1, dz) not in own)
    named_size = tuple((name, n) for (name, _, _), n in zip(KINDS[kind].sizes, size, strict=True))
    return Shape(kind, colours, size, direction, coloured, extent(kind, size, direction), footing, named_size)


class Part(NamedTuple):
    """A placed part: its shape, anchor and blocks (bottom up, in the seed's [x, y, z, colour] format)."""

    shape: Shape
    anchor: Cell
    blocks: tuple[tuple[int, int, int, str], ...]


class Where(NamedTuple):
    """How an instruction says where a part's anchor goes.

    ``mode`` is ``landmark`` (at a landmark, perhaps counted ``legs`` of steps away,
    each (count, direction)), ``on_top`` (on the ``ref`` part's top) or ``beside``
    (on the ground ``step`` steps ``toward`` a direction from ``ref``). ``it`` says
    the reference is the part just built, named by a pronoun; ``bare`` that it is named by its kind alone
    (and so matches two parts: an ambiguous reference).
    """

    mode: str
    landmark: Landmark | None = None
    legs: tuple[tuple[int, str], ...] = ()
    ref: int = -1
    step: int = 0
    toward: str = ""
    it: bool = False
    bare: bool = False


def place(shape: Shape, anchor: Cell) -> Part:
    """``shape`` with its anchor at ``anchor``."""
    ax, ay, az = anchor
    return Part(shape, anchor, tuple([(ax + dx, ay + dy, az + dz, colour) for dx, dy, dz, colour in shape.coloured]))


def fits(part: Part, world: World, height: int) -> bool:
    """Whether every block of ``part`` is in bounds, free, and on the ground or on a block."""
    min_x, max_x, min_z, max_z, top = part.shape.extent
    ax, ay, az = part.anchor
    if ax + min_x < LOW or ax + max_x > HIGH or az + min_z < LOW or az + max_z > HIGH or ay + top >= height:
        return False
    blocks = part.blocks
    for x, y, z, _ in blocks:
        if (x, y, z) in world:
            return False
    for i in part.shape.footing:
        x, y, z, _ = blocks[i]
        if y and (x, y - 1, z) not in world:
            return False
    return True


def ground_anchor(shape: Shape, draws: Draws) -> Cell:
    """A uniform anchor on the ground that keeps the whole part inside x and z."""
    min_x, max_x, min_z, max_z, _ = shape.extent
    x = LOW - min_x + draws.below(HIGH - max_x - (LOW - min_x) + 1)
    z = LOW - min_z + draws.below(HIGH - max_z - (LOW - min_z) + 1)
    return (x, 0, z)


def from_landmark(anchor: Cell, nearest: Mapping[tuple[int, int], Landmark], draws: Draws) -> Where:
    """The nearest landmark to a ground ``anchor`` (``nearest``: by (x, z)) and the steps from it, east-west or
    north-south first."""
    x, _, z = anchor
    landmark = nearest[x, z]
    dx, dz = x - landmark.x, z - landmark.z
    east_west = (abs(dx), "east" if dx > 0 else "west")
    north_south = (abs(dz), "south" if dz > 0 else "north")
    legs = (north_south, east_west) if draws.below(2) else (east_west, north_south)
    return Where("landmark", landmark, tuple([leg for leg in legs if leg[0]]))


def top_of(part: Part, world: World) -> Cell | None:
    """The cell on top of a one-column part, or None when something already stands on it."""
    x, y, z, _ = part.blocks[-1]
    return None if (x, y + 1, z) in world else (x, y + 1, z)


def beside(part: Part, step: int, toward: str) -> Cell:
    """The ground cell ``step`` steps ``toward`` a compass direction from a one-column part."""
    dx, dz = COMPASS[toward]
    return (part.anchor[0] + step * dx, 0, part.anchor[2] + step * dz)


def reference_key(part: Part) -> tuple[str, str]:
    """What a full reference to ``part`` says about it: its kind and colour (a stack's colours are not said)."""
    shape = part.shape
    return shape.kind, "" if KINDS[shape.kind].multicolour else shape.colours[0]


def telling_apart(part: Part, twin: Part) -> str | None:
    """A compass direction in which ``part`` lies further than its look-alike ``twin`` (None: same x and z)."""
    (x, _, z), (tx, _, tz) = part.anchor, twin.anchor
    if x != tx:
        return "east" if x > tx else "west"
    if z != tz:
        return "south" if z > tz else "north"
    return None
