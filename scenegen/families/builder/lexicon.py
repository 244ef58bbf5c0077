"""Load the builder's words and templates (``data/*.yaml``) once per run, and fill templates.

A template is English with ``{slot}`` placeholders and ``[optional phrases]``: an
optional phrase is kept (without its brackets) when every slot in it has words,
and dropped whole otherwise; a bare slot without words is dropped with its space.
That is how one template serves a full instruction and one with its colour or
position left out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from scenegen.errors import ScenegenError
from scenegen.families.builder.shapes import KINDS
from scenegen.families.builder.world import COLOURS, COMPASS, HIGH, LOW, SIDES
from scenegen.plugin import resources

_OPTIONAL = re.compile(r"\[([^\]]*)\]")
_SLOT = re.compile(r"\{(\w+)\}")
#: "a" (and "A") as a word of its own before a word that starts with a vowel, matched on the letter alone, which is
#: then replaced by a literal "an" ("An"): an expression that starts with \b, its letter replaced through a group
#: (r"\b([Aa]) (?=[aeiou])" to r"\1n "), took five times as long, a good part of a phrasing made.
_A_BEFORE_VOWEL = re.compile(r"a(?<!\wa)(?= [aeiou])")
_CAPITAL_A_BEFORE_VOWEL = re.compile(r"A(?<!\wA)(?= [aeiou])")


class LexiconError(ScenegenError):
    """A data file of the builder family (data/) that cannot be used as written."""


@dataclass(frozen=True)
class Landmark:
    """A named place on the ground that counted steps start from."""

    x: int
    z: int
    names: tuple[str, ...]


@dataclass(frozen=True)
class Chat:
    """The architect's talk around an instruction, which states nothing of what is built (data/instructions.yaml)."""

    greetings: tuple[str, ...]
    transitions: tuple[str, ...]
    asks: tuple[str, ...]
    closers: tuple[str, ...]
    aside_share: float
    #: every aside said, each template with each thing, its articles right
    asides: tuple[str, ...]


@dataclass(frozen=True)
class Lexicon:
    """Everything the builder says, read from ``data/``."""

    numbers: tuple[str, ...]
    landmarks: tuple[Landmark, ...]
    nouns: Mapping[str, tuple[str, ...]]
    sized: Mapping[str, tuple[str, ...]]
    unsized: Mapping[str, tuple[str, ...]]
    anchors: Mapping[str, str]
    stack_colours: Mapping[str, str]
    where: Mapping[str, tuple[str, ...]]
    offset_leg: Mapping[str, str]
    offset_join: str
    corrections: Mapping[str, tuple[str, ...]]
    questions: Mapping[str, tuple[str, ...]]
    answers: Mapping[str, tuple[str, ...]]
    sizes: Mapping[str, str]
    chat: Chat
    #: ellipsis: the part just built again, elsewhere ("another one {where}"), and the share of repeats said so
    again: tuple[str, ...]
    again_share: float
    #: the landmark fewest steps from each ground cell (x, z), the first listed on a tie
    nearest: Mapping[tuple[int, int], Landmark]
    #: every leg of an offset, said ("two steps to the west"), by (count, direction or side)
    legs: Mapping[tuple[int, str], str]
    #: the plural of each noun ("halfway between the two walls")
    plurals: Mapping[str, str]
    #: the architect's habits (data/instructions.yaml ``habits``): move, lift and corners templates, the part
    #: just built as they name it, how a lift's height is said, a corner's colour
    habits: Mapping[str, Any]

    def number(self, n: int) -> str:
        """``n`` in words."""
        return self.numbers[n]


def fill(template: str, words: Mapping[str, str]) -> str:
    """``template`` with its slots filled from ``words`` (a missing or empty slot is left out, with any
    optional phrase holding it) and its spaces tidied."""
    full, reduced, optional, slots = _compiled(template)
    get = words.get
    kept = all(map(get, optional))
    complete = all(map(get, slots))
    if complete and kept:
        return full.format_map(words)
    text = (full if kept else reduced).format_map(_Words(words))
    if not complete:
        text = " ".join(text.split()).replace(" ,", ",").replace(" :", ":")
    return text


class _Words(dict[str, str]):
    """Words by slot, with nothing for a slot that has none."""

    def __missing__(self, key: str) -> str:
        return ""


@cache
def _compiled(template: str) -> tuple[str, str, tuple[str, ...], tuple[str, ...]]:
    """A template as format strings with and without its optional phrases, the slots those hold, and the
    slots outside them."""
    optional = tuple(slot for phrase in _OPTIONAL.findall(template) for slot in _SLOT.findall(phrase))
    reduced = _OPTIONAL.sub("", template)
    return _OPTIONAL.sub(r"\1", template), reduced, optional, tuple(_SLOT.findall(reduced))


def articles(text: str) -> str:
    """``text`` with "a" made "an" before a vowel (a colour such as orange can follow it)."""
    # What "a" before a vowel looks like, looked for before the (slower) regular expression runs; spelt out, as
    # a loop over the vowels costs more than the five searches.
    if "a a" in text or "a e" in text or "a i" in text or "a o" in text or "a u" in text:
        return _CAPITAL_A_BEFORE_VOWEL.sub("An", _A_BEFORE_VOWEL.sub("an", text))
    return text


