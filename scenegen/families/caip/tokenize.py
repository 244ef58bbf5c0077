"""Split a command into words the way the CAIP data was (Appendix A of the paper).

The annotators' text was post-processed by "inserting spaces between any special
character (brackets, ",", "x") followed by alphanumeric character" -- so
``make a 5x5 hole`` became ``make a 5 x 5 hole`` -- and then tokenized with spaCy,
which also splits clitics (``can't`` -> ``ca n't``, ``let's`` -> ``let 's``) and
trailing punctuation. This module does the same without spaCy.

Every rule looks only inside one whitespace-separated chunk, so tokenizing
``a + " " + b`` gives ``tokenize(a) + tokenize(b)``: the generator relies on that
to tokenize its lexicons once and concatenate the results.
"""

from __future__ import annotations

import re

# Brackets, commas and the other marks that are always words of their own.
_SPECIAL = "()[]{},;:!?\""
_SPACED = str.maketrans({mark: f" {mark} " for mark in _SPECIAL})
# "5x5" -> "5 x 5" (a dimension), also "5x5x3".
_TIMES = re.compile(r"(?<=\d)[xX](?=\d)")
# spaCy's English clitics, split off the end of a word.
_CLITIC = re.compile(r"^(.+?)(n't|'s|'re|'m|'ll|'ve|'d)$", re.IGNORECASE)
_SPECIAL_WORDS = {"cannot": ("can", "not"), "can't": ("ca", "n't"), "won't": ("wo", "n't")}
# Full stops ending a word ("house." -> "house ."); a point inside a number ("2.5") stays.
_FINAL_STOP = re.compile(r"^(.*[^.])(\.+)$")


def tokenize(text: str) -> list[str]:
    """The words of ``text`` as the CAIP annotators saw them."""
    spaced = text.translate(_SPACED)
    if "x" in spaced or "X" in spaced:
        spaced = _TIMES.sub(r" \g<0> ", spaced)  # the x as written: an "X" stays one
    tokens: list[str] = []
    for chunk in spaced.split():
        if "'" in chunk or chunk[-1] == "." or (len(chunk) == 6 and chunk.lower() == "cannot"):
            tokens.extend(_split_chunk(chunk))
        else:
            tokens.append(chunk)
    return tokens


def _split_chunk(chunk: str) -> tuple[str, ...]:
    stop = _FINAL_STOP.match(chunk)
    if stop:
        return (*_split_chunk(stop.group(1)), stop.group(2))
    special = _SPECIAL_WORDS.get(chunk.lower())
    if special:
        return special if chunk.islower() else (chunk[: len(special[0])], chunk[len(special[0]) :])
    clitic = _CLITIC.match(chunk)
    if clitic:
        return clitic.group(1), clitic.group(2)
    return (chunk,)
