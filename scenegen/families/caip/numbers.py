"""Numbers as a player types them: counts, measures, dimensions ("5x5") and coordinates."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenegen.families.caip.config import Settings
from scenegen.families.caip.lexicon import LexiconError, Piece, filler, piece
from scenegen.families.caip.tokenize import tokenize
from scenegen.plugin.draws import Draws

# Stand-ins for the numbers of a format, tokenized once: being digits, they split
# exactly as the real numbers will ("9001x9002" -> 9001 x 9002).
_STAND_INS = {"a": "9001", "b": "9002", "c": "9003", "x": "9001", "y": "9002", "z": "9003"}


class _Format:
    """A way of writing several numbers, e.g. "({x}, {y}, {z})" or "{a}x{b}"."""

    __slots__ = ("digits", "names", "text", "tokens")

    def __init__(self, text: str, names: str, digits: bool, where: str) -> None:
        self.text, self.names, self.digits = text, names, digits
        try:
            stand_in = text.format(**{name: _STAND_INS[name] for name in names})
        except KeyError as missing:
            raise LexiconError(f"{where}: {text!r} uses an unknown number {missing}") from None
        index = {_STAND_INS[name]: i for i, name in enumerate(names)}
        # each token is either literal text or the index of a number
        self.tokens = tuple(index.get(token, token) for token in tokenize(stand_in))

    def say(self, values: list[Piece]) -> Piece:
        surface = self.text.format(**{name: value.text[1:] for name, value in zip(self.names, values, strict=False)})
        tokens = tuple(values[t].tokens[0] if isinstance(t, int) else t for t in self.tokens)
        return Piece(" " + surface, tokens, values[0].an if type(self.tokens[0]) is int else False)


class Numbers:
    """Draws numbers, writing them as words for a share of the small ones."""

    def __init__(self, phrases: Mapping[str, Any], lexicon: Mapping[str, Any], settings: Settings) -> None:
        ranges = phrases["numbers"]
        self._words = tuple(
            filler(word, f"lexicon.number_words[{i}]") for i, word in enumerate(lexicon["number_words"])
        )
        self._times_words = tuple(filler(word, "lexicon.times_words") for word in lexicon["times_words"])
        low = min(ranges["coordinate"][0], 0)
        high = max(max(r[1] for r in ranges.values()), ranges["coordinate"][1])
        self._digits_from = low
        self._digits = tuple(piece(str(n)) for n in range(low, high + 1))
        self.count_range: tuple[int, int] = tuple(ranges["count"])
        self.count_many_range: tuple[int, int] = tuple(ranges["count_many"])
        self.many_counts = float(phrases["many_counts"])
        self.few_range: tuple[int, int] = tuple(ranges["few"])
        self.measure_range: tuple[int, int] = tuple(ranges["measure"])
        self.minutes_range: tuple[int, int] = tuple(ranges["minutes"])
        self.coordinate_range: tuple[int, int] = tuple(ranges["coordinate"])
        self._use_words = settings.count_words
        self._dimensions = tuple(
            _Format(entry["text"], "abc"[: entry["text"].count("{")], bool(entry.get("digits")),
                    f"phrases.dimensions[{i}]")
            for i, entry in enumerate(phrases["dimensions"])
        )
        self._coordinates = tuple(
            _Format(text, "xyz", True, f"phrases.coordinates[{i}]") for i, text in enumerate(phrases["coordinates"])
        )

    def digits(self, n: int) -> Piece:
        return self._digits[n - self._digits_from]

    def _number(self, draws: Draws, low: int, high: int, words: bool = True) -> Piece:
        if words and self._use_words(draws):
            n = low + draws.below(min(high, len(self._words) - 1) - low + 1)
            return self._words[n]
        return self.digits(low + draws.below(high - low + 1))

    def count(self, draws: Draws) -> Piece:
        """A repeat count: mostly a few, as words or digits; for the many_counts share many, as digits."""
        if draws.chance(self.many_counts):
            low, high = self.count_many_range
            return self.digits(low + draws.below(high - low + 1))
        return self._number(draws, *self.count_range)

    def few(self, draws: Draws) -> Piece:
        """A count of times people repeat a move or a dance ("3 times", "five times"), as words or digits."""
        return self._number(draws, *self.few_range)

    def times_word(self, draws: Draws) -> Piece:
        return draws.pick(self._times_words)

    def measure(self, draws: Draws) -> Piece:
        return self._number(draws, *self.measure_range)

    def minutes(self, draws: Draws) -> Piece:
        return self._number(draws, *self.minutes_range)

    def dimension(self, draws: Draws) -> Piece:
        form = draws.pick(self._dimensions)
        words = not form.digits and self._use_words(draws)
        values = [self._number(draws, *self.measure_range, words=words) for _ in form.names]
        return form.say(values)

    def coordinates(self, draws: Draws) -> Piece:
        form = draws.pick(self._coordinates)
        low, high = self.coordinate_range
        return form.say([self.digits(low + draws.below(high - low + 1)) for _ in form.names])
