"""LOCATION nodes: "next to the tree", "5 steps forward", "at (1, 2, 3)", "there".

Templates come from ``phrases.yaml`` grouped by location type and relative
direction. A location at nesting level 0 belongs to an action (or a memory
filter), level 1 to a reference object, level 2 to a reference object inside
another one's location -- which, by the grammar, names no further object.
Each use (place, motion, dance) says the phrases that fit it, and a phrase's
object is drawn from the nouns that fit the phrase ("inside the barn", never
"inside that sunflower").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenegen.families.caip.config import Settings
from scenegen.families.caip.lexicon import LexiconError, Piece, Slot, Template, needs_words, slot_names, template
from scenegen.families.caip.nouns import NounPhrases
from scenegen.families.caip.numbers import Numbers
from scenegen.families.caip.say import Node, Say

_SLOTS = frozenset({"ref", "refs", "steps", "coords", "coref"})
_NEEDS = {"ref": "REFERENCE_OBJECT", "refs": "REFERENCE_OBJECT", "coords": "COORDINATES"}
# (relative direction, template, the words that say it, the noun phrase kind of its {ref})
Choice = tuple[str | None, Template, Piece | None, str]
# (noun phrase kind, the location phrases whose {ref} it names, the uses it holds for: None, all)
Narrowed = tuple[str, frozenset[str], frozenset[str] | None]


class Places:
    """Says locations."""

    def __init__(self, phrases: Mapping[str, Any], settings: Settings, numbers: Numbers, nouns: NounPhrases) -> None:
        self.settings, self.numbers, self.nouns = settings, numbers, nouns
        self.steps_factor = {key: float(factor) for key, factor in phrases["steps_factor"].items()}
        locations = phrases["locations"]
        texts = {text for spec in locations.values() for by_direction in spec.values()
                 for entries in by_direction.values() for text in entries}
        objects = self._objects(phrases["location_objects"], texts)
        self.pools: dict[tuple[str, str, bool], tuple[Choice, ...]] = {}
        for use, skipped in {"place": [], **phrases["not_said"]}.items():
            unknown = sorted(set(skipped) - texts)
            if unknown:
                raise LexiconError(f"phrases.not_said.{use}: {unknown} are not place phrases")
            # the noun phrase kind of each phrase's {ref}, where the use narrows it
            narrowed = {text: kind for kind, phrases_, uses in objects if uses is None or use in uses
                        for text in phrases_}
            self._pool(use, locations, narrowed, frozenset(skipped))
        self.uses = frozenset(key[0] for key in self.pools)
        unknown = sorted({use for _, _, uses in objects for use in uses or ()} - self.uses)
        if unknown:
            raise LexiconError(f"phrases.location_objects: uses {unknown} are none of {sorted(self.uses)}")

    def _pool(self, use: str, locations: Mapping[str, Any], objects: Mapping[str, str], skipped: frozenset[str]
              ) -> None:
        """Pool the phrases ``use`` (an action's `location` in actions.yaml) says: those of its own list under
        `locations`, if any (motion: "to the house"), and the place phrases bar ``skipped``; ``objects``: the
        noun phrase kind of a phrase's {ref}, where not any reference object."""
        sources = [self._compile(locations[use], f"phrases.locations.{use}", objects)] if use != "place" and \
            use in locations else []
        sources.append(self._compile(locations["place"], "phrases.locations.place", objects, skip=skipped))
        for key in {key for source in sources for key in source}:
            self.pools[(use, *key)] = tuple(choice for source in sources for choice in source.get(key, ()))
        # every location type the config may draw must stay sayable
        missing = sorted(set(locations["place"]) - {key[1] for key in self.pools if key[0] == use})
        if missing:
            raise LexiconError(f"phrases.not_said.{use}: leaves no phrase of {missing}")

    def _objects(self, spec: Mapping[str, Any], texts: set[str]) -> list[Narrowed]:
        """The phrases location_objects narrows, each entry as (the noun phrase kind its {ref} is said with, its
        phrases, the uses it holds for or None for all): "inside {ref}" names what one can be inside of."""
        objects = []
        for name, entry in spec.items():
            where = f"phrases.location_objects.{name}"
            unknown = sorted(set(entry["phrases"]) - texts)
            if unknown:
                raise LexiconError(f"{where}: {unknown} are not location phrases")
            unfit = frozenset(entry.get("except", ()))
            kind = self.nouns.with_names("reference_object", entry["objects"], where, unfit)
            objects.append((kind, frozenset(entry["phrases"]), frozenset(entry["uses"]) if "uses" in entry else None))
        return objects

    @staticmethod
    def _compile(spec: Mapping[str, Any], where: str, objects: Mapping[str, str], skip: frozenset[str] = frozenset()
                 ) -> dict[tuple[str, bool], list[Choice]]:
        """The templates of ``spec`` by (location type, counts steps), bar those in ``skip``; ``objects``: the
        noun phrase kind of a phrase's {ref}, where not any reference object."""
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
                    choice = (None if direction == "NONE" else direction, compiled, said,
                              objects.get(text, "reference_object"))
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
        direction, parts, said, objects = draws.pick(pool)
        node: Node = {"location_type": location_type}
        parent["location"] = node
        if direction is not None:
            assert said is not None, "_compile gives every relative direction its words"
            say.mark(node, "relative_direction", direction, said)
        for part in parts:
            if type(part) is Piece:
                say.word(part)
            else:
                self._slot(say, node, part, level, objects)
        return True

    def _slot(self, say: Say, node: Node, slot: Slot, level: int, objects: str) -> None:
        name = slot.name
        if name == "ref" or name == "refs":
            child: Node = {}
            node["reference_object"] = child
            self.nouns.reference(say, child, level, objects, "definite" if name == "ref" else "plural",
                                 in_location=True)
        elif name == "steps":
            say.fill(node, "steps", self.numbers.measure(say.draws))
            say.features.add("steps")
        elif name == "coords":
            say.fill(node, "coordinates", self.numbers.coordinates(say.draws))
        else:  # coref
            assert slot.piece is not None, "_compile gives every {coref} its words"
            self.nouns.coreference(say, node, slot.piece)

