"""The architect's words: instructions, corrections, clarification questions and answers, from templates.

What an instruction states is decided by the caller (which attributes are
missing); this module only words it, drawing among the templates and synonyms
of ``data/`` in its package. Counts are said in words, directions by compass name
(or left/right for west/east, on the ``sides`` coin), and never a coordinate.

A phrase depends only on what it says and on which template and synonyms are
drawn, so every phrasing of it is made once, from the templates, and kept in the
:class:`Phrasebook`: a dialogue only draws one of them, with one pick for the
template and the synonyms together (uniform over each, as picks one by one
would be). Filling the same templates with the same words again took a third of
a dialogue's time. A phrase that holds a place ("at the center") is kept split
there and joined with the place said; each phrasing is kept with its articles
made right ("an orange column").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from typing import NamedTuple

from scenegen.families.builder.lexicon import Landmark, Lexicon, LexiconError, articles, fill
from scenegen.families.builder.placement import Part, Shape, reference_key
from scenegen.families.builder.shapes import KINDS, Cell
from scenegen.families.builder.world import COLOURS, SIDES
from scenegen.plugin.draws import Draws

#: The side word of each compass direction that has one.
_SIDE_OF = {direction: side for side, direction in SIDES.items()}
#: Stands for the place in a kept phrase, which is split there; no template holds it.
_PLACE = "\x00"
#: Stands for the noun in a kept instruction, which the noun drawn replaces.
_NOUN = "\x01"
#: Phrasings of instructions and of clarifications kept, each: see Phrasebook.
PHRASINGS_KEPT = 16384
#: A piece of a phrase that ends in the article "a", which the place after it would decide ("a" or "an").
_ENDS_IN_A = re.compile(r"\b[Aa] ?$")
#: Where a piece's search for it starts, counted from its end: a match is at most "a " before a last newline, and
#: \b still sees the character before where the search starts. A search of the whole piece took a microsecond.
_ENDS_IN_A_TAIL = 4

#: What a clarification can find missing, as the config names it, and the attributes each names.
MISSING = {
    "colour": ("colour",),
    "position": ("position",),
    "colour+position": ("colour", "position"),
    "count": ("count",),
    "extent": ("extent",),
    "reference": ("reference",),
}

#: Who a reference names: a part's (kind, colour), the colour empty when it is not said; None for "it".
Named = tuple[str, str] | None
#: A phrase split where its place goes (one piece when it says no place).
Pieces = tuple[str, ...]


class Phrasings:
    """The wordings of one instruction, each template with each noun: each template is filled when it is first drawn,
    with a stand-in for the noun that the noun drawn replaces (so a shape's templates are filled once, not once per
    noun; nouns begin with a consonant, which lexicon.py checks, so no article depends on them)."""

    __slots__ = ("nouns", "said", "templates", "words")

    def __init__(self, words: dict[str, str], templates: tuple[str, ...], nouns: tuple[str, ...]) -> None:
        #: the slots' words, the noun's a stand-in
        self.words = words
        self.templates = templates
        self.nouns = nouns
        #: each template filled and split at its place, once drawn
        self.said: list[Pieces | None] = [None] * len(templates)

    def fill(self, index: int) -> Pieces:
        """The ``index``-th template, filled, split at its place, and kept."""
        pieces = self.said[index] = _split(fill(self.templates[index], self.words))
        return pieces


class Spot(NamedTuple):
    """Every way to say where a ground cell is: at its nearest landmark, or counted steps from it."""

    #: whether it has an east-west leg, which the ``sides`` coin may say as left or right
    sideways: bool
    #: the phrasings (each order of the legs, each landmark name, each phrase), by whether the east-west leg is
    #: said as a side
    said: tuple[tuple[str, ...], ...]
    #: the (x, z) of the landmark when it is a corner (a part placed from it may be repeated from the others)
    corner: tuple[int, int] | None


class Phrasebook:
    """Every phrasing of the places, references, instructions, corrections and clarifications the builder says,
    made from the lexicon on first use (the ground's places all at once) and kept."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.lexicon = lexicon
        self.spots = {(x, 0, z): self._spot(x, z) for x, z in lexicon.nearest}
        self.references = cache(self._references)
        self.placed = cache(self._placed)
        self.corrections = cache(self._corrections)
        self.positions = cache(self._from_position)
        self.between = cache(self._between)
        self.moves = cache(self._moves)
        self.lifted = cache(self._lifted)
        #: each corner's names, by its (x, z)
        self.corner_names = {(mark.x, mark.z): mark.names for mark in lexicon.landmarks
                             if abs(mark.x) == abs(mark.z) != 0}
        # Instructions are keyed by the shape object (see Shape), so they keep the recent stacks' phrasings, and
        # those of every one-colour shape and what it may leave out (about 6,000). Clarifications are keyed by the
        # words they hold, which shapes of other directions or (a stack) other upper colours share: 20,000
        # dialogues of builder.yaml make 2,732 of them rather than the 5,533 they made keyed by the shape (3.6 us
        # each).
        self.instructions = lru_cache(maxsize=PHRASINGS_KEPT)(self._instructions)
        self.clarifications = lru_cache(maxsize=PHRASINGS_KEPT)(self._clarifications)
        #: what the architect says before an instruction, the first turn's and the later ones': (text, whether the
        #: instruction after it starts a sentence)
        self.openings = {first: _openings(openers, lexicon.chat.asks)
                         for first, openers in ((True, lexicon.chat.greetings), (False, lexicon.chat.transitions))}
        #: what the architect says before "another one": a transition, no ask
        self.bare_openings = _openings(lexicon.chat.transitions, ("",))
        #: each layer of a stack said ("red at the bottom"), by its place (first, middle, last) and colour
        self.layers = {place: {colour: fill(template, {"colour": colour}) for colour in COLOURS}
                       for place, template in lexicon.stack_colours.items()}

    def _spot(self, x: int, z: int) -> Spot:
        landmark = self.lexicon.nearest[x, z]
        dx, dz = x - landmark.x, z - landmark.z
        legs = [leg for leg in ((abs(dx), "east" if dx > 0 else "west"), (abs(dz), "south" if dz > 0 else "north"))
                if leg[0]]
        corner = (landmark.x, landmark.z) if abs(landmark.x) == abs(landmark.z) != 0 else None
        return Spot(bool(dx), tuple(self._from_landmark(landmark, legs, side) for side in (False, True)), corner)

    def _from_landmark(self, landmark: Landmark, legs: list[tuple[int, str]], side: bool) -> tuple[str, ...]:
        """Counted steps ``legs`` from ``landmark``, in either order (west and east said as left and right when
        ``side``), with each of its names and each phrase."""
        lexicon = self.lexicon
        offsets = {lexicon.offset_join.join([lexicon.legs[count, _SIDE_OF.get(toward, toward) if side else toward]
                                             for count, toward in order]) for order in (legs, legs[::-1])}
        return tuple([articles(fill(phrase, {"landmark": name, "offset": offset}))
                      for offset in sorted(offsets) for name in landmark.names
                      for phrase in lexicon.where["offset" if offset else "landmark"]])

    def _from_position(self, dx: int, dz: int, side: bool) -> tuple[str, ...]:
        """Counted steps (``dx``, ``dz``) from the builder's current position, in either order (west and east said
        as left and right when ``side``), or the position itself."""
        lexicon = self.lexicon
        legs = [leg for leg in ((abs(dx), "east" if dx > 0 else "west"), (abs(dz), "south" if dz > 0 else "north"))
                if leg[0]]
        if not legs:
            return lexicon.where["position_here"]
        offsets = {lexicon.offset_join.join([lexicon.legs[count, _SIDE_OF.get(toward, toward) if side else toward]
                                             for count, toward in order]) for order in (legs, legs[::-1])}
        return tuple([articles(fill(phrase, {"offset": offset}))
                      for offset in sorted(offsets) for phrase in lexicon.where["position"]])

    def _between(self, kind: str) -> tuple[str, ...]:
        """Halfway between the only two parts of ``kind``, named by a plural of its nouns."""
        lexicon = self.lexicon
        return tuple([fill(phrase, {"plural": lexicon.plurals[noun]})
                      for noun in lexicon.nouns[kind] for phrase in lexicon.where["between"]])

    def _lifted(self, template: str, ref: str, levels: int) -> str:
        """A lift's ``template`` said of ``ref``, ``levels`` levels up (kept: a lift's two fills cost a dialogue
        of builder.yaml a quarter of a microsecond, and its few phrasings recur)."""
        habits = self.lexicon.habits
        how = fill(habits["levels"]["one" if levels == 1 else "many"], {"count": self.lexicon.number(levels)})
        return fill(template, {"ref": ref, "levels": how})

    def _moves(self, named: tuple[str, str]) -> tuple[str, ...]:
        """The part just built as a move or lift names it ("it", "the red column you just built"), each way once."""
        kind, colour = named
        return tuple(sorted({articles(fill(ref, {"colour": colour, "noun": noun}))
                             for ref in self.lexicon.habits["refs"] for noun in self.lexicon.nouns[kind]}))

    def _references(self, kind: str, colour: str) -> tuple[str, ...]:
        """A part named by colour and noun ("red column"), or by its noun alone when the colour is empty."""
        return tuple([f"{colour} {noun}" if colour else noun for noun in self.lexicon.nouns[kind]])

    def _placed(self, mode: str, named: Named, offset: str) -> tuple[str, ...]:
        """A place on top of (``mode`` on_top) or beside a part (beside: ``offset`` steps away)."""
        phrases = self.lexicon.where[mode if named else mode + "_it"]
        refs = self.references(*named) if named else ("",)
        return tuple([articles(fill(phrase, {"ref": ref, "offset": offset})) for ref in refs for phrase in phrases])

    def _corrections(self, named: tuple[str, str], direction: str) -> tuple[str, ...]:
        """Taking back what a part was built too big by."""
        templates = self.lexicon.corrections[named[0]]
        return tuple([articles(fill(template, {"ref": ref + " you just built", "direction": direction}))
                      for ref in self.references(*named) for template in templates])

    def _instructions(self, shape: Shape, missing: tuple[str, ...]) -> Phrasings:
        """Building ``shape``, leaving out the ``missing`` attributes (the place too when it is missing): its
        wordings, each filled when first drawn."""
        lexicon = self.lexicon
        kind = KINDS[shape.kind]
        sized = "count" not in missing and "extent" not in missing
        words = {"where": "" if "position" in missing else _PLACE}
        if "colour" not in missing and not kind.multicolour:
            words["colour"] = shape.colours[0]
        if sized:
            for name, n in shape.named_size:
                words[name] = lexicon.numbers[n]
        if kind.multicolour:
            words["colours"] = self._stack_colours(shape.colours)
        if shape.direction:
            words["direction"] = shape.direction[0]
            words["turn_to"] = shape.direction[-1]
        words["noun"] = _NOUN
        return Phrasings(words, (lexicon.sized if sized else lexicon.unsized)[shape.kind], lexicon.nouns[shape.kind])

    def _clarifications(self, missing: str, kind: str, colour: str, named_size: tuple[tuple[str, int], ...], ref: str,
                        toward: str) -> tuple[tuple[Pieces, Pieces], ...]:
        """The builder's question about what is ``missing`` of a part of ``kind`` whose (first) colour is ``colour``
        and whose size is ``named_size``, and the architect's answer that settles it, the part's noun a stand-in
        (see Phrasings)."""
        lexicon = self.lexicon
        words = {
            "noun": _NOUN,
            "colour": colour,
            "anchor": lexicon.anchors[kind],
            "where": _PLACE,
            "ref": ref,
            "toward": toward,
            "size": self._size_answer(named_size),
        }
        return tuple([(_split(fill(question, words)), _split(fill(answer, words)))
                      for question in lexicon.questions[missing] for answer in lexicon.answers[missing]])

    def _stack_colours(self, colours: Sequence[str]) -> str:
        """A stack's colours from the bottom up."""
        said = self.layers
        middle = said["middle"]
        return ", ".join([said["first"][colours[0]], *[middle[colour] for colour in colours[1:-1]],
                          said["last"][colours[-1]]])

    def _size_answer(self, named_size: tuple[tuple[str, int], ...]) -> str:
        """A shape's size numbers as a resolving answer says them ("three long, two high")."""
        sizes = self.lexicon.sizes
        return ", ".join([fill(sizes[name], {"n": self.lexicon.number(n)}) for name, n in named_size])


#: Where a sentence ends, so that the next word is capitalised.
_SENTENCE_END = re.compile(r"(?:^|[.?!] )([a-z])")


def _openings(openers: Sequence[str], asks: Sequence[str]) -> tuple[tuple[str, bool], ...]:
    """Each opener with each polite ask ("great. could you "), sentences capitalised, and whether the instruction
    after it starts a sentence (nothing said, or a sentence ended)."""
    capitalised: dict[str, str] = {}

    def capitalise(text: str) -> str:
        said = capitalised.get(text)
        if said is None:
            said = capitalised[text] = _SENTENCE_END.sub(lambda match: match[0].upper(), text)
        return said

    found = []
    for opener in openers:
        said = capitalise(opener)
        # Whether a letter starts a sentence depends on the two characters before it at most, so an ask is
        # capitalised after the last two of its opener, which most openers share: once each rather than once an
        # opener (the 8,000 openings made one by one took 8 ms a family rather than 3, a quarter of a microsecond a
        # dialogue of a run of 20,000).
        context = opener[-2:]
        for ask in asks:
            text = said + capitalise(context + ask)[len(context):]
            found.append((text, not text or text.endswith((". ", "? ", "! "))))
    return tuple(found)


def _split(text: str) -> Pieces:
    """``text``, its articles made right, split where its place goes.

    The place said is joined in later with no articles made again: none is needed, as no piece ends in "a" (a
    template that puts "a" right before its place is refused here) and a place ends in a name, never in "a".
    """
    pieces = tuple(articles(text).split(_PLACE))
    if any(_ENDS_IN_A.search(piece, max(0, len(piece) - _ENDS_IN_A_TAIL)) for piece in pieces[:-1]):
        raise LexiconError(f"data/: 'a' right before the place in {text.replace(_PLACE, '{where}')!r}")
    return pieces


class Say:
    """Words parts and places for one dialogue, drawing phrasings from ``draws``."""

    def __init__(self, book: Phrasebook, draws: Draws, sides: Callable[[Draws], bool],
                 from_position: Callable[[Draws], bool], position: Cell | None = None) -> None:
        self.book = book
        self.draws = draws
        self.sides = sides
        self.from_position = from_position
        #: the builder's current position, which places may be said from
        self.position = position

    def noun(self, kind: str) -> str:
        """One of the nouns of a kind."""
        return self.draws.pick(self.book.lexicon.nouns[kind])

    def toward(self, direction: str) -> str:
        """A direction as said in an offset: west and east are sometimes left and right."""
        side = _SIDE_OF.get(direction)
        return side if side and self.sides(self.draws) else direction

    def on_ground(self, anchor: Cell) -> tuple[str, tuple[int, int] | None]:
        """Where a ground ``anchor`` is: at its nearest landmark, or counted steps from it (east-west or
        north-south first), or (on the ``from_position`` coin) counted steps from the builder's current position;
        and the corner it is said from, if it is said from one."""
        draws = self.draws
        if self.position is not None and self.from_position(draws):
            dx, dz = anchor[0] - self.position[0], anchor[2] - self.position[2]
            return draws.pick(self.book.positions(dx, dz, bool(dx) and self.sides(draws))), None
        spot = self.book.spots[anchor]
        as_side = spot.sideways and self.sides(draws)
        return draws.pick(spot.said[as_side]), spot.corner

    def between(self, kind: str) -> str:
        """Halfway between the only two parts of ``kind``."""
        return self.draws.pick(self.book.between(kind))

    def move(self, part: Part, step: int, toward: str) -> str:
        """Move the part just built ``step`` steps ``toward`` a compass direction, with the talk around it."""
        draws = self.draws
        template = draws.pick(self.book.lexicon.habits["move"])
        said = fill(template, {"ref": draws.pick(self.book.moves(reference_key(part))),
                               "offset": self.book.lexicon.legs[step, self.toward(toward)]})
        return self._talk(said, self.book.bare_openings, draws.uniform())

    def lift(self, part: Part, levels: int) -> str:
        """Lift the part just built ``levels`` levels straight up, with the talk around it."""
        draws = self.draws
        said = self.book.lifted(draws.pick(self.book.lexicon.habits["lift"]),
                                draws.pick(self.book.moves(reference_key(part))), levels)
        return self._talk(said, self.book.bare_openings, draws.uniform())

    def corners(self, coloured: Sequence[tuple[tuple[int, int], str]] | None) -> str:
        """Repeat the part just built from the other corners: in its colour, or in the colour said for each
        corner (``coloured``: each other corner's (x, z) and colour), with the talk around it."""
        draws = self.draws
        habits = self.book.lexicon.habits
        if coloured is None:
            said = draws.pick(habits["corners"])
        else:
            each = [fill(habits["corner_colour"], {"colour": colour, "corner": draws.pick(self.book.corner_names[at])})
                    for at, colour in coloured]
            colours = ", ".join(each[:-1]) + " and " + each[-1]
            said = articles(fill(draws.pick(habits["corners_coloured"]), {"colours": colours}))
        return self._talk(said, self.book.bare_openings, draws.uniform())

    def on_top(self, part: Part, it: bool, bare: bool) -> str:
        """On top of ``part``: "it" when ``it``, by its noun alone when ``bare``, else by colour and noun."""
        return self.draws.pick(self.book.placed("on_top", _named(part, it, bare), ""))

    def beside(self, part: Part, step: int, toward: str, it: bool, bare: bool) -> str:
        """On the ground ``step`` steps ``toward`` a compass direction from ``part`` (named as in :meth:`on_top`)."""
        leg = self.book.lexicon.legs[step, self.toward(toward)]
        return self.draws.pick(self.book.placed("beside", _named(part, it, bare), leg))

    def instruction(self, shape: Shape, where: str, missing: tuple[str, ...], first: bool) -> str:
        """The instruction to build ``shape`` at ``where``, leaving out the ``missing`` attributes, with the
        architect's talk around it (a greeting on the ``first`` turn, else a transition)."""
        phrasings = self.book.instructions(shape, missing)
        said = phrasings.said
        nouns = phrasings.nouns
        # One uniform draws the template, the noun and the talk (see _talk): a draw each made a dialogue a tenth
        # slower.
        scaled = self.draws.uniform() * len(said)
        template = int(scaled)
        scaled = (scaled - template) * len(nouns)
        noun = int(scaled)
        pieces = said[template] or phrasings.fill(template)
        body = where.join(pieces).replace(_NOUN, nouns[noun])
        return self._talk(body, self.book.openings[first], scaled - noun)

    def again(self, where: str) -> str:
        """The part just built, again at ``where``, said by ellipsis ("another one ..."), with the talk around it."""
        templates = self.book.lexicon.again
        scaled = self.draws.uniform() * len(templates)
        index = int(scaled)
        return self._talk(templates[index].replace("{where}", where), self.book.bare_openings, scaled - index)

    def _talk(self, body: str, openings: Sequence[tuple[str, bool]], uniform: float) -> str:
        """``body`` with the architect's talk around it: an opening, a closer and sometimes an aside, drawn from
        ``uniform``, each from the digits the one before left (uniform and independent as draws of their own are,
        to far below a double's precision)."""
        chat = self.book.lexicon.chat
        closers = chat.closers
        scaled = uniform * len(openings)
        opening, capital = openings[int(scaled)]
        scaled = (scaled % 1) * len(closers)
        closer = closers[int(scaled)]
        aside = self.draws.pick(chat.asides) if scaled % 1 < chat.aside_share else ""
        if capital:
            body = body[0].upper() + body[1:]
        return f"{opening}{body}{aside}{closer}"

    def correction(self, part: Part) -> str:
        """Take back what a part was built too big by (its top block, top layer or last block)."""
        direction = part.shape.direction
        return self.draws.pick(self.book.corrections(reference_key(part), direction[0] if direction else ""))

    def clarification(self, missing: str, shape: Shape, where: str, ref: str, toward: str) -> tuple[str, str]:
        """The builder's question about what is ``missing`` and the architect's answer that settles it."""
        question, answer = self.draws.pick(self.book.clarifications(missing, shape.kind, shape.colours[0],
                                                                     shape.named_size, ref, toward))
        noun = self.noun(shape.kind)
        return where.join(question).replace(_NOUN, noun), where.join(answer).replace(_NOUN, noun)


def _named(part: Part, it: bool, bare: bool) -> Named:
    """Who a reference to ``part`` names (see :data:`Named`)."""
    if it:
        return None
    kind, colour = reference_key(part)
    return kind, "" if bare else colour
