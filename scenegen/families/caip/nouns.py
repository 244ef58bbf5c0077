"""Noun phrases: SCHEMATIC and REF_OBJECT nodes said as "a big red house", "those towers".

Attributes follow ``phrases.yaml``: adjectives go before the noun in rank order
("a 5x5 big red stone house"), other attributes after it ("made of stone",
"10 blocks tall"). Each attribute value, the noun, counts and coreference words
are spans; determiners and the literal words of templates are not. The words
around a noun agree with its number: "those crops", "the towers that are on
fire", "build stairs" (never "a stairs").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Protocol

from scenegen.families.caip.config import Settings
from scenegen.families.caip.lexicon import (
    LexiconError,
    NounPair,
    Numbered,
    Piece,
    Slot,
    misspelt_nouns,
    nouns,
    numbered,
    piece,
    template,
    words,
)
from scenegen.families.caip.numbers import Numbers
from scenegen.families.caip.say import Node, Say
from scenegen.plugin.draws import Draws, weighted_index


class Locations(Protocol):
    """What a noun phrase asks of the location phrases (:class:`scenegen.families.caip.places.Places`): whether one
    can be said ``level`` deep, and to say one under ``parent``."""

    def possible(self, level: int) -> bool: ...

    def location(self, say: Say, parent: Node, level: int, use: str) -> bool: ...

Fill = Callable[[Draws], Piece]


@dataclass(frozen=True, slots=True)
class Realization:
    """One way of saying an attribute: before or after the noun, between literal words."""

    pre: bool
    rank: int
    before: Piece | None
    after: Piece | None
    fill: Fill
    numeric: bool  # a number ("5 block tall", "5x5"): not said right after a count ("nine eighteen block deep")
    painted: bool = False  # says the thing was painted ("painted gray"): not of a tree or a creature


@dataclass(frozen=True, slots=True)
class Attribute:
    key: str
    realizations: tuple[Realization, ...]
    choose: Callable[[Draws], int]


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of noun phrase: where its nouns come from and how it may be described."""

    names: tuple[NounPair, ...]
    tags: tuple[Numbered, ...]  # after a singular noun, after a plural ("that is on fire", "that are on fire")
    attributes: tuple[Attribute, ...]
    choose: Callable[[Draws], int]  # an attribute, by the kind's weights
    placed: bool = True  # whether it may have a location of its own ("the tree next to the house")
    phrase: str = ""  # the noun phrase of phrases.yaml it is (one of a verb class or a composite keeps its own)


