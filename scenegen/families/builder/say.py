"""The architect's words: instructions, corrections, clarification questions and answers, from templates.

What an instruction states is decided by the caller (which attributes are
missing); this module only words it, drawing among the templates and synonyms
of ``templates/builder/``. Counts are said in words, directions by compass name
(or left/right for west/east, on the ``sides`` coin), and never a coordinate.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...draws import Draws
from .lexicon import Lexicon, articles, fill
from .placement import Part, Shape, Where
from .shapes import KINDS
from .world import SIDES

#: The side word of each compass direction that has one.
_SIDE_OF = {direction: side for side, direction in SIDES.items()}

#: What a clarification can find missing, as the config names it, and the attributes each names.
MISSING = {
    "colour": ("colour",),
    "position": ("position",),
    "colour+position": ("colour", "position"),
    "count": ("count",),
    "extent": ("extent",),
    "reference": ("reference",),
}


class Say:
    """Words parts and places, drawing templates and synonyms from ``draws``."""

    def __init__(self, lexicon: Lexicon, draws: Draws, sides: Callable[[Draws], bool]) -> None:
        self.lexicon = lexicon
        self.draws = draws
        self.sides = sides
        self.pick: Callable[[Sequence[str]], str] = draws.pick

    def noun(self, kind: str) -> str:
        return self.pick(self.lexicon.nouns[kind])

    def reference(self, part: Part, bare: bool = False) -> str:
        """A part named by colour and noun ("red column"), or by its noun alone when ``bare`` or a stack."""
        shape = part.shape
        noun = self.noun(shape.kind)
        return noun if bare or KINDS[shape.kind].multicolour else f"{shape.colours[0]} {noun}"

    def toward(self, direction: str) -> str:
        """A direction as said in an offset: west and east are sometimes left and right."""
        side = _SIDE_OF.get(direction)
        return side if side and self.sides(self.draws) else direction

    def offset(self, legs: Sequence[tuple[int, str]]) -> str:
        said = self.lexicon.legs
        return self.lexicon.offset_join.join([said[count, self.toward(direction)] for count, direction in legs])

    def where(self, where: Where, parts: Sequence[Part]) -> str:
        """Where a part's anchor goes, in words."""
        phrases = self.lexicon.where
        if where.mode == "landmark":
            assert where.landmark is not None
            words = {"landmark": self.pick(where.landmark.names), "offset": self.offset(where.legs)}
            return fill(self.pick(phrases["offset" if where.legs else "landmark"]), words)
        mode = where.mode + ("_it" if where.it else "")
        words = {"ref": "" if where.it else self.reference(parts[where.ref], where.bare)}
        if where.mode == "beside":
            words["offset"] = self.offset(((where.step, where.toward),))
        return fill(self.pick(phrases[mode]), words)

    def instruction(self, shape: Shape, where: str, missing: tuple[str, ...]) -> str:
        """The instruction to build ``shape`` at ``where``, leaving out the ``missing`` attributes."""
        kind = KINDS[shape.kind]
        sized = "count" not in missing and "extent" not in missing
        words = {"noun": self.noun(shape.kind), "where": "" if "position" in missing else where}
        if "colour" not in missing and not kind.multicolour:
            words["colour"] = shape.colours[0]
        if sized:
            numbers = self.lexicon.numbers
            for name, n in shape.named_size:
                words[name] = numbers[n]
        if kind.multicolour:
            words["colours"] = self.stack_colours(shape.colours)
        if shape.direction:
            words["direction"] = shape.direction[0]
            words["turn_to"] = shape.direction[-1]
        templates = self.lexicon.sized if sized else self.lexicon.unsized
        return articles(fill(self.pick(templates[shape.kind]), words))

    def stack_colours(self, colours: Sequence[str]) -> str:
        said = self.lexicon.stack_colours
        middle = [fill(said["middle"], {"colour": colour}) for colour in colours[1:-1]]
        return ", ".join([fill(said["first"], {"colour": colours[0]}), *middle,
                          fill(said["last"], {"colour": colours[-1]})])

    def correction(self, part: Part) -> str:
        """Take back what a part was built too big by (its top block, top layer or last block)."""
        shape = part.shape
        words = {"ref": self.reference(part) + " you just built",
                 "direction": shape.direction[0] if shape.direction else ""}
        return articles(fill(self.pick(self.lexicon.corrections[shape.kind]), words))

    def clarification(self, missing: str, shape: Shape, where: str, ref: str, toward: str) -> tuple[str, str]:
        """The builder's question about what is ``missing`` and the architect's answer that settles it."""
        words = {
            "noun": self.noun(shape.kind),
            "colour": shape.colours[0],
            "anchor": self.lexicon.anchors[shape.kind],
            "where": where,
            "ref": ref,
            "toward": toward,
            "size": self.size_answer(shape),
        }
        question = fill(self.pick(self.lexicon.questions[missing]), words)
        return articles(question), articles(fill(self.pick(self.lexicon.answers[missing]), words))

    def size_answer(self, shape: Shape) -> str:
        sizes = self.lexicon.sizes
        return ", ".join([fill(sizes[name], {"n": self.lexicon.number(n)}) for name, n in shape.named_size])
