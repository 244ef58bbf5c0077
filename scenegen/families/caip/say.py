"""The command being said, and the spans its words fill.

Builders say a command left to right into one :class:`Say`. A span is made by
:meth:`Say.fill`: the words go on the end of the command and the span points at
exactly them, so a span can never drift from its words. Each fill is also noted
(node, key, words) so tests can check spans against the words the generator
chose without trusting the arithmetic that placed them. Unless commas are kept,
the words around the spans ("hey bot ,", ", please") are said without theirs,
as the paper's preprocessed human commands are.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from scenegen.families.caip.lexicon import Piece
from scenegen.families.caip.lexicon import piece as typed_piece
from scenegen.plugin.draws import Draws

Node = dict[str, Any]


class Say:
    """One record's command: its text pieces, tokens, and what filled which span."""

    __slots__ = ("commas", "draws", "features", "fills", "marks", "misspell", "texts", "tokens")

    def __init__(self, draws: Draws, misspell: Callable[[Draws], bool] | None = None, commas: bool = True) -> None:
        self.draws = draws
        #: whether words no span points at keep their commas
        self.commas = commas
        #: a coin: whether a word with typos is typed misspelt (never, without one)
        self.misspell = misspell
        self.texts: list[str] = []
        self.tokens: list[str] = []
        #: (node, key, words): node[key] is the span of ``words``
        self.fills: list[tuple[Node, str, tuple[str, ...]]] = []
        #: (node, key, words): the categorical node[key] was said as ``words``
        self.marks: list[tuple[Node, str, tuple[str, ...]]] = []
        #: the optional features this record uses (reported in the sample's params)
        self.features: set[str] = set()

    def _typed(self, piece: Piece) -> Piece:
        """``piece`` as typed: one of its misspellings, for the misspell share."""
        if piece.typos and self.misspell is not None and self.misspell(self.draws):
            return self.draws.pick(piece.typos)
        return piece

    def word(self, piece: Piece) -> None:
        """Say ``piece`` (words no span points at)."""
        if piece.typos:
            piece = self._typed(piece)
        said = self._punctuated(piece)
        if said is not None:
            self.texts.append(said.text)
            self.tokens.extend(said.tokens)

    def fill(self, node: Node, key: str, piece: Piece) -> None:
        """Say ``piece`` and make ``node[key]`` the span of its words."""
        if piece.typos:
            piece = self._typed(piece)
        start = len(self.tokens)
        self.texts.append(piece.text)
        self.tokens.extend(piece.tokens)
        node[key] = [0, [start, len(self.tokens) - 1]]
        self.fills.append((node, key, piece.tokens))

    def mark(self, node: Node, key: str, value: str, piece: Piece) -> None:
        """Set the categorical ``node[key]`` to ``value``, said by ``piece``'s words (already said)."""
        node[key] = value
        self.marks.append((node, key, (self._punctuated(piece) or piece).tokens))

    def _punctuated(self, piece: Piece) -> Piece | None:
        """``piece`` as said: without its commas unless they are kept (None if nothing is left)."""
        if self.commas or "," not in piece.tokens:
            return piece
        return _without_commas(piece.text)

    def capitalize(self) -> None:
        """Type the command's first letter as a capital ("Build a house"), unless a span starts at its first word
        (a span's words are the lexicon's own)."""
        if not self.tokens or any(node[key][1][0] == 0 for node, key, _ in self.fills):
            return
        first = self.texts[0].lstrip()
        self.texts[0] = first[:1].upper() + first[1:]
        self.tokens[0] = self.tokens[0][:1].upper() + self.tokens[0][1:]

    def text(self) -> str:
        return "".join(self.texts).lstrip()


@lru_cache(maxsize=1024)
def _without_commas(text: str) -> Piece | None:
    """The words of ``text`` without its commas ("hey bot," -> "hey bot"); None if nothing is left."""
    kept = " ".join(text.replace(",", " ").split())
    return typed_piece(kept) if kept else None
