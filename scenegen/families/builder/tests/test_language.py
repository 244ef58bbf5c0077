"""The breadth of the architect's language (issue 38): at least 1,000 word types, and no template shape covering
more than 1% of instructions.

A *template shape* is an instruction with its numbers, colours, directions (compass, left and right) and landmark
names replaced by placeholders: what is left is the wording a reader has to cope with, whatever it places where.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from scenegen.factory.config_file import read_config
from scenegen.plugin.discovery import bundled_templates

from .support import COLOURS, LANDMARKS, NUMBERS, build, records

#: Where the figures are measured: dialogues of the bundled training config, builder.yaml (every kind, placement
#: and habit).
DIALOGUES = 3000
MIN_WORD_TYPES = 1000
MAX_SHAPE_SHARE = 0.01

_PLACEHOLDERS = (
    ("LANDMARK", sorted(LANDMARKS, key=len, reverse=True)),
    ("DIRECTION", ["north east", "north west", "south east", "south west", "north", "south", "east", "west",
                   "left", "right"]),
    ("COLOUR", list(COLOURS)),
    ("NUMBER", list(NUMBERS)),
)
_SHAPE = [(name, re.compile(r"\b(?:{})\b".format("|".join(map(re.escape, words))), re.IGNORECASE))
          for name, words in _PLACEHOLDERS]
_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")


def template_shape(instruction: str) -> str:
    """``instruction`` with its landmark names, directions, colours and numbers replaced by placeholders."""
    for name, pattern in _SHAPE:
        instruction = pattern.sub(name, instruction)
    return instruction


def language_figures(instructions: list[str]) -> tuple[int, float, str]:
    """Word types (lower-cased), the largest template shape's share of ``instructions``, and that shape."""
    words = {word for text in instructions for word in _WORD.findall(text.lower())}
    shape, count = Counter(map(template_shape, instructions)).most_common(1)[0]
    return len(words), count / len(instructions), shape


def instructions(n: int = DIALOGUES) -> list[str]:
    config = read_config(bundled_templates()["builder.yaml"])
    family = build({key: value for key, value in config.items() if key != "family"})
    return [turn["instruction"] for record in records(family, n, seed=38) for turn in record["turns"]]


@pytest.mark.statistical
def test_the_architect_uses_many_words_and_no_wording_dominates():
    types, share, shape = language_figures(instructions())
    assert types >= MIN_WORD_TYPES, types
    assert share <= MAX_SHAPE_SHARE, (share, shape)


def test_a_template_shape_hides_what_is_placed_where():
    assert (template_shape("Now put two red blocks three steps to the left of the most north west corner")
            == "Now put NUMBER COLOUR blocks NUMBER steps to the DIRECTION of LANDMARK")