#: The builder's words and instruction templates, data in the family's package.
DATA = Path(__file__).resolve().parent / "data"


@cache
def load(folder: Path | None = None) -> Lexicon:
    """The lexicon of ``data/`` (or ``folder``), checked: every kind has nouns, an anchor and full templates;
    landmarks lie on the ground."""
    folder = folder or DATA
    with (folder / "lexicon.yaml").open(encoding="utf-8") as handle:
        words: dict[str, Any] = resources.load_yaml(handle)
    with (folder / "instructions.yaml").open(encoding="utf-8") as handle:
        templates: dict[str, Any] = resources.load_yaml(handle)
    landmarks = tuple(Landmark(entry["at"][0], entry["at"][1], tuple(entry["names"])) for entry in words["landmarks"])
    for landmark in landmarks:
        if not (LOW <= landmark.x <= HIGH and LOW <= landmark.z <= HIGH):
            raise LexiconError(f"data/lexicon.yaml: landmark {landmark.names[0]!r} is off the ground")
    build = templates["build"]
    for kind in KINDS:
        if not (build.get(kind, {}).get("sized") and words["nouns"].get(kind) and kind in templates["anchors"]):
            raise LexiconError(f"data/: kind {kind!r} needs nouns, an anchor and sized templates")
        # an instruction is filled before its noun is put in (say.Phrasings): no article may depend on the noun
        if any(noun[0].lower() in "aeiou" for noun in words["nouns"][kind]):
            raise LexiconError(f"data/lexicon.yaml: a noun of {kind!r} begins with a vowel")
        if not set(words["nouns"][kind]) <= set(words["plurals"]):
            raise LexiconError(f"data/lexicon.yaml: a noun of {kind!r} has no plural")
    return Lexicon(
        numbers=tuple(words["numbers"]),
        landmarks=landmarks,
        nouns={kind: tuple(nouns) for kind, nouns in words["nouns"].items()},
        sized={kind: tuple(entry["sized"]) for kind, entry in build.items()},
        unsized={kind: tuple(entry.get("unsized") or ()) for kind, entry in build.items()},
        anchors=dict(templates["anchors"]),
        stack_colours=dict(templates["stack_colours"]),
        where={mode: tuple(phrases) for mode, phrases in templates["where"].items()},
        offset_leg=dict(templates["offset_leg"]),
        offset_join=templates["offset_join"],
        corrections={kind: tuple(phrases) for kind, phrases in templates["correction"].items()},
        questions={missing: tuple(phrases) for missing, phrases in templates["questions"].items()},
        answers={missing: tuple(phrases) for missing, phrases in templates["answers"].items()},
        sizes=dict(templates["sizes"]),
        chat=_chat(templates["chat"], _read_words(words, templates)),
        again=tuple(templates["again"]["templates"]),
        again_share=float(templates["again"]["share"]),
        nearest={(x, z): min(landmarks, key=lambda mark: abs(mark.x - x) + abs(mark.z - z))
                 for x in range(LOW, HIGH + 1) for z in range(LOW, HIGH + 1)},
        legs=_legs(templates["offset_leg"], words["numbers"]),
        plurals=dict(words["plurals"]),
        habits=dict(templates["habits"]),
    )


#: Words an instruction is read by, beyond the colours, numbers, directions and nouns: the architect's talk may
#: say none of them (docs/builder.md), or a reader would find a size, place or correction in it.
_READ = frozenset({"left", "right", "top", "bottom", "remove", "take", "sorry", "layer", "hollow", "step", "steps",
                   "it", "diagonally", "center", "centre", "corner", "middle", "edge", "point", "grid", "ground"})
_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")


def _read_words(words: Mapping[str, Any], templates: Mapping[str, Any]) -> frozenset[str]:
    """Every word an instruction is read by: see _READ."""
    said = [*words["numbers"], *COMPASS, *(noun for nouns in words["nouns"].values() for noun in nouns),
            *(name for landmark in words["landmarks"] for name in landmark["names"])]
    return _READ | {word for text in said for word in _WORD.findall(text.lower())} - {"the", "of", "most"}


def _chat(said: Mapping[str, Any], read: frozenset[str]) -> Chat:
    """The architect's talk, refused where it says a word an instruction is read by."""
    texts = {name: tuple(said[name]) for name in ("greetings", "transitions", "asks", "closers", "asides")}
    asides = tuple(articles(fill(aside, {"thing": thing})) for aside in texts["asides"] for thing in said["things"])
    for text in (*(t for group in texts.values() for t in group), *said["things"]):
        found = set(_WORD.findall(text.lower())) & (read | set(COLOURS))
        if found:
            raise LexiconError(f"data/instructions.yaml: chat {text!r} says {sorted(found)}, which instructions are "
                               "read by")
    return Chat(texts["greetings"], texts["transitions"], texts["asks"], texts["closers"], float(said["aside_share"]),
                asides)


def _legs(said: Mapping[str, str], numbers: list[str]) -> dict[tuple[int, str], str]:
    """Every leg of an offset across the world, said."""
    towards = (*COMPASS, *SIDES)
    return {(count, toward): fill(said["one"] if count == 1 else said["many"],
                                  {"count": numbers[count], "toward": toward})
            for count in range(1, HIGH - LOW + 1) for toward in towards}
