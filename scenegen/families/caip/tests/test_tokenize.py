"""The Appendix A tokenizer: the paper's own examples, spaCy's clitics, and chunk locality."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scenegen.families.caip.tokenize import tokenize
from tests.examples import examples

from .support import appendix_d

EXAMPLES = {
    # Appendix A: "make a 5x5 hole" was post-processed to "make a 5 x 5 hole" ...
    "make a 5x5 hole": ["make", "a", "5", "x", "5", "hole"],
    # ... and "go to (1,2,3)" split around its brackets and commas.
    "go to (1,2,3)": ["go", "to", "(", "1", ",", "2", ",", "3", ")"],
    "go to (-10, 64, 3)": ["go", "to", "(", "-10", ",", "64", ",", "3", ")"],
    "dig a 5x5x3 hole": ["dig", "a", "5", "x", "5", "x", "3", "hole"],
    "dig a 5X5 hole": ["dig", "a", "5", "X", "5", "hole"],  # split as written (hypothesis found "0X0" -> "0x0")
    "build a 10 by 4 wall": ["build", "a", "10", "by", "4", "wall"],
    # spaCy's clitics, as in Appendix D's "ca n't", "let 's", "that 's"
    "move to the right until you can't anymore": ["move", "to", "the", "right", "until", "you", "ca", "n't", "anymore"],
    "let's resume our mission": ["let", "'s", "resume", "our", "mission"],
    "destroy the building that's in front of you": ["destroy", "the", "building", "that", "'s", "in", "front", "of",
                                                   "you"],
    "i'm here and you'll see": ["i", "'m", "here", "and", "you", "'ll", "see"],
    "don't stop": ["do", "n't", "stop"],
    "you cannot go": ["you", "can", "not", "go"],
    "bob's house": ["bob", "'s", "house"],
    # punctuation at the end of a word or a sentence
    "build a house.": ["build", "a", "house", "."],
    "stop! now": ["stop", "!", "now"],
    "can you dig a hole?": ["can", "you", "dig", "a", "hole", "?"],
    "hey bot, build it": ["hey", "bot", ",", "build", "it"],
    "make it 26.": ["make", "it", "26", "."],
    # a point inside a number, and an x that is a word, stay
    "walk 2.5 blocks": ["walk", "2.5", "blocks"],
    "x 5 y 6 z 7": ["x", "5", "y", "6", "z", "7"],
    "build a box": ["build", "a", "box"],
}


@pytest.mark.parametrize("text", EXAMPLES)
def test_examples(text):
    assert tokenize(text) == EXAMPLES[text]


def test_appendix_d_text_is_already_tokenized():
    """The paper prints tokenized text; tokenizing it again changes nothing."""
    for example in appendix_d()["examples"]:
        assert tokenize(example["text"]) == example["text"].split(), example["text"]


chunks = st.text(alphabet="ab5x9.,()'!? ", min_size=1, max_size=12)


@settings(max_examples=examples(300), deadline=None)
@given(chunks, chunks)
def test_chunks_tokenize_apart(left, right):
    """The generator tokenizes its words once and joins them: that needs this to hold."""
    assert tokenize(left + " " + right) == tokenize(left) + tokenize(right)


@settings(max_examples=examples(200), deadline=None)
@given(st.text(min_size=0, max_size=40))
def test_tokens_are_words(text):
    tokens = tokenize(text)
    assert all(token and not any(c.isspace() for c in token) for token in tokens)
    assert "".join(tokens) == "".join(text.split())
