"""Where a part goes: on the ground, on top of or beside a part already built, and whether it fits there.

While a dialogue is made, its world is a dict from a cell's code (:func:`code`,
one int) to the block there (the ``[x, y, z, colour]`` list the record holds): a
target holds a few dozen blocks, and dict lookups on so few are cheaper than numpy
calls, and cheaper on an int than on an (x, y, z) tuple, which is hashed anew at
each lookup. A part fits when every cell is inside the world, free, and on the
ground or on a block (of the world or of the part itself).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, NamedTuple

from scenegen.families.builder.shapes import KINDS, Cell, extent, offsets
from scenegen.families.builder.world import COMPASS, DIAGONALS, HIGH, LOW

#: A step up (y + 1) and a step east (x + 1) in a cell's code. The code is linear in (x, y, z), so a part's cells
#: are its anchor's code plus its offsets' codes; and since z - LOW stays below 16 and y below 64 (the config allows
#: a height of 32), codes sort as (x, y, z) tuples do.
UP = 16
EAST = 64 * UP

#: The blocks built so far by the code of their cell, each the ``[x, y, z, colour]`` list a record holds.
World = dict[int, list[Any]]


def code(x: int, y: int, z: int) -> int:
    """The code of the cell (x, y, z) of the world."""
    return (x - LOW) * EAST + y * UP + z - LOW


@dataclass(frozen=True, eq=False, slots=True)
class Shape:
    """A part before it is placed: kind, colours (one, or a stack's bottom up), size numbers, direction(s), its
    cells' offsets from the anchor with their colours, and what :func:`fit` asks of them.

    Shapes compare by identity: :func:`one_colour_shapes` and :func:`make_shape` hand out one object per shape
    while they keep it, and the phrase caches of :mod:`.say` key on that object rather than hash its cells again.
    """

    kind: str
    colours: tuple[str, ...]
    size: tuple[int, ...]
    direction: tuple[str, ...]
    coloured: tuple[tuple[int, int, int, str], ...]
    #: the offsets' codes, in the same order
    codes: tuple[int, ...]
    #: where the anchor may go for the whole part to stay inside x and z: (lowest x, highest x, lowest z, highest
    #: z), and the height of the part above its anchor (max dy)
    room: tuple[int, int, int, int, int]
    #: every anchor on the ground that keeps the whole part inside x and z
    ground: tuple[Cell, ...]
    #: indices of the cells with no cell of the part under them: off the ground, each needs a block of the world
    footing: tuple[int, ...]
    #: those of them above the part's bottom, which need a block of the world even when the part is on the ground
    #: (none of the kinds has one; checked all the same, so that a new kind cannot float)
    overhang: tuple[int, ...]
    #: each size number by its name, as a record's part says it
    named_size: tuple[tuple[str, int], ...]


#: Shapes kept by :func:`make_shape`: the recent stacks, whose colour sequences (over 9,000) seldom repeat, and
#: shapes grown one too big.
SHAPES_KEPT = 4096


@cache
def one_colour_shapes(kind: str, colour: str) -> tuple[Shape, ...]:
    """Every shape of a one-colour ``kind`` in ``colour``, each size with each direction (about 1,000 over the
    kinds and colours, all kept): one uniform pick among them draws the size and the direction."""
    spec = KINDS[kind]
    return tuple([_shape(kind, (colour,), size, direction) for size in spec.size_choices
                  for direction in spec.directions])


@lru_cache(maxsize=SHAPES_KEPT)
def make_shape(kind: str, colours: tuple[str, ...], size: tuple[int, ...], direction: tuple[str, ...]) -> Shape:
    """A shape of any colours and size (a stack, or a part grown one too big); cached, since parts repeat."""
    return _shape(kind, colours, size, direction)


def _shape(kind: str, colours: tuple[str, ...], size: tuple[int, ...], direction: tuple[str, ...]) -> Shape:
    """A shape, its offsets coloured (a stack changes colour with each layer)."""
    cells = offsets(kind, size, direction)
    if len(colours) > 1:
        coloured = tuple([(dx, dy, dz, colours[dy]) for dx, dy, dz in cells])
    else:
        colour = colours[0]
        coloured = tuple([(dx, dy, dz, colour) for dx, dy, dz in cells])
    own = set(cells)
    # a rising line stands on its first block alone; every other kind on each block not on one of its own
    footing = (0,) if KINDS[kind].floats else tuple(i for i, (dx, dy, dz) in enumerate(cells)
                                                    if (dx, dy - 1, dz) not in own)
    overhang = tuple(i for i in footing if cells[i][1])
    named_size = tuple((name, n) for (name, _, _), n in zip(KINDS[kind].sizes, size, strict=True))
    min_dx, max_dx, min_dz, max_dz, top = extent(kind, size, direction)
    room = (LOW - min_dx, HIGH - max_dx, LOW - min_dz, HIGH - max_dz, top)
    return Shape(kind, colours, size, direction, coloured, tuple(_offset_code(*cell) for cell in cells), room,
                 _ground(*room[:4]), footing, overhang, named_size)


@cache
def _ground(west: int, east: int, north: int, south: int) -> tuple[Cell, ...]:
    """Every ground anchor from x = west to east and z = north to south: one uniform pick draws both x and z."""
    return tuple([(x, 0, z) for x in range(west, east + 1) for z in range(north, south + 1)])


def _offset_code(dx: int, dy: int, dz: int) -> int:
    """What an offset adds to a cell's code (the code is linear)."""
    return code(dx, dy, dz) - code(0, 0, 0)


class Part(NamedTuple):
    """A placed part: its shape, anchor and blocks (bottom up, each the ``[x, y, z, colour]`` list the record
    holds: the list of them is the gold answer that builds the part), and the codes of their cells."""

    shape: Shape
    anchor: Cell
    blocks: list[list[Any]]
    cells: list[int]


def listed(part: Part) -> dict[str, Any]:
    """A part as the record lists it: its shape's fields (made once a shape, and shared by the records that hold
    the shape: records are written, never changed) and its anchor."""
    shape = part.shape
    said = _LISTED.get(shape)
    if said is None:
        if len(_LISTED) >= SHAPES_KEPT:
            _LISTED.clear()
        said = _LISTED[shape] = {"kind": shape.kind, "colours": list(shape.colours), "size": dict(shape.named_size),
                                 "direction": list(shape.direction)}
    return {**said, "anchor": list(part.anchor)}


#: Each shape's fields as a record's part lists them, by shape (shapes compare by identity: see Shape).
_LISTED: dict[Shape, dict[str, Any]] = {}


def fit(shape: Shape, anchor: Cell, world: World, height: int) -> Part | None:
    """``shape`` placed at ``anchor`` if every block is in bounds, free, and on the ground or on a block; else
    None (its blocks are made only once it fits)."""
    west, east, north, south, top = shape.room
    ax, ay, az = anchor
    if not (west <= ax <= east and north <= az <= south) or ay + top >= height:
        return None
    base = (ax - LOW) * EAST + ay * UP + az - LOW  # code(ax, ay, az), without the call
    cells = [base + offset for offset in shape.codes]
    if not world.keys().isdisjoint(cells):
        return None
    for i in shape.footing if ay else shape.overhang:
        if cells[i] - UP not in world:
            return None
    return Part(shape, anchor, [[ax + dx, ay + dy, az + dz, colour] for dx, dy, dz, colour in shape.coloured], cells)


def top_of(part: Part, world: World) -> Cell | None:
    """The cell on top of a one-column part, or None when something already stands on it."""
    x, y, z, _ = part.blocks[-1]
    return None if part.cells[-1] + UP in world else (x, y + 1, z)


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


def shifted(part: Part, shift: Cell, world: World, height: int) -> Part | None:
    """``part`` moved by ``shift`` (dx, dy, dz), if every block stays inside the world and lands in a cell that is
    free or its own; else None. Support is the caller's: a part on the ground moved along it stays supported, and
    a lifted part stands in the air by design (the seed's Figure 4)."""
    dx, dy, dz = shift
    west, east, north, south, top = part.shape.room
    ax, ay, az = part.anchor
    x, y, z = ax + dx, ay + dy, az + dz
    if not (west <= x <= east and north <= z <= south) or y + top >= height or y < 0:
        return None
    delta = dx * EAST + dy * UP + dz
    own = set(part.cells)
    cells = [cell + delta for cell in part.cells]
    if any(cell in world and cell not in own for cell in cells):
        return None
    return Part(part.shape, (x, y, z), [[bx + dx, by + dy, bz + dz, colour] for bx, by, bz, colour in part.blocks],
                cells)


#: The steps of each compass or diagonal direction, and the direction of each step.
_STEPPED = {**COMPASS, **DIAGONALS}
_DIRECTION_OF = {step: name for name, step in _STEPPED.items()}


def mirrored_direction(direction: tuple[str, ...], flip_x: int, flip_z: int) -> tuple[str, ...]:
    """``direction`` seen in a mirror: west and east swapped when ``flip_x`` is -1, north and south when
    ``flip_z`` is."""
    return tuple(_DIRECTION_OF[_STEPPED[name][0] * flip_x, _STEPPED[name][1] * flip_z] for name in direction)
