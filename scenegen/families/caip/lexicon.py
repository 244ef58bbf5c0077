"""Load the caip word lists and templates (``the caip family's data/*.yaml``) once per run.

Everything the per-record path needs is tokenized here: a :class:`Piece` is a run
of words with its text (leading space included, so joining pieces gives the
command) and its tokens. A template becomes a tuple of pieces and :class:`Slot`
placeholders. Data that would break a record -- a span filler starting with an
article, a template with an unknown slot -- is rejected with a message naming
the file and the entry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any, final

from scenegen.errors import ScenegenError
from scenegen.families.caip.tokenize import tokenize
from scenegen.plugin import resources

ARTICLES = frozenset({"a", "an", "the"})
_GLUED = ",.!?;:"
_BEFORE_MARK = re.compile(r"\s+([,.!?;:])")
_SLOT = re.compile(r"\{([a-z_]*)(?::([^}]*))?\}")
_AN_PREFIXES = ("a", "e", "i", "o", "up", "un", "ug", "umb", "8", "11", "18", "hour", "honest")
_A_PREFIXES = ("one", "once", "uni", "use", "eu", "ewe")


class LexiconError(ScenegenError):
    """A data file of the caip family (the caip family's data/) that cannot be used as written."""


# Final: the hot path tells parts apart by `type(part) is Slot`, which narrows only final classes.
@final
@dataclass(frozen=True, slots=True)
class Piece:
    """Words said together: ``text`` joins onto the command, ``tokens`` onto its tokens."""

    text: str
    tokens: tuple[str, ...]
    an: bool = False  # an indefinite article before it is "an"
    typos: tuple[Piece, ...] = ()  # how people mistype it (lexicon.yaml typos)
    plural: bool = False  # a noun that is plural even naming one thing ("crops", "stairs"): no "a", "every", "is"
    mass: bool = False  # a noun that is never counted ("grass", "land"): no "2 grass", but "all the grass"

    def __add__(self, other: Piece) -> Piece:
        return Piece(self.text + other.text, self.tokens + other.tokens, self.an)


@final
@dataclass(frozen=True, slots=True)
class Slot:
    """A placeholder of a template: ``{name}`` or ``{name:argument}``."""

    name: str
    piece: Piece | None = None  # the argument's words ({coref:there})


Template = tuple[Piece | Slot, ...]
NounPair = tuple[Piece, Piece]  # singular, plural
Numbered = tuple[Piece, Piece]  # words said after a singular noun, and after a plural ("that is" / "that are")


def piece(surface: str) -> Piece:
    """The piece for ``surface`` as it would be typed ("hey bot ," is typed "hey bot,")."""
    surface = _BEFORE_MARK.sub(r"\1", surface.strip())
    tokens = tuple(tokenize(surface))
    if not tokens:
        raise LexiconError(f"empty words {surface!r}")
    text = surface if surface[0] in _GLUED else " " + surface
    return Piece(text, tokens, takes_an(tokens[0]))


def takes_an(word: str) -> bool:
    """Whether the indefinite article before ``word`` is "an" (by spelling, near enough)."""
    word = word.lower()
    return word.startswith(_AN_PREFIXES) and not word.startswith(_A_PREFIXES)


def filler(surface: str, where: str) -> Piece:
    """A piece that fills a span: it may not start on an article."""
    result = piece(surface)
    if result.tokens[0].lower() in ARTICLES:
        raise LexiconError(f"{where}: {surface!r} starts with an article, and spans never do")
    return result


def template(text: str, slots: frozenset[str], where: str) -> Template:
    """Compile ``text``; every ``{slot}`` must be one of ``slots``."""
    parts: list[Piece | Slot] = []
    position = 0
    for match in _SLOT.finditer(text):
        literal = text[position : match.start()].strip()
        if literal:
            parts.append(piece(literal))
        name, argument = match.group(1), match.group(2)
        if name not in slots:
            raise LexiconError(f"{where}: {text!r} uses {{{name}}}; this template may use {sorted(slots)}")
        parts.append(Slot(name, filler(argument, where) if argument else None))
        position = match.end()
    literal = text[position:].strip()
    if literal:
        parts.append(piece(literal))
    if not parts:
        raise LexiconError(f"{where}: empty template")
    return tuple(parts)


def needs_words(compiled: Template, name: str, where: str) -> None:
    """Reject a ``{name}`` slot written without its words (``{coref}`` for ``{coref:there}``)."""
    for part in compiled:
        if isinstance(part, Slot) and part.name == name and part.piece is None:
            raise LexiconError(f"{where}: {{{name}}} needs the words that say it, e.g. {{{name}:there}}")


def slot_names(compiled: Template) -> frozenset[str]:
    return frozenset(part.name for part in compiled if isinstance(part, Slot))


def words(items: list[str], where: str, *, span: bool = True) -> tuple[Piece, ...]:
    """A word list; ``span`` lists fill spans, so no entry may start with an article."""
    if not items:
        raise LexiconError(f"{where}: empty word list")
    make = filler if span else (lambda surface, _where: piece(surface))
    return tuple(make(str(item), f"{where}[{i}]") for i, item in enumerate(items))


def nouns(items: list[list[str]], where: str, mass: frozenset[str] = frozenset()) -> tuple[NounPair, ...]:
    """Nouns written [singular, plural], or [plural] for one said in the plural only ("crops", "stairs"): its
    singular is the plural, marked so that no singular word goes with it ("a stairs", "every crops"). The
    singulars ``mass`` (lexicon.yaml mass_nouns) are marked as never counted."""
    pairs = []
    for i, item in enumerate(items):
        if not (isinstance(item, list) and len(item) in (1, 2)):
            raise LexiconError(f"{where}[{i}]: a noun is [singular, plural] (or [plural]), got {item!r}")
        if len(item) == 1:
            only = replace(filler(item[0], f"{where}[{i}]"), plural=True)
            pairs.append((only, only))
        else:
            singular = filler(item[0], f"{where}[{i}]")
            pairs.append((replace(singular, mass=True) if item[0] in mass else singular,
                           filler(item[1], f"{where}[{i}]")))
    return tuple(pairs)


def numbered(items: list[str | list[str]], where: str, *, span: bool = True) -> tuple[Numbered, ...]:
    """Words whose verb agrees with the noun before them: "that is on fire" or [that is on fire, that are on
    fire]; an entry with no verb to agree ("i built") is said after either."""
    make = filler if span else (lambda surface, _where: piece(surface))
    out = []
    for i, item in enumerate(items):
        here = f"{where}[{i}]"
        if isinstance(item, list):
            if len(item) != 2:
                raise LexiconError(f"{here}: words that agree are [after a singular, after a plural], got {item!r}")
            out.append((make(str(item[0]), here), make(str(item[1]), here)))
        else:
            said = make(str(item), here)
            out.append((said, said))
    if not out:
        raise LexiconError(f"{where}: empty word list")
    return tuple(out)


def misspelt(pieces: tuple[Piece, ...], typos: dict[str, list[str]]) -> tuple[Piece, ...]:
    """``pieces``, each carrying the misspellings ``typos`` lists for its words ("build" -> "biuld")."""
    return tuple(replace(p, typos=tuple(piece(t) for t in typos[p.text.strip()])) if p.text.strip() in typos else p
                 for p in pieces)


def misspelt_nouns(pairs: tuple[NounPair, ...], typos: dict[str, list[str]]) -> tuple[NounPair, ...]:
    return tuple((misspelt((s,), typos)[0], misspelt((p,), typos)[0]) for s, p in pairs)


@dataclass(frozen=True)
class Data:
    """The four data files of the family, parsed."""

    lexicon: dict[str, Any]
    phrases: dict[str, Any]
    actions: dict[str, Any]
    dialogues: dict[str, Any]
    folder: Path


#: The caip family's words and templates, data in the family's package.
DATA = Path(__file__).resolve().parent / "data"


@cache
def load(folder: Path | None = None) -> Data:
    """Read ``data/`` (or ``folder``); cached, so a run reads it once."""
    folder = folder or DATA
    documents = {}
    for name in ("lexicon", "phrases", "actions", "dialogues"):
        path = folder / f"{name}.yaml"
        with path.open(encoding="utf-8") as handle:
            documents[name] = resources.load_yaml(handle)
        if not isinstance(documents[name], dict):
            raise LexiconError(f"{path}: expected a mapping at the top")
    return Data(folder=folder, **documents)
