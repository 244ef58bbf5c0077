"""The command being said, and the spans its words fill.

Builders say a command left to right into one :class:`Say`. A span is made by
:meth:`Say.fill`: the words go on the end of the command and the span points at
exactly them, so a span can never drift from its words. Each fill is also noted
(node, key, words) so tests can check spans against the words the generator
chose without trusting the arithmetic that placed them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scenegen.families.caip.lexicon import Piece
from scenegen.plugin.draws import Draws

Node = dict[str, Any]


class Say:
    """One record's command: its text pieces, tokens, and what filled which span."""

    __slots__ = ("draws", "features", "fills", "marks", "misspell", "texts", "tokens")

    def __init__(self, draws: Draws, misspell: Callable[[Draws], bool] | None = None) -> None:
        self.draws = draws
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
        self.texts.append(piece.text)
        self.tokens.extend(piece.tokens)

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
        self.marks.append((node, key, piece.tokens))

    def text(self) -> str:
        return "".join(self.texts).lstrip()
