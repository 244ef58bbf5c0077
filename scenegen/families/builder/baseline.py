"""A rule-based builder, the baseline of the builder benchmark: ``python -m scenegen.families.builder.baseline
PROMPTS.jsonl > REPLIES.jsonl`` answers every prompt `scenegen export --as chat` wrote, for `scenegen score`.

It reads an instruction with the family's own words (numbers, landmarks, the
kinds' nouns and phrasings of ``data/``) and its parts' geometry: the kind, the
colours, the sizes (number words in order), the direction, and the place -- at or
counted steps from a landmark, or on top of or beside a part named by colour and
kind, or "it" (the last part it built), found in the world the prompt gives. "Another
one" reads the instruction before it again, with the new place. A
correction takes back the top block, the top layer or the far end of the last
part. It asks when no colour, size or place is said, and reads the architect's
answer as the words that were missing. What it cannot do is what makes the levels
differ: tell two look-alikes apart (it takes the first it finds), know that a
reference is ambiguous (it never asks then), or tell a part standing from the start
from one of the same colour and kind built since.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from scenegen.families.builder import lexicon
from scenegen.families.builder.shapes import KINDS, offsets
from scenegen.families.builder.world import COLOURS, COMPASS, DIAGONALS, SIDES

Block = list[Any]

#: A kind said by a phrasing of its own rather than its noun, looked for before the nouns (longest first).
_PHRASED = (("going up diagonally", "rising"), ("climbing towards", "rising"), ("blocks diagonally", "diagonal"),
            ("on a slant", "diagonal"), ("hollow", "ring"), ("plus sign", "cross"), ("at the bottom", "stack"),
            ("cover a patch", "floor"), ("straight above it", "column"), ("then add layers", "wall"))
_DIRECTION = re.compile(r"\b(north east|north west|south east|south west|north|south|east|west|left|right)\b")
#: Direction words that name no direction of the part ("its north west corner", "from west to east").
_FIXED = re.compile(r"north west corner|from west to east|from north to south")
_CORRECTION = re.compile(r"\b(remove|take|sorry)\b")


def reply(messages: Sequence[Mapping[str, str]]) -> str:
    """The baseline's reply (JSON text) to a prompt's messages."""
    world, instruction, answered = _read_prompt(messages)
    built = _last_built(messages)
    if _CORRECTION.search(instruction) and built:
        return json.dumps({"add": [], "remove": _taken_back(instruction, built), "confidence": 0.8})
    text = f"{instruction} {answered}" if answered else instruction
    if _again_pattern().search(instruction):
        text = _again(instruction, messages)
    return json.dumps(_part(text, world, built))


def _again(instruction: str, messages: Sequence[Mapping[str, str]]) -> str:
    """ "Another one <place>": the last instruction before it that said a part, with its place swapped for this
    one's."""
    place = _place_pattern().search(instruction)
    for message in reversed(messages[:-1]):
        said = message["content"].partition("\nArchitect: ")[2] if message["role"] == "user" else ""
        if said and not _again_pattern().search(said):
            return f"{_place_pattern().sub(' ', said, count=1)} {place.group(0) if place else ''}"
    return instruction


@cache
def _again_pattern() -> re.Pattern[str]:
    """What an ellipsis says before its place ("build another one"), from the family's templates."""
    heads = (template.split("{where}")[0].strip(" ,") for template in _words().again)
    return re.compile("|".join(sorted(map(re.escape, heads), key=len, reverse=True)), re.IGNORECASE)


@cache
def _words() -> lexicon.Lexicon:
    return lexicon.load()


def _read_prompt(messages: Sequence[Mapping[str, str]]) -> tuple[list[Block], str, str]:
    """The world and the instruction of the last turn, and the architect's answer when the builder asked."""
    users = [message["content"] for message in messages if message["role"] == "user"]
    last = users[-1]
    answered = ""
    if "\n" not in last and len(users) > 1:  # "Architect: <answer>" to the builder's question
        answered, last = last.removeprefix("Architect: "), users[-2]
    head, _, said = last.partition("\nArchitect: ")
    head = head.partition("\nYou are standing at ")[0]
    world = json.loads(head.removeprefix("The world now: ")) if head.startswith("The world now: ") else []
    return world, said, answered


def _last_built(messages: Sequence[Mapping[str, str]]) -> list[Block]:
    """The blocks the builder's last answer that added any added."""
    for message in reversed(messages):
        if message["role"] == "assistant":
            answer = json.loads(message["content"])
            if answer.get("add"):
                return list(answer["add"])
    return []


def _taken_back(instruction: str, built: list[Block]) -> list[Block]:
    """What a correction of the last part removes: its top layer, its top block, or its far end."""
    top = max(block[1] for block in built)
    if "layer" in instruction:
        return [block for block in built if block[1] == top]
    directions = _directions(instruction)
    if "top" not in instruction and directions:
        dx, dz = _step(directions[0])
        return [max(built, key=lambda block: block[0] * dx + block[2] * dz)]
    return [max(built, key=lambda block: block[1])]


