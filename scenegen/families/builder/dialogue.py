"""The architect of a builder dialogue: a target from composable parts, one instruction per part, gold answers
and worlds (recorded in a :class:`~scenegen.families.builder.transcript.Dialogue`).

The architect builds the target from the ground up, a part a turn: each turn
holds the instruction, the gold builder answer in the seed's JSON format
(``{"add": [...], "remove": [...], "confidence": 1.0}``) and the world before and
after it. A part built one size too big is followed by a correction turn whose
gold answer removes the extra blocks. An under-specified turn carries its
clarification: what is missing, the reference question, the resolving answer;
its gold answer is the action after that answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from scenegen.families.builder.placement import (
    Part,
    Shape,
    beside,
    fit,
    make_shape,
    mirrored_direction,
    one_colour_shapes,
    shifted,
    telling_apart,
    top_of,
)
from scenegen.families.builder.say import MISSING, Phrasebook, Say
from scenegen.families.builder.settings import Settings, never
from scenegen.families.builder.shapes import KINDS, Kind
from scenegen.families.builder.transcript import Dialogue
from scenegen.families.builder.world import COMPASS, HIGH, LOW
from scenegen.plugin.draws import Draws, Sampler

#: A part placed, its place said, (when the place names one of two look-alikes) the part it names and its twin, and
#: (when it is said by steps from a corner) that corner's (x, z).
Found = tuple[Part, str, tuple[Part, Part] | None, tuple[int, int] | None]
#: Tries to find room for a part (each with a new shape and place) before it is left out.
TRIES = 8
#: Draws of a part's kind before one that cannot leave out what is missing is taken (it then leaves out another).
KIND_TRIES = 16
#: The most steps a part is put beside another.
MOST_STEPS = 3
#: Where a part goes beside another: (steps, compass direction), one pick drawing both.
_BESIDE = tuple((step, toward) for step in range(1, MOST_STEPS + 1) for toward in COMPASS)
_MISSING = tuple(MISSING)
#: Every cell of the ground: the builder's position is drawn among them.
_GROUND = tuple((x, 0, z) for x in range(LOW, HIGH + 1) for z in range(LOW, HIGH + 1))
#: The corners, in the order a repeat from the other corners lists them (clockwise from the north west).
CORNERS = ((LOW, LOW), (HIGH, LOW), (HIGH, HIGH), (LOW, HIGH))
#: Kinds whose anchor a mirror maps onto the mirrored part's anchor (first block, base, lowest step, centre): a
#: part of one, said from a corner, may be repeated from the other corners. A floor's, ring's or pyramid's anchor
#: is its north west corner, which a mirror does not keep.
MIRRORED = frozenset(KINDS) - {"floor", "ring", "pyramid"}
#: How many levels a lift raises a part.
LIFTS = (1, 2)


class Architect:
    """Makes dialogues from compiled settings and the lexicon's phrasebook."""

    def __init__(self, settings: Settings, book: Phrasebook) -> None:
        self.settings = settings
        self.book = book
        #: whether the config moves parts, or repeats them from the corners, at all (no coin is tossed if not)
        self.moves = settings.move is not never
        self.corners = settings.corners is not never

    def dialogue(self, draws: Draws) -> Dialogue:
        """A whole dialogue, all randomness from ``draws``."""
        settings = self.settings
        position = draws.pick(_GROUND)
        say = Say(self.book, draws, settings.sides, settings.from_position, position)
        dialogue = Dialogue(settings.height, position)
        for _ in range(settings.standing(draws)):
            self._standing(dialogue, draws)
        for _ in range(settings.parts(draws)):
            self._part(dialogue, say, draws)
        return dialogue

    def _part(self, dialogue: Dialogue, say: Say, draws: Draws) -> None:
        settings = self.settings
        missing = settings.missing(draws) if settings.clarification(draws) else None
        if missing == "reference" and not _referable(dialogue, True, False):
            self._look_alike(dialogue, say, draws)
        # a reference to one of two look-alikes is tried in every try before the place is said missing instead
        placed = self._placed(dialogue, say, draws, missing)
        if placed is None and missing == "reference":
            placed = self._placed(dialogue, say, draws, "position")
        if placed is None:
            return
        found, said, shape, grown = placed
        if (said is None and grown is None and _just_built(dialogue, shape)
                and draws.chance(self.book.lexicon.again_share)):
            dialogue.build(say.again(found[1]), found[0])
        else:
            self._build(dialogue, say, found, said)
        if grown is not None:
            self._take_back(dialogue, say, shape)
        elif (self.corners and said is None and found[3] is not None and shape.kind in MIRRORED
              and settings.corners(draws) and self._corners(dialogue, say, found[3], draws)):
            return
        if self.moves and dialogue.parts[-1].anchor[1] == 0 and not KINDS[shape.kind].floats and settings.move(draws):
            self._move(dialogue, say, draws)

    def _corners(self, dialogue: Dialogue, say: Say, corner: tuple[int, int], draws: Draws) -> bool:
        """The turn after a part said from ``corner``: the part mirrored into each of the other corners, so that
        each copy stands to its corner as the part to its own (the seed's Figure 2: "repeat this from the other
        corners"), in the part's colour or, on the ``corner_colours`` coin, a colour said for each corner; when
        every copy fits. Whether the turn was made."""
        part = dialogue.parts[-1]
        shape = part.shape
        ax, ay, az = part.anchor
        coloured = not KINDS[shape.kind].multicolour and self.settings.corner_colours(draws)
        world = dict(dialogue.world)
        copies: list[Part] = []
        said: list[tuple[tuple[int, int], str]] = []
        for other in CORNERS:
            if other == corner:
                continue
            flip_x = 1 if other[0] == corner[0] else -1
            flip_z = 1 if other[1] == corner[1] else -1
            colours = (self.settings.colour(draws),) if coloured else shape.colours
            mirror = make_shape(shape.kind, colours, shape.size, mirrored_direction(shape.direction, flip_x, flip_z))
            copy = fit(mirror, (ax * flip_x, ay, az * flip_z), world, dialogue.height)
            if copy is None:
                return False
            world.update(zip(copy.cells, copy.blocks, strict=False))
            copies.append(copy)
            said.append((other, colours[0]))
        dialogue.build_many(say.corners(said if coloured else None), copies, "corners")
        return True

    def _move(self, dialogue: Dialogue, say: Say, draws: Draws) -> None:
        """The turn after a part on the ground: move it along the ground some steps in a compass direction, or (on
        the ``lift`` coin) lift it straight up into the air (the seed's Figure 4), where it fits."""
        part = dialogue.parts[-1]
        if self.settings.lift(draws):
            levels = draws.pick(LIFTS)
            moved = shifted(part, (0, levels, 0), dialogue.world, dialogue.height)
            if moved is not None:
                dialogue.shift(say.lift(part, levels), moved, "lift", (0, levels, 0))
            return
        step, toward = draws.pick(_BESIDE)
        dx, dz = COMPASS[toward]
        by = (dx * step, 0, dz * step)
        moved = shifted(part, by, dialogue.world, dialogue.height)
        if moved is not None:
            dialogue.shift(say.move(part, step, toward), moved, "move", by)

    def _placed(self, dialogue: Dialogue, say: Say, draws: Draws,
                missing: str | None) -> tuple[Found, str | None, Shape, Shape | None] | None:
        """A part that fits, a few tries each with a new shape and place: where it goes, what its instruction leaves
        out, its shape and (when built one size too big, to be corrected) its grown shape."""
        for _ in range(TRIES):
            shape = self._shape(dialogue.parts, draws, missing)
            # the correction coin is tossed only for a kind that a correction can take back
            grows = KINDS[shape.kind].grows is not None and self.settings.correction(draws)
            grown = _grown(shape, self.settings.colour, draws) if grows else None
            said = _applicable(missing, shape.kind) if missing else None
            found = self._where(grown or shape, dialogue, say, said == "reference", draws)
            if found is not None:
                return found, said, shape, grown
        return None

    def _take_back(self, dialogue: Dialogue, say: Say, shape: Shape) -> None:
        """The correction turn after the last part, built one size too big: it removes, from the top, the blocks
        that ``shape`` (the part's true size) has not. A grown shape lists its true shape's cells first (the size
        that grows is the outermost of its offsets: test_generate checks it), so those are the rest."""
        grown = dialogue.parts[-1]
        kept = len(shape.codes)
        dialogue.take_back(say.correction(grown), grown.cells[kept:][::-1])
        dialogue.parts[-1] = Part(shape, grown.anchor, grown.blocks[:kept], grown.cells[:kept])

    def _look_alike(self, dialogue: Dialogue, say: Say, draws: Draws) -> None:
        """Build a copy of a column or stack that has none yet, elsewhere, so that a reference by kind alone
        can match two parts (its own turn, fully specified); where there is none to copy, a column first."""
        lone = [dialogue.parts[indices[0]].shape for indices in dialogue.by_kind.values() if len(indices) == 1]
        if lone:
            self._build_somewhere(dialogue, say, draws.pick(lone), draws)
        elif not dialogue.by_kind:
            column = draws.pick(one_colour_shapes("column", self.settings.colour(draws)))
            if self._build_somewhere(dialogue, say, column, draws):
                self._build_somewhere(dialogue, say, column, draws)

    def _standing(self, dialogue: Dialogue, draws: Draws) -> None:
        """A structure in the world from the start, of the config's kinds and colours, on the ground where it fits
        (left out when it fits nowhere in a few tries)."""
        for _ in range(TRIES):
            shape = self._shape([], draws, None)
            part = fit(shape, draws.pick(shape.ground), dialogue.world, dialogue.height)
            if part is not None:
                dialogue.stand(part)
                return

    def _build_somewhere(self, dialogue: Dialogue, say: Say, shape: Shape, draws: Draws) -> bool:
        """Build ``shape``, fully specified, on the ground at counted steps from a landmark (never on top of its
        look-alike, which it could not be told apart from), where it fits (a few tries); whether it was built."""
        for _ in range(TRIES):
            found = _at_landmark(shape, dialogue, say, draws)
            if found is not None:
                self._build(dialogue, say, found, None)
                return True
        return False

    def _build(self, dialogue: Dialogue, say: Say, found: Found, missing: str | None) -> None:
        part, where, twins, _ = found
        attributes = MISSING[missing] if missing else ()
        turn = dialogue.build(say.instruction(part.shape, where, attributes, not dialogue.turns), part)
        if missing:
            ref = say.noun(twins[0].shape.kind) if twins else ""
            toward = telling_apart(*twins) if twins else ""
            question, answer = say.clarification(missing, part.shape, where, ref, toward or "")
            turn["clarification"] = {"missing": list(attributes), "question": question, "answer": answer,
                                     "confidence": asking_confidence(attributes)}
            dialogue.missing.append(missing)

    def _shape(self, parts: list[Part], draws: Draws, missing: str | None) -> Shape:
        """A part's shape: a repeat of an earlier part, or a new one of a kind drawn from the config; one that
        can leave ``missing`` out, where the config's kinds hold one, so that what is missing keeps its weight."""
        settings = self.settings
        if parts and settings.repeat(draws):
            fitting = [part.shape for part in parts if not missing or _can_miss(missing, KINDS[part.shape.kind])]
            if fitting:
                return draws.pick(fitting)
        kind = self._kind(draws, missing)
        if not kind.multicolour:
            return draws.pick(one_colour_shapes(kind.name, settings.colour(draws)))
        size = draws.pick(kind.size_choices)
        colours = tuple([settings.colour(draws) for _ in range(size[0])])
        return make_shape(kind.name, colours, size, draws.pick(kind.directions))

    def _kind(self, draws: Draws, missing: str | None) -> Kind:
        """A kind drawn from the config's, drawn again (a few times) until it can leave ``missing`` out."""
        kind = KINDS[self.settings.kind(draws)]
        for _ in range(KIND_TRIES):
            if not missing or _can_miss(missing, kind):
                break
            kind = KINDS[self.settings.kind(draws)]
        return kind

    def _where(self, shape: Shape, dialogue: Dialogue, say: Say, ambiguous: bool, draws: Draws) -> Found | None:
        """A place for ``shape`` and how to say it, and the look-alikes it names when ``ambiguous``."""
        mode = self.settings.placement(draws)
        if mode == "between" and not ambiguous:
            found = _between(shape, dialogue, say)
            if found is not None:
                return found
        elif mode != "landmark" or ambiguous:
            found = self._by_reference(shape, dialogue, say, mode if mode in ("on_top", "beside") else "beside",
                                       ambiguous, draws)
            if found is not None or ambiguous:
                return found
        return _at_landmark(shape, dialogue, say, draws)

    def _by_reference(self, shape: Shape, dialogue: Dialogue, say: Say, mode: str, ambiguous: bool,
                      draws: Draws) -> Found | None:
        if mode == "on_top" and not KINDS[shape.kind].single_column:
            mode = "beside"
        candidates = _referable(dialogue, ambiguous, self.settings.coreference(draws))
        if not candidates:
            return None
        index, it, twin = draws.pick(candidates)
        ref = dialogue.parts[index]
        bare = twin is not None
        if mode == "on_top":
            anchor = top_of(ref, dialogue.world)
            part = None if anchor is None else fit(shape, anchor, dialogue.world, dialogue.height)
            if part is None:
                return None
            where = say.on_top(ref, it, bare)
        else:
            step, toward = draws.pick(_BESIDE)
            part = fit(shape, beside(ref, step, toward), dialogue.world, dialogue.height)
            if part is None:
                return None
            where = say.beside(ref, step, toward, it, bare)
        return part, where, None if twin is None else (ref, twin), None


