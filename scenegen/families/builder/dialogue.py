"""One builder dialogue: a target from composable parts, one instruction per part, gold answers and worlds.

The architect builds the target from the ground up, a part a turn: each turn
holds the instruction, the gold builder answer in the seed's JSON format
(``{"add": [...], "remove": [...], "confidence": 1.0}``) and the world before and
after it. A part built one size too big is followed by a correction turn whose
gold answer removes the extra blocks. An under-specified turn carries its
clarification: what is missing, the reference question, the resolving answer;
its gold answer is the action after that answer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...draws import Draws, Sampler, sampler, share
from .declaration import DECLARATION
from .lexicon import Lexicon
from .placement import (
    Part,
    Shape,
    Where,
    World,
    beside,
    fits,
    from_landmark,
    ground_anchor,
    make_shape,
    place,
    reference_key,
    telling_apart,
    top_of,
)
from .say import MISSING, Say
from .shapes import DIAGONALS, KINDS, TURNS
from .world import COMPASS

Coin = Callable[[Draws], bool]
#: Tries to find room for a part (each with a new shape and place) before it is left out.
TRIES = 8
#: The most steps a part is put beside another.
MOST_STEPS = 3
_COMPASS = tuple(COMPASS)
_DIAGONALS = tuple(DIAGONALS)
_MISSING = tuple(MISSING)


@dataclass(frozen=True)
class Settings:
    """What a dialogue draws from: a sampler or a coin per config parameter, and the world's height."""

    height: int
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


def compile_settings(config: Mapping[str, Any]) -> Settings:
    """The samplers of a validated config (defaults filled in)."""
    values = DECLARATION.draw_table(config)
    coins = ("repeat", "coreference", "sides", "correction", "clarification")
    return Settings(
        height=config["height"],
        **{key: sampler(values[key]) for key in ("parts", "kind", "colour", "placement", "missing")},
        **{key: share(values[key]) for key in coins},
    )


@dataclass
class Dialogue:
    """A dialogue as it is made: the parts built, the world, the turns, and counts for the label."""

    height: int
    parts: list[Part] = field(default_factory=list)
    world: World = field(default_factory=dict)
    turns: list[dict[str, Any]] = field(default_factory=list)
    blocks: list[list[Any]] = field(default_factory=list)

    def turn(self, instruction: str, add: tuple[tuple[int, int, int, str], ...] = (),
             remove: tuple[tuple[int, int, int, str], ...] = ()) -> dict[str, Any]:
        """Record a turn whose gold answer removes then adds these blocks, with the worlds around it.

        Each block is one ``[x, y, z, colour]`` list from the turn that adds it on: the answers, every world
        it stands in and the target share it, rather than each world copying every block again.
        """
        before = self.blocks
        world = self.world
        removed = [world.pop((x, y, z)) for x, y, z, _ in remove]
        added: list[list[Any]] = []
        for x, y, z, colour in add:
            block: list[Any] = [x, y, z, colour]
            added.append(block)
            world[x, y, z] = block
        self.blocks = [world[cell] for cell in sorted(world)]
        turn = {
            "instruction": instruction,
            "answer": {"add": added, "remove": removed, "confidence": 1.0},
            "world_before": before,
            "world_after": self.blocks,
        }
        self.turns.append(turn)
        return turn


