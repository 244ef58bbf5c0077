"""LOCATION nodes: "next to the tree", "5 steps forward", "at (1, 2, 3)", "there".

Templates come from ``phrases.yaml`` grouped by location type and relative
direction. A location at nesting level 0 belongs to an action (or a memory
filter), level 1 to a reference object, level 2 to a reference object inside
another one's location -- which, by the grammar, names no further object.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .config import Settings
from .lexicon import LexiconError, Piece, Slot, Template, needs_words, slot_names, template
from .nouns import NounPhrases
from .numbers import Numbers
from .say import Node, Say

_SLOTS = frozenset({"ref", "refs", "steps", "coords", "coref"})
_NEEDS = {"ref": "REFERENCE_OBJECT", "refs": "REFERENCE_OBJECT", "coords": "COORDINATES"}
Choice = tuple[str | None, Template, Piece | None]  # (relative direction, template, the words that say it)


class Places:
    """Says locations."""

    def __init__(self, phrases: Mapping[str, Any], settings: Settings, numbers: Numbers, nouns: NounPhrases) -> None:
        self.settings, self.numbers, self.nouns = settings, numbers, nouns
        self.steps_factor = {key: float(factor) for key, factor in phrases["steps_factor"].items()}
        place = phrases["locations"]["place"]
        # motion commands may also use the place phrases, bar those that say where something is, not where to go
        not_motion = frozenset(phrases["not_motion"])
        unknown = sorted(not_motion - {text for by_direction in place.values() for texts in by_direction.values()
                                       for text in texts})
        if unknown:
            raise LexiconError(f"phrases.not_motion: {unknown} are not place phrases")
        compiled = {
            "place": self._compile(place, "phrases.locations.place"),
            "motion": self._compile(phrases["locations"]["motion"], "phrases.locations.motion"),
            "place for motion": self._compile(place, "phrases.locations.place", skip=not_motion),
        }
        self.pools: dict[tuple[str, str, bool], tuple[Choice, ...]] = {}
        for use, sources in (("place", ("place",)), ("motion", ("motion", "place for motion"))):
            for location_type in {key[0] for source in sources for key in compiled[source]}:
                for steps in (False, True):
                    pool = tuple(c for source in sources for c in compiled[source].get((location_type, steps), ()))
                    if pool:
                        self.pools[use, location_type, steps] = pool

    @staticmethod
    def _compile(spec: Mapping[str, Any], where: str, skip: frozenset[str] = frozenset()
                 ) -> dict[tuple[str, bool], list[Choice]]:
        """The templates of ``spec`` by (location type, counts steps), bar those in ``skip``."""
        out: dict[tuple[str, bool], list[Choice]] = {}
        for location_type, by_direction in spec.items():
            for direction, texts in by_direction.items():
                for i, text in enumerate(texts):
                    if text in skip:
                        continue
                    here = f"{where}.{location_type}.{direction}[{i}]"
                    compiled = template(text, _SLOTS, here)
                    needs_words(compiled, "coref", here)
                    names = slot_names(compiled)
                    for name in names:
                        if name in _NEEDS and _NEEDS[name] != location_type:
                            raise LexiconError(f"{here}: {{{name}}} only belongs to {_NEEDS[name]} locations")
                    said = next((part for part in compiled if isinstance(part, Piece)), None)
                    if said is None and direction != "NONE":
                        raise LexiconError(f"{here}: a relative direction needs words that say it")
                    choice = (None if direction == "NONE" else direction, compiled, said)
                    out.setdefault((location_type, "steps" in names), []).append(choice)
        return out

    def possible(self, level: int) -> bool:
        """Whether a location can be said at nesting ``level`` with the configured location types."""
        return level < 2 or self.settings.terminal_location_type is not None

    def location(self, say: Say, parent: Node, level: int, use: str) -> bool:
        """Say a location and attach it as ``parent["location"]``; False if none can be said here."""
        draws, settings = say.draws, self.settings
        draw_type = settings.location_type if level < 2 else settings.terminal_location_type
        if draw_type is None:
            return False
        location_type = draw_type(draws)
        steps = settings.steps(draws, self.steps_factor.get(location_type, 1.0))
        pool = self.pools.get((use, location_type, steps)) or self.pools[use, location_type, not steps]
        direction, parts, said = draws.pick(pool)
        node: Node = {"location_type": location_type}
        parent["location"] = node
        if direction is not None:
            assert said is not None, "_compile gives every relative direction its words"
            say.mark(node, "relative_direction", direction, said)
        for part in parts:
            if type(part) is Piece:
                say.word(part)
            else:
                self._slot(say, node, part, level)
        return True

    def _slot(self, say: Say, node: Node, slot: Slot, level: int) -> None:
        name = slot.name
        if name == "ref" or name == "refs":
            child: Node = {}
            node["reference_object"] = child
            self.nouns.reference(say, child, level, form="definite" if name == "ref" else "plural", in_location=True)
        elif name == "steps":
            say.fill(node, "steps", self.numbers.measure(say.draws))
            say.features.add("steps")
        elif name == "coords":
            say.fill(node, "coordinates", self.numbers.coordinates(say.draws))
        else:  # coref
            assert slot.piece is not None, "_compile gives every {coref} its words"
            self.nouns.coreference(say, node, slot.piece)