class NounPhrases:
    """Says schematics and reference objects."""

    places: Locations  # set by the grammar once both exist (they refer to each other)

    def __init__(self, data: Any, settings: Settings, numbers: Numbers) -> None:
        self.settings = settings
        self.numbers = numbers
        lexicon, phrases = data.lexicon, data.phrases
        self.lexicon = lexicon
        self._lists: dict[str, tuple[NounPair, ...]] = {}
        self._mass = frozenset(lexicon["mass_nouns"])
        # the nouns nobody paints (lexicon.yaml unpainted): "the gray mangrove tree", never "... painted gray"
        self.unpainted = frozenset(pair[0].text for source in lexicon["unpainted"] for pair in self._nouns(source))
        fills: dict[str, Fill] = {"measure": numbers.measure, "dimensions": numbers.dimension}
        self.kinds = {
            name: replace(self._kind(spec, lexicon, fills, f"phrases.noun_phrases.{name}"), phrase=name)
            for name, spec in phrases["noun_phrases"].items()
        }
        dets = phrases["determiners"]
        where = "phrases.determiners"
        self.a, self.an, self.the = piece("a"), piece("an"), piece("the")
        numbers_ = ((False, "singular"), (True, "plural"))
        self.coref = {plural: words(dets["coreference"][key], where) for plural, key in numbers_}
        self.pronouns = words(dets["pronouns"], where)
        # after a phrasal verb's particle a bare pronoun is not "it" ("take out that one", never "take out it")
        self.pronouns_after_particle = words(dets["pronouns_after_particle"], where)
        self.all = {plural: words(dets["all"][key], where, span=False) for plural, key in numbers_}
        self.counted = tuple(template(text, frozenset({"count"}), where) for text in dets["counted"])
        self.spawn = tuple(piece(text) if text else None for text in dets["spawn"])
        # "the tree that is next to the house", "the trees that are ..."; empty entries: no lead words
        leads = phrases["reference_location_leads"]
        said = numbered([lead for lead in leads if lead], "phrases.reference_location_leads", span=False)
        self.leads: tuple[Numbered | None, ...] = said + (None,) * (len(leads) - len(said))
        self.directions = {
            direction: tuple(piece(text) for text in texts)
            for direction, texts in phrases["repeats"]["directions"].items()
        }
        self.direction_names = tuple(self.directions)

    def _kind(self, spec: Mapping[str, Any], lexicon: Mapping[str, Any], fills: dict[str, Fill], where: str) -> Kind:
        names = tuple(pair for source in spec["names"] for pair in self._nouns(source))
        tags = self._tags([spec["tags"]]) if spec.get("tags") else ()
        attributes = []
        switched_off = () if self.settings.reference_block_type else spec.get("with_reference_block_type", ())
        for key, realizations in spec["attributes"].items():
            if key in switched_off:
                continue
            compiled = tuple(self._realization(r, lexicon, fills, f"{where}.{key}") for r in realizations)
            choose = weighted_index([float(r.get("weight", 1)) for r in realizations])
            attributes.append(Attribute(key, compiled, choose))
        weights = {key: weight for key, weight in spec.get("weights", {}).items() if key not in switched_off}
        unknown = sorted(set(weights) - set(spec["attributes"]))
        if unknown:
            raise LexiconError(f"{where}.weights: {unknown} are not attributes of this noun phrase")
        choose_attribute = weighted_index([float(weights.get(a.key, 1)) for a in attributes] or [1.0])
        return Kind(names, tags, tuple(attributes), choose_attribute, bool(spec.get("placed", True)))

    def with_names(self, kind_name: str, sources: list[str], key: str, unfit: frozenset[str] = frozenset(),
                   tags: list[str] | None = None) -> str:
        """Register the noun phrase ``kind_name`` said with the nouns of the lexicon lists ``sources`` only, bar
        the singulars ``unfit``, as ``key`` (an OTHERACTION verb class: "water" draws plants); ``tags``: the
        lexicon tag lists that fit those nouns, if not the kind's ("the crops i planted"). Returns ``key``."""
        if kind_name not in self.kinds:
            raise LexiconError(f"{key}: {kind_name!r} is not a noun phrase of phrases.yaml")
        pairs: list[NounPair] = []
        for source in sources:
            if source not in self.lexicon:
                raise LexiconError(f"{key}: objects {source!r} is not a noun list of lexicon.yaml")
            pairs.extend(pair for pair in self._nouns(source) if pair[0].text.strip() not in unfit)
        if not pairs:
            raise LexiconError(f"{key}: no nouns left to say")
        kind = self.kinds[kind_name]
        self.kinds[key] = replace(kind, names=tuple(pairs), tags=self._tags(tags, key) if tags else kind.tags)
        return key

    def singular(self, kind_name: str) -> str:
        """The noun phrase ``kind_name`` without the nouns said in the plural only, for templates whose verb
        is singular ("what colour is {ref}", never "what colour is the stairs"); returns its key."""
        key = f"{kind_name} (singular)"
        if key not in self.kinds:
            kind = self.kinds[kind_name]
            self.kinds[key] = replace(kind, names=tuple(pair for pair in kind.names if not pair[0].plural))
        return key

    def _tags(self, sources: list[str], where: str = "phrases.noun_phrases") -> tuple[Numbered, ...]:
        """The tags of the lexicon lists ``sources``, each said after a singular and after a plural."""
        tags: list[Numbered] = []
        for source in sources:
            if source not in self.lexicon:
                raise LexiconError(f"{where}: tags {source!r} is not a tag list of lexicon.yaml")
            tags.extend(numbered(self.lexicon[source], f"lexicon.{source}"))
        return tuple(tags)

    def _nouns(self, source: str) -> tuple[NounPair, ...]:
        """The nouns of the lexicon list ``source`` with their misspellings; kinds share lists, so each is read once."""
        if source not in self._lists:
            pairs = nouns(self.lexicon[source], f"lexicon.{source}", self._mass)
            self._lists[source] = misspelt_nouns(pairs, self.lexicon["typos"])
        return self._lists[source]

    @staticmethod
    def _realization(
        spec: Mapping[str, Any], lexicon: Mapping[str, Any], fills: dict[str, Fill], where: str
    ) -> Realization:
        source = spec["fill"]
        if source not in fills:
            if source not in lexicon:
                raise LexiconError(f"{where}: fill {source!r} is neither a word list nor one of {sorted(fills)}")
            pool = words(lexicon[source], f"lexicon.{source}")
            fills[source] = lambda draws: draws.pick(pool)
        before: Piece | None = None
        after: Piece | None = None
        if "text" in spec:
            parts = template(spec["text"].replace("{}", "{value}"), frozenset({"value"}), where)
            at = next(i for i, part in enumerate(parts) if isinstance(part, Slot))
            head = parts[0] if at == 1 else None
            tail = parts[at + 1] if at + 1 < len(parts) else None
            # a second {} right after the value would be said as words (and crash the record)
            if len(parts) - at > 2 or at > 1 or isinstance(head, Slot) or isinstance(tail, Slot):
                raise LexiconError(f"{where}: {spec['text']!r} should be 'words {{}} words' with one value")
            before, after = head, tail
        numeric = source in ("measure", "dimensions")
        return Realization(spec["at"] == "pre", int(spec.get("rank", 0)), before, after, fills[source], numeric,
                           bool(spec.get("painted", False)))

    # -- saying -------------------------------------------------------------------------

    def _describe(self, draws: Draws, kind: Kind, name: Piece | None = None,
                  attributes: tuple[str, ...] | None = None) -> tuple[list[tuple[Attribute, Realization, Piece]], ...]:
        """Draw the attributes of one noun phrase: (pre-modifiers in rank order, post-modifiers); of ``name``,
        if one nobody paints, a colour is its first (adjective) realization ("the gray tree"); exactly the
        ``attributes`` named, if given."""
        pre: list[tuple[Attribute, Realization, Piece]] = []
        post: list[tuple[Attribute, Realization, Piece]] = []
        chosen: list[Attribute] = []
        if attributes is not None:
            chosen = [attribute for attribute in kind.attributes if attribute.key in attributes]
        else:
            count = self.settings.attributes(draws)
            if not count or not kind.attributes:
                return pre, post
            for _ in range(min(count, len(kind.attributes)) * _TRIES):  # distinct attributes, drawn by weight
                attribute = kind.attributes[kind.choose(draws)]
                if attribute not in chosen:
                    chosen.append(attribute)
                    if len(chosen) == count:
                        break
        for attribute in chosen:
            realization = attribute.realizations[attribute.choose(draws)]
            if realization.painted and name is not None and name.text in self.unpainted:
                realization = attribute.realizations[0]
            (pre if realization.pre else post).append((attribute, realization, realization.fill(draws)))
        if len(pre) > 1:
            pre.sort(key=_rank)
        return pre, post

    @staticmethod
    def _say_attribute(say: Say, node: Node, item: tuple[Attribute, Realization, Piece]) -> None:
        attribute, realization, value = item
        if realization.before is not None:
            say.word(realization.before)
        say.fill(node, attribute.key, value)
        if realization.after is not None:
            say.word(realization.after)

    def _indefinite(self, say: Say, pre: list, name: Piece) -> None:
        if pre:
            _, realization, value = pre[0]
            first = realization.before or value
        else:
            first = name
        say.word(self.an if first.an else self.a)

    def _body(self, say: Say, node: Node, pre: list, name: Piece, post: list) -> None:
        for item in pre:
            self._say_attribute(say, node, item)
        say.fill(node, "has_name", name)
        for item in post:
            self._say_attribute(say, node, item)

    def schematic(self, say: Say, node: Node, kind_name: str, count_into: Node | None = None,
                  attributes: tuple[str, ...] | None = None) -> None:
        """Say a SCHEMATIC; a count ("three houses") makes a FOR repeat in ``count_into`` (it or its action);
        ``attributes``: exactly these, and no tag."""
        draws, kind = say.draws, self.kinds[kind_name]
        pre, post = self._describe(draws, kind, attributes=attributes)
        tag = draws.pick(kind.tags) if kind.tags and attributes is None and self.settings.tag(draws) else None
        singular, plural = draws.pick(kind.names)
        if tag is not None:  # its verb agrees with the noun: "a tower that looks old", "three towers that look old"
            post.append((_TAG, _PLAIN, tag[count_into is not None or singular.plural]))
            say.features.add("tag")
        if count_into is not None:
            repeat: Node = {"repeat_key": "FOR"}
            count_into["repeat"] = repeat
            say.fill(repeat, "repeat_count", self.numbers.count(draws))
            self._body(say, node, _after_count(pre), plural, post)
            if self.settings.repeat_direction(draws):
                self.repeat_direction(say, repeat)
        else:
            if not singular.plural:  # "build stairs", never "build a stairs"
                self._indefinite(say, pre, singular)
            self._body(say, node, pre, singular, post)

    def repeat_direction(self, say: Say, repeat: Node) -> None:
        direction = say.draws.pick(self.direction_names)
        phrase = say.draws.pick(self.directions[direction])
        say.word(phrase)
        say.mark(repeat, "repeat_dir", direction, phrase)
        say.features.add("repeat_direction")

    def mob(self, say: Say, node: Node, count_into: Node | None, kind_name: str = "mob") -> None:
        """Say SPAWN's object: "a cow", "30 cows" (the count repeats the action), "some pigs"."""
        draws = say.draws
        singular, plural = draws.pick(self.kinds[kind_name].names)
        if count_into is not None:
            repeat: Node = {"repeat_key": "FOR"}
            count_into["repeat"] = repeat
            say.fill(repeat, "repeat_count", self.numbers.count(draws))
            say.fill(node, "has_name", plural)
        elif draws.chance(0.7):
            say.word(self.an if singular.an else self.a)
            say.fill(node, "has_name", singular)
        else:
            determiner = draws.pick(self.spawn)
            if determiner is not None:
                say.word(determiner)
            say.fill(node, "has_name", plural)

    def coreference(self, say: Say, node: Node, words: Piece) -> None:
        """Say a coreference word ("that", "it", "here"): contains_coreference, and a coref_resolve span on
        the word for the config's coref_resolve share (the annotated examples have none)."""
        node["contains_coreference"] = "yes"
        say.features.add("coreference")
        if self.settings.coref_resolve(say.draws):
            say.fill(node, "coref_resolve", words)
        else:
            say.word(words)

    def reference(self, say: Say, node: Node, level: int, kind_name: str = "reference_object",
                  form: str = "definite", repeat_into: Node | None = None, in_location: bool = False,
                  after_particle: bool = False, attributes: tuple[str, ...] | None = None,
                  pronoun: bool = False) -> None:
        """Say a REF_OBJECT at nesting ``level`` (0, or 1 inside another one's location).

        ``form``: definite ("the house", "that house", "it"), plural ("the houses"),
        indefinite ("a house") or bare ("houses"). With ``repeat_into`` it says a
        repeat, ALL or a counted FOR ("all the houses", "2 houses"), and puts it in
        that node (the object itself, or its action). ``in_location``: it is what a
        location is relative to, which people seldom place further. ``after_particle``:
        it follows a phrasal verb ("take out"), so a bare pronoun is not "it". ``attributes``: exactly these,
        and no coreference nor tag; ``pronoun``: said by a bare pronoun ("fill it").
        """
        draws, settings, kind = say.draws, self.settings, self.kinds[kind_name]
        definite = form in ("definite", "plural")
        coreference = definite and repeat_into is None and attributes is None and settings.coreference(draws)
        if pronoun or (coreference and form == "definite" and draws.chance(_PRONOUN)):
            self.coreference(say, node, draws.pick(self.pronouns_after_particle if after_particle else self.pronouns))
            return
        # the noun first: its number chooses the words around it ("those crops", "every tree", "all the trees")
        singular, plural_name = draws.pick(kind.names)
        plural = form in ("plural", "bare") or singular.plural
        pre, post = self._describe(draws, kind, singular, attributes)
        tag = draws.pick(kind.tags) if kind.tags and attributes is None and settings.tag(draws) else None
        if coreference:
            self.coreference(say, node, draws.pick(self.coref[plural]))
        elif repeat_into is not None:
            say.features.add("repeat")
            if singular.mass or settings.repeat_all(draws):  # a mass noun is never counted: "all the grass"
                plural = not singular.mass and (draws.chance(0.7) or singular.plural)
                repeat_into["repeat"] = {"repeat_key": "ALL"}
                say.word(draws.pick(self.all[plural or singular.mass]))
            else:
                plural = True
                counted: Node = {"repeat_key": "FOR"}
                repeat_into["repeat"] = counted
                for part in draws.pick(self.counted):
                    if isinstance(part, Slot):
                        say.fill(counted, "repeat_count", self.numbers.count(draws))
                    else:
                        say.word(part)
                pre = _after_count(pre)
        elif definite:
            say.word(self.the)
        elif not plural:  # indefinite: "a house"; a noun said in the plural only takes no article ("is there crops")
            self._indefinite(say, pre, singular)
        if tag is not None:  # its verb agrees with the noun: "the tree that is on fire", "the trees that are"
            post.append((_TAG, _PLAIN, tag[plural]))
            say.features.add("tag")
        self._body(say, node, pre, plural_name if plural else singular, post)
        if kind.placed:
            self._nested(say, node, level, in_location, plural)

    def _nested(self, say: Say, node: Node, level: int, in_location: bool, plural: bool) -> None:
        """Maybe give the object a location of its own ("the tree next to the house", "the trees that are ...")."""
        if not (self.settings.nested_location(say.draws) and self.places.possible(level + 1)):
            return
        if in_location and not say.draws.chance(_NESTED_IN_LOCATION):
            return
        lead = say.draws.pick(self.leads)
        if lead is not None:
            say.word(lead[plural])
        self.places.location(say, node, level + 1, "place")
        say.features.add("nested_location")


def _rank(item: tuple[Attribute, Realization, Piece]) -> int:
    return item[1].rank


def _after_count(pre: list[tuple[Attribute, Realization, Piece]]) -> list[tuple[Attribute, Realization, Piece]]:
    """Adjectives that may follow a count: none that is a number ("nine eighteen block deep tunnels")."""
    return [item for item in pre if not item[1].numeric] if pre else pre


_PRONOUN = 0.2  # share of coreferences said by a bare pronoun ("destroy it")
# Of the objects a location is relative to, the share that may have a location of their own: the annotators
# named such an object whole ("next to the sidewalk of the school", Appendix D) where the object of an action
# gets its own location ("destroy the building that's in front of you").
_NESTED_IN_LOCATION = 0.25
_TRIES = 4  # draws per wanted attribute before settling for fewer (weights make repeats likely)
_TAG = Attribute("has_tag", (), lambda draws: 0)
_PLAIN = Realization(False, 0, None, None, lambda draws: Piece("", ()), False)