def _part(text: str, world: list[Block], built: list[Block]) -> dict[str, Any]:
    place, rest = _place(text, world, built)
    kind = _kind(rest)
    colours = _colours(rest)
    sizes = [_words().numbers.index(word) for word in re.findall(rf"\b(?:{_number_words()})\b", rest)]
    wanted = len(KINDS[kind].sizes)
    sizes = sizes[:1] if kind == "pyramid" else sizes[:wanted]
    question = ("What colour should it be?" if not colours else "How big should it be?" if len(sizes) < wanted
                else "Where should I put it?" if place is None else None)
    if question or place is None:
        return {"add": [], "remove": [], "confidence": 0.5, "question": question}
    directions = _directions(rest)[:len(KINDS[kind].directions[0])]
    try:
        cells = offsets(kind, tuple(sizes), tuple(directions))
    except (KeyError, TypeError, IndexError):
        return {"add": [], "remove": [], "confidence": 0.2, "question": "Which way should it go?"}
    x, y, z = place
    layer = colours if kind == "stack" else colours[:1]
    blocks = [[x + dx, y + dy, z + dz, layer[min(dy, len(layer) - 1)] if kind == "stack" else layer[0]]
              for dx, dy, dz in cells]
    return {"add": blocks, "remove": [], "confidence": 1.0}


def _place(text: str, world: list[Block], built: list[Block]) -> tuple[tuple[int, int, int] | None, str]:
    """Where the part's anchor goes, and the text without the words saying it."""
    match = _place_pattern().search(text)
    if match is None:
        return None, text
    rest = text[:match.start()] + text[match.end():]
    legs = [(_words().numbers.index(count), toward) for count, toward in
            re.findall(rf"({_number_words()}) steps? to the (\w+)", match.group(0))]
    if match.group("ref") is None:
        x, z = _walked(*_landmark(match.group("landmark")), legs)
        return (x, 0, z), rest
    blocks = _named(match.group("ref"), world, built)
    if not blocks:
        return None, rest
    if match.group("how") == "on top of":
        x, _, z = blocks[-1][:3]
        return (x, 1 + max(b[1] for b in world if b[0] == x and b[2] == z), z), rest
    x, z = _walked(blocks[0][0], blocks[0][2], legs)
    return (x, 0, z), rest


def _walked(x: int, z: int, legs: Iterable[tuple[int, str]]) -> tuple[int, int]:
    for count, toward in legs:
        dx, dz = _step(toward)
        x, z = x + count * dx, z + count * dz
    return x, z


def _named(ref: str, world: list[Block], built: list[Block]) -> list[Block]:
    """The blocks of the part a reference names, its column's base first: the last part built for "it", else the
    tallest column of the world in the colour said (of any colour when none is)."""
    if ref in ("it", "that one"):
        return sorted(built, key=lambda block: block[1])
    colour = next((word for word in ref.split() if word in COLOURS), None)
    columns: dict[tuple[int, int], list[Block]] = {}
    for block in world:
        if colour is None or block[3] == colour:
            columns.setdefault((block[0], block[2]), []).append(block)
    if not columns:
        return []
    tallest = max(columns.values(), key=lambda blocks: len(blocks))
    return sorted(tallest, key=lambda block: block[1])


def _kind(text: str) -> str:
    lowered = text.lower()  # an instruction may open a sentence with the phrase ("Cover a patch ...")
    for phrase, kind in _PHRASED:
        if phrase in lowered:
            return kind
    # the noun said first names the part ("a line of four blocks going west, its first block ...")
    found = [(match.start(), -len(noun), kind) for kind, names in _words().nouns.items() for noun in names
             for match in [re.search(rf"\b{re.escape(noun)}\b", text)] if match]
    return min(found)[2] if found else "block"


def _colours(text: str) -> list[str]:
    return re.findall(rf"\b({'|'.join(COLOURS)})\b", text)


def _directions(text: str) -> list[str]:
    return [SIDES.get(word, word) for word in _DIRECTION.findall(_FIXED.sub(" ", text))]


def _step(direction: str) -> tuple[int, int]:
    direction = SIDES.get(direction, direction)
    return COMPASS[direction] if direction in COMPASS else DIAGONALS[direction]


def _landmark(name: str) -> tuple[int, int]:
    return next((mark.x, mark.z) for mark in _words().landmarks if name in mark.names)


@cache
def _number_words() -> str:
    return "|".join(sorted(_words().numbers, key=len, reverse=True))


@cache
def _place_pattern() -> re.Pattern[str]:
    names = "|".join(sorted((re.escape(n) for mark in _words().landmarks for n in mark.names), key=len, reverse=True))
    leg = rf"(?:{_number_words()}) steps? to the \w+"
    nouns = "|".join(sorted((re.escape(n) for names_ in _words().nouns.values() for n in names_), key=len,
                            reverse=True))
    ref = rf"it|that one|the (?:(?:{'|'.join(COLOURS)}) )?(?:{nouns})"
    return re.compile(rf"(?:(?:{leg})(?: and {leg})? (?:of|from) |(?:right )?at )(?P<landmark>{names})"
                      rf"|(?P<how>on top of|on the ground (?:{leg}) of) (?P<ref>{ref})")


def main(argv: Sequence[str]) -> None:
    """Answer each prompt of the file ``argv[0]`` (`scenegen export --as chat`), one reply line each on stdout."""
    with open(argv[0], encoding="utf-8") as prompts:
        for line in prompts:
            prompt = json.loads(line)
            sys.stdout.write(json.dumps({"id": prompt["id"], "reply": reply(prompt["messages"])}) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