class Architect:
    """Makes dialogues from compiled settings and the lexicon."""

    def __init__(self, settings: Settings, lexicon: Lexicon) -> None:
        self.settings = settings
        self.lexicon = lexicon

    def dialogue(self, draws: Draws) -> Dialogue:
        """A whole dialogue, all randomness from ``draws``."""
        settings = self.settings
        say = Say(self.lexicon, draws, settings.sides)
        dialogue = Dialogue(settings.height)
        for _ in range(settings.parts(draws)):
            self._part(dialogue, say, draws)
        return dialogue

    def _part(self, dialogue: Dialogue, say: Say, draws: Draws) -> None:
        settings = self.settings
        missing = settings.missing(draws) if settings.clarification(draws) else None
        correct = settings.correction(draws)
        if missing == "reference" and not _referable(dialogue.parts, True, False):
            self._look_alike(dialogue, say, draws)
        for _ in range(TRIES):
            shape = self._shape(dialogue.parts, draws)
            grown = _grown(shape, settings.colour, draws) if correct and KINDS[shape.kind].grows is not None else None
            said = _applicable(missing, shape) if missing else None
            found = self._where(grown or shape, dialogue, said == "reference", draws)
            if found is None and said == "reference":
                said = "position"
                found = self._where(grown or shape, dialogue, False, draws)
            if found is not None:
                break
        else:
            return
        part, where, twin = found
        self._build(dialogue, say, part, where, twin, said)
        if grown is not None:
            kept = {block[:3] for block in place(shape, part.anchor).blocks}
            extra = tuple(block for block in reversed(part.blocks) if block[:3] not in kept)
            dialogue.turn(say.correction(part), remove=extra)
            dialogue.parts[-1] = place(shape, part.anchor)

    def _look_alike(self, dialogue: Dialogue, say: Say, draws: Draws) -> None:
        """Build a copy of a column or stack that has none yet, elsewhere, so that a reference by kind alone
        can match two parts (its own turn, fully specified)."""
        kinds = [part.shape.kind for part in dialogue.parts]
        lone = [part for part in dialogue.parts if part.shape.kind in ("column", "stack")
                and kinds.count(part.shape.kind) == 1]
        if not lone:
            return
        shape = draws.pick(lone).shape
        for _ in range(TRIES):
            found = self._where(shape, dialogue, False, draws)
            if found is not None:
                self._build(dialogue, say, *found, None)
                return

    def _build(self, dialogue: Dialogue, say: Say, part: Part, where: Where, twin: Part | None,
               missing: str | None) -> None:
        where_said = say.where(where, dialogue.parts)
        attributes = MISSING[missing] if missing else ()
        turn = dialogue.turn(say.instruction(part.shape, where_said, attributes), add=part.blocks)
        if missing:
            ref = say.reference(dialogue.parts[where.ref], bare=True) if twin else ""
            toward = telling_apart(dialogue.parts[where.ref], twin) if twin else ""
            question, answer = say.clarification(missing, part.shape, where_said, ref, toward or "")
            turn["clarification"] = {"missing": list(attributes), "question": question, "answer": answer}
        dialogue.parts.append(part)

    def _shape(self, parts: list[Part], draws: Draws) -> Shape:
        settings = self.settings
        if parts and settings.repeat(draws):
            return draws.pick(parts).shape
        kind = KINDS[settings.kind(draws)]
        size = tuple([low + draws.below(high - low + 1) for _, low, high in kind.sizes])
        if kind.multicolour:
            colours = tuple([settings.colour(draws) for _ in range(size[0])])
        else:
            colours = (settings.colour(draws),)
        return make_shape(kind.name, colours, size, _direction(kind.orientation, draws))

    def _where(self, shape: Shape, dialogue: Dialogue, ambiguous: bool,
               draws: Draws) -> tuple[Part, Where, Part | None] | None:
        """A place for ``shape`` and how to say it, and the look-alike of its reference when ``ambiguous``."""
        mode = self.settings.placement(draws)
        if mode != "landmark" or ambiguous:
            found = self._by_reference(shape, dialogue, mode if mode != "landmark" else "beside", ambiguous, draws)
            if found is not None or ambiguous:
                return found
        part = place(shape, ground_anchor(shape, draws))
        if not fits(part, dialogue.world, dialogue.height):
            return None
        return part, from_landmark(part.anchor, self.lexicon.nearest, draws), None

    def _by_reference(self, shape: Shape, dialogue: Dialogue, mode: str, ambiguous: bool,
                      draws: Draws) -> tuple[Part, Where, Part | None] | None:
        if mode == "on_top" and not KINDS[shape.kind].single_column:
            mode = "beside"
        candidates = _referable(dialogue.parts, ambiguous, self.settings.coreference(draws))
        if not candidates:
            return None
        index, it, twin = draws.pick(candidates)
        ref = dialogue.parts[index]
        if mode == "on_top":
            anchor = top_of(ref, dialogue.world)
            where = Where("on_top", ref=index, it=it, bare=twin is not None)
        else:
            step, toward = 1 + draws.below(MOST_STEPS), draws.pick(_COMPASS)
            anchor = beside(ref, step, toward)
            where = Where("beside", ref=index, step=step, toward=toward, it=it, bare=twin is not None)
        if anchor is None:
            return None
        part = place(shape, anchor)
        return (part, where, twin) if fits(part, dialogue.world, dialogue.height) else None