def _at_landmark(shape: Shape, dialogue: Dialogue, say: Say, draws: Draws) -> Found | None:
    """``shape`` on the ground at a drawn anchor, said by counted steps from a landmark (or from the builder's
    position), if it fits there."""
    anchor = draws.pick(shape.ground)
    part = fit(shape, anchor, dialogue.world, dialogue.height)
    if part is None:
        return None
    where, corner = say.on_ground(anchor)
    return part, where, None, corner


def _between(shape: Shape, dialogue: Dialogue, say: Say) -> Found | None:
    """``shape`` on the ground halfway between the anchors of the only two parts of a kind (not blocks: every
    part is made of blocks), when that is a cell apart from both and the shape fits there; the kind that comes
    first in the dialogue."""
    parts = dialogue.parts
    by_kind: dict[str, list[Part]] = {}
    for part in parts:
        by_kind.setdefault(part.shape.kind, []).append(part)
    for kind, pair in by_kind.items():
        if len(pair) != 2 or kind == "block":
            continue
        (x1, _, z1), (x2, _, z2) = pair[0].anchor, pair[1].anchor
        if (x1 + x2) % 2 or (z1 + z2) % 2 or (x1, z1) == (x2, z2):
            continue
        placed = fit(shape, ((x1 + x2) // 2, 0, (z1 + z2) // 2), dialogue.world, dialogue.height)
        if placed is not None:
            return placed, say.between(kind), None, None
    return None


def _just_built(dialogue: Dialogue, shape: Shape) -> bool:
    """Whether ``shape`` is the shape of the part the last turn built, fully specified (not a habit's turn):
    "another one" then says all it needs to."""
    if not dialogue.turns:
        return False
    last = dialogue.turns[-1]
    return (bool(last["answer"]["add"]) and "clarification" not in last and "habit" not in last
            and dialogue.parts[-1].shape is shape)


def asking_confidence(missing: Sequence[str]) -> float:
    """How sure a builder is of an instruction that leaves out ``missing``, as the gold answer of the turn that asks
    says it: halved by each thing left out (one: 0.5; colour and position: 0.25)."""
    return 0.5 ** len(missing)


def _referable(dialogue: Dialogue, ambiguous: bool, pronoun: bool) -> list[tuple[int, bool, Part | None]]:
    """Parts a reference can name, as (index, said with a pronoun, look-alike): one-column parts named by a
    pronoun (the last one, on the coin), or by colour and kind when that names one part -- or, when
    ``ambiguous``, one of exactly two columns or stacks (named by kind alone) that differ in x or z.

    Every block of every part is a block: "the red block" names a lone block only when no other part is red,
    and "the block" never names one.
    """
    parts = dialogue.parts
    found: list[tuple[int, bool, Part | None]] = []
    if ambiguous:
        for indices in dialogue.by_kind.values():
            if len(indices) == 2 and telling_apart(parts[indices[0]], parts[indices[1]]):
                found.extend((i, False, parts[j]) for i, j in (indices, indices[::-1]))
        return found
    last = len(parts) - 1
    for indices in dialogue.named.values():
        if pronoun and last in indices:
            found.append((last, True, None))
        elif len(indices) == 1 and (parts[indices[0]].shape.kind != "block"
                                    or _alone_in_colour(parts, indices[0])):
            found.append((indices[0], False, None))
    return found


def _alone_in_colour(parts: list[Part], index: int) -> bool:
    """Whether no part but ``parts[index]`` has a block of its colour."""
    colour = parts[index].shape.colours[0]
    return sum(colour in part.shape.colours for part in parts) == 1


def _grown(shape: Shape, colour: Sampler, draws: Draws) -> Shape:
    """``shape`` one size too big where a correction takes it back (a stack gets one more colour)."""
    grows = KINDS[shape.kind].grows
    assert grows is not None
    size = tuple(n + (i == grows) for i, n in enumerate(shape.size))
    colours = (*shape.colours, colour(draws)) if KINDS[shape.kind].multicolour else shape.colours
    return make_shape(shape.kind, colours, size, shape.direction)


@cache
def _applicable(missing: str, kind: str) -> str:
    """``missing`` if a part of ``kind`` can leave it out, else the next kind in order that it can (position always
    can)."""
    start = _MISSING.index(missing)
    for candidate in _MISSING[start:] + _MISSING[:start]:
        if _can_miss(candidate, KINDS[kind]):
            return candidate
    raise AssertionError("position can always be missing")


def _can_miss(missing: str, kind: Kind) -> bool:
    if missing in ("colour", "colour+position"):
        return not kind.multicolour
    if missing in ("count", "extent"):
        return kind.size_kind == missing and bool(kind.sizes) and not kind.multicolour
    return True