def _referable(parts: list[Part], ambiguous: bool, pronoun: bool) -> list[tuple[int, bool, Part | None]]:
    """Parts a reference can name, as (index, said with a pronoun, look-alike): one-column parts named by a
    pronoun (the last one, on the coin), or by colour and kind when that names one part -- or, when
    ``ambiguous``, one of exactly two columns or stacks (named by kind alone) that differ in x or z.

    Every block of every part is a block: "the red block" names a lone block only when no other part is red,
    and "the block" never names one.
    """
    groups: dict[Any, list[int]] = {}
    for index, part in enumerate(parts):
        kind = part.shape.kind
        if KINDS[kind].single_column and not (ambiguous and kind == "block"):
            groups.setdefault(kind if ambiguous else reference_key(part), []).append(index)
    found: list[tuple[int, bool, Part | None]] = []
    last = len(parts) - 1
    for indices in groups.values():
        if ambiguous:
            if len(indices) == 2 and telling_apart(parts[indices[0]], parts[indices[1]]):
                found.extend((i, False, parts[j]) for i, j in (indices, indices[::-1]))
        elif pronoun and last in indices:
            found.append((last, True, None))
        elif len(indices) == 1 and (parts[indices[0]].shape.kind != "block"
                                    or _alone_in_colour(parts, indices[0])):
            found.append((indices[0], False, None))
    return found


def _alone_in_colour(parts: list[Part], index: int) -> bool:
    """Whether no part but ``parts[index]`` has a block of its colour."""
    colour = parts[index].shape.colours[0]
    return sum(colour in part.shape.colours for part in parts) == 1


def _direction(orientation: str, draws: Draws) -> tuple[str, ...]:
    if orientation == "compass":
        return (draws.pick(_COMPASS),)
    if orientation == "diagonal":
        return (draws.pick(_DIAGONALS),)
    if orientation == "turn":
        first = draws.pick(_COMPASS)
        return first, draws.pick(TURNS[first])
    return ()


def _grown(shape: Shape, colour: Sampler, draws: Draws) -> Shape:
    """``shape`` one size too big where a correction takes it back (a stack gets one more colour)."""
    grows = KINDS[shape.kind].grows
    assert grows is not None
    size = tuple(n + (i == grows) for i, n in enumerate(shape.size))
    colours = (*shape.colours, colour(draws)) if KINDS[shape.kind].multicolour else shape.colours
    return make_shape(shape.kind, colours, size, shape.direction)


def _applicable(missing: str, shape: Shape) -> str:
    """``missing`` if ``shape`` can leave it out, else the next kind in order that it can (position always can)."""
    start = _MISSING.index(missing)
    for candidate in _MISSING[start:] + _MISSING[:start]:
        if _can_miss(candidate, shape):
            return candidate
    raise AssertionError("position can always be missing")


def _can_miss(missing: str, shape: Shape) -> bool:
    kind = KINDS[shape.kind]
    if missing in ("colour", "colour+position"):
        return not kind.multicolour
    if missing in ("count", "extent"):
        return kind.size_kind == missing and bool(kind.sizes) and not kind.multicolour
    return True
