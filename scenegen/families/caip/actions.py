"""ACTION nodes, one per action kind of ``actions.yaml``.

Every action is said as: verb, object, then the optional parts the config's
shares turn on -- a location, "3 times", a stop condition -- or, for the bare
share, as its verb alone ("build", "dig"). Where the object carries the repeat
("three houses", "all the houses") the noun phrase says it. An open-ended loop
is written as the config's ``loop_form`` says: ``repeat: {stop_condition}`` as
the annotated examples do, or ``stop_condition`` on the action as Appendix C's
figures do. STOP, RESUME and UNDO are whole frames with an optional target.
An action with verb classes (OTHERACTION, DESTROY, COPY, FREEBUILD) draws a
class first: its verb, the nouns it fits, their tags and the stop conditions it
fits ("water the flowers", "tear down the barn", never "water the eagle" or
"take down the lake"). After a phrasal verb ("take out") the object is no bare "it".

People mostly say the action's own word ("fill" in 99% of human FILL commands, issue 39): an action with
an ``own`` verb says it for its share of commands wherever its verb list (or frame list) has it, and a
synonym otherwise.

Only what can go on is looped or said "N times" (``loops`` in actions.yaml): "gather the apples until
your inventory is full", never "measure the bed again and again"; what ends when its work is done
("complete the house until it has a roof") takes only its own conditions. "N times" is a few, bar the
actions that say many ("copy the loaf of bread 100 times").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scenegen.families.caip.action_specs import Spec, compile_specs
from scenegen.families.caip.clauses import Clauses
from scenegen.families.caip.config import Settings
from scenegen.families.caip.lexicon import LexiconError, Piece, Slot, Template, words
from scenegen.families.caip.nouns import NounPhrases
from scenegen.families.caip.numbers import Numbers
from scenegen.families.caip.places import Places
from scenegen.families.caip.say import Node, Say
from scenegen.plugin.draws import Draws

_FILL_MATERIAL = 0.5  # share of FILL commands that say what to fill with
_PLACING = 0.4  # share of OTHERACTION commands that move their object somewhere
_FOLLOW = 0.15  # share of MOVEs with a stop condition said as "follow me" (which never stops)


@dataclass(frozen=True, slots=True)
class Step:
    """One action of a composite pairing (phrases.yaml composites) and what it must say, beyond its action's
    draws: never its verb alone."""

    kind: str
    repeat: str | None = None  # the repeat it says, one of its action's (and then no stop condition); None: drawn
    attributes: tuple[str, ...] | None = None  # exactly these attributes of its object, and no tag; None: drawn
    object: str | None = None  # the noun phrase kind of its object (its `objects`), if not its action's
    pronoun: bool = False  # its object is a bare coreference to what the pairing's first action made ("fill it")


class Actions:
    """Says actions."""

    def __init__(self, data: Any, settings: Settings, numbers: Numbers, nouns: NounPhrases, places: Places,
                 clauses: Clauses) -> None:
        self.settings, self.numbers, self.nouns, self.places, self.clauses = settings, numbers, nouns, places, clauses
        self.bare_share = float(data.actions["targets"]["bare_share"])
        self.particles = frozenset(data.lexicon["particles"])
        self.fill_blocks = words(data.lexicon["fill_blocks"], "lexicon.fill_blocks")  # "fill the hole with sand"
        # words naming the speaker or the assistant apart, which no verb after "let's" says ("let's build me")
        self.addressed = frozenset(t for p in words(data.lexicon["addressed_words"], "lexicon.addressed_words",
                                                    span=False) for t in p.tokens)
        self._joined: dict[int, tuple[Piece, ...]] = {}
        self._owned: dict[tuple[int, str], tuple[Any, ...]] = {}
        self.specs = compile_specs(data, settings, nouns, places, clauses)
        # repeats of the action itself, which an open-ended loop (also the action's repeat) replaces
        self.action_repeats = frozenset({"times", "copies", *(("counted",) if settings.annotated_loops else ())})

    def step(self, entry: Mapping[str, Any], where: str) -> Step | None:
        """A step of a composite pairing (phrases.yaml composites); None if it asks for nothing but its action."""
        kind = str(entry["action"])
        spec = self.specs.get(kind)
        if spec is None:
            raise LexiconError(f"{where}: action {kind!r} is not an action of actions.yaml")
        unknown = sorted(set(entry) - {"action", "repeat", "attributes", "objects", "pronoun"})
        if unknown:
            raise LexiconError(f"{where}: {unknown} are not what a step says (repeat, attributes, objects, pronoun)")
        if len(entry) == 1:
            return None
        if spec.frames or spec.object == "none":
            raise LexiconError(f"{where}: {kind} has no object, so a step of it can only name its action")
        repeat = entry.get("repeat")
        if repeat is not None and repeat not in spec.repeats:
            raise LexiconError(f"{where}: repeat {repeat!r} is not one of {kind}'s ({sorted(set(spec.repeats))})")
        noun_phrase = spec.object
        if "objects" in entry:
            if spec.classes:
                raise LexiconError(f"{where}: {kind}'s verb classes say its objects, not a step")
            noun_phrase = self.nouns.with_names(spec.object, entry["objects"], f"{where}.objects")
        attributes = entry.get("attributes")
        if attributes is not None:
            known = {attribute.key for attribute in self.nouns.kinds[noun_phrase].attributes}
            if not set(attributes) <= known:
                raise LexiconError(f"{where}: attributes {sorted(set(attributes) - known)} are not attributes of "
                                   f"its object ({spec.object}, phrases.yaml noun_phrases)")
            attributes = tuple(attributes)
        pronoun = bool(entry.get("pronoun", False))
        if pronoun and (spec.object in ("schematic", "dig_schematic", "mob") or attributes is not None or repeat):
            raise LexiconError(f"{where}: only a reference object is said by a pronoun, with no attributes or repeat")
        return Step(kind, repeat, attributes, noun_phrase if "objects" in entry else None, pronoun)

    def say(self, say: Say, kind: str, joined: bool = False, step: Step | None = None) -> Node:
        """Say one action of ``kind`` (a config action kind) and return its node; ``joined``: after a prefix in
        which the speaker joins in ("let's"), so no verb that names either apart ("build me", "dig yourself");
        ``step``: what a composite pairing asks of it."""
        spec = self.specs[kind]
        if spec.frames:
            return self._framed(say, spec)
        draws, settings = say.draws, self.settings
        action: Node = {"action_type": spec.action_type}
        if spec.bare_verbs and step is None and settings.bare(draws):
            say.word(self._verb(draws, spec, spec.bare_verbs, joined))
            say.features.add("bare")
            return action
        repeat: str | None
        if step is not None and (step.repeat is not None or step.pronoun):  # its repeat, or none ("fill it")
            repeat, stop = step.repeat, False
        else:
            repeat = draws.pick(spec.repeats) if spec.repeats and settings.repeat(draws) else None
            stop = bool(spec.stops) and settings.stop_condition(draws)
        if stop and repeat in self.action_repeats:
            repeat = None
        if stop and spec.follow and draws.chance(_FOLLOW):
            return self._follow(say, spec, action)
        # moving a thing somewhere is done once ("relocate the house left of the shed", never "... twice")
        placing = bool(spec.placing) and repeat != "times" and draws.chance(_PLACING)
        goes_on = stop or repeat == "times"
        # MOVE goes somewhere unless it goes until a condition holds; going nowhere in particular, it takes a verb
        # that stands alone ("keep moving until you reach water", not "get until you reach water")
        moving = spec.location == "motion"
        goes = moving and (not stop or settings.location(draws))
        kind, stops, free, phrasal = spec.object, spec.stops, spec.conditions, False
        verb_class = None
        if spec.classes:  # the verb's class says what it may act on, whether it goes on and the conditions it fits
            verb_class = (spec.placing_classes[spec.pick_placing(draws)] if placing
                          else spec.looping_classes[spec.pick_looping(draws)] if goes_on
                          else spec.classes[spec.pick_class(draws)])
            kind, stops, free = verb_class.object, verb_class.stops, verb_class.conditions
        if step is not None and step.object is not None:
            kind = step.object
        if placing:  # moving a thing somewhere is looped only as a habit ("put it on the pyramid each time")
            stops, free = ("NEVER",), ()
        if repeat == "copies":  # "make 3 copies of" the class's object
            self._say_copies(say, spec, action)
        else:
            if verb_class is not None:
                verb = self._verb(draws, spec, verb_class.placing if placing else verb_class.verbs, joined)
            else:
                stands_alone = moving and not goes and bool(spec.bare_verbs)
                verb = self._verb(draws, spec, spec.placing if placing else spec.bare_verbs if stands_alone
                                  else spec.verbs, joined)
            say.word(verb)
            phrasal = verb.tokens[-1] in self.particles
            self._manner(say, spec, verb)
        self._object(say, kind, action, repeat, phrasal, step)
        if spec.materials and draws.chance(_FILL_MATERIAL):
            for part in draws.pick(spec.materials):
                if type(part) is Slot:
                    say.fill(action, "has_block_type", draws.pick(self.fill_blocks))
                else:
                    say.word(part)
        if spec.location:
            if spec.placing:  # OTHERACTION: only "move the X somewhere" has a location
                wanted = placing
            elif moving:
                wanted = goes
            elif "location" in action.get("reference_object", ()):  # one place said is enough ("complete the
                wanted = False  # structure 10 meters west from your position" is not also built somewhere)
            else:
                wanted = settings.location(draws)
            if wanted and self.places.location(say, action, 0, spec.location):
                say.features.add("location")
        if repeat == "times":
            self.clauses.repeat_times(say, action, spec.many_times)
        if stop:
            self.clauses.stop_condition(say, self._loop(action), stops, free, habitual=placing)
        return action

    def _verb(self, draws: Draws, spec: Spec, verbs: tuple[Piece, ...], joined: bool) -> Piece:
        """One of ``verbs``, the action's own word for its share if among them; ``joined`` (after "let's",
        "can we"), none naming the speaker or the assistant apart."""
        if joined:
            verbs = self._unaddressed(verbs)
        return self._pick_own(draws, spec, verbs)

    def _pick_own(self, draws: Draws, spec: Spec, said: tuple[Any, ...]) -> Any:
        """One of ``said`` (verbs or frames): for the action's own share, one that starts with its own word."""
        if spec.own is not None and draws.chance(spec.own_share):
            owned = self._owned_by(spec.own, said)
            if owned:
                return draws.pick(owned)
        return draws.pick(said)

    def _owned_by(self, own: str, said: tuple[Any, ...]) -> tuple[Any, ...]:
        """Those of ``said`` (verbs or frames) that start with the word ``own``, worked out once per list (the
        lists live as long as the specs, and an action's lists are its own, so their ids are stable keys)."""
        key = (id(said), own)
        owned = self._owned.get(key)
        if owned is None:
            owned = tuple(item for item in said if _first_word(item) == own)
            self._owned[key] = owned
        return owned

    def _unaddressed(self, verbs: tuple[Piece, ...]) -> tuple[Piece, ...]:
        """``verbs`` without those saying an addressed word ("build me", "dig yourself"), worked out once per list
        (the lists live as long as the specs, so their ids are stable keys)."""
        kept = self._joined.get(id(verbs))
        if kept is None:
            kept = tuple(v for v in verbs if self.addressed.isdisjoint(v.tokens)) or verbs
            self._joined[id(verbs)] = kept
        return kept

    def _manner(self, say: Say, spec: Spec, verb: Piece) -> None:
        """Maybe a manner after ``verb``, if the verb does not already say how ("walk slowly", never "hurry
        slowly")."""
        if spec.manners and (spec.manner_verbs is None or verb.text in spec.manner_verbs) \
                and say.draws.chance(spec.manner_share):
            say.word(say.draws.pick(spec.manners))

    def _loop(self, action: Node) -> Node:
        """The node an open-ended loop's stop_condition goes in: the action's repeat, or the action."""
        if not self.settings.annotated_loops:
            return action
        loop: Node = {}
        action["repeat"] = loop
        return loop

    def _object(self, say: Say, kind: str, action: Node, repeat: str | None, phrasal: bool,
                step: Step | None = None) -> None:
        """Say the object, of noun phrase ``kind``; after a ``phrasal`` verb ("take out") no bare "it"; with
        the attributes (or the pronoun) a pairing's ``step`` asks for."""
        if kind == "none":
            return
        attributes = step.attributes if step is not None else None
        node: Node = {}
        counted = repeat in ("object_count", "counted")
        # "counted": the object says the count, the action (annotated form) or the object (figures) holds it
        holder = action if repeat == "counted" and self.settings.annotated_loops else node
        phrase = self.nouns.kinds[kind].phrase  # the phrases.yaml noun phrase it is (a verb class's or a step's)
        if phrase in ("schematic", "dig_schematic"):
            action["schematic"] = node
            self.nouns.schematic(say, node, kind, holder if counted else None, attributes)
            if counted:
                say.features.add("repeat")
        elif phrase == "mob":
            action["reference_object"] = node
            self.nouns.mob(say, node, action if repeat == "object_count" else None, kind)
            if repeat == "object_count":
                say.features.add("repeat")
        else:
            action["reference_object"] = node
            says_repeat = repeat in ("object_all", "counted")
            self.nouns.reference(say, node, 0, kind, repeat_into=holder if says_repeat else None,
                                 after_particle=phrasal, attributes=attributes,
                                 pronoun=step is not None and step.pronoun)

    def _say_copies(self, say: Say, spec: Spec, action: Node) -> None:
        repeat: Node = {"repeat_key": "FOR"}
        action["repeat"] = repeat
        say.features.add("repeat")
        for part in say.draws.pick(spec.copies):
            if type(part) is Slot:
                say.fill(repeat, "repeat_count", self.numbers.count(say.draws))
            else:
                say.word(part)

    def _follow(self, say: Say, spec: Spec, action: Node) -> Node:
        """ "follow me": MOVE to the speaker, never stopping."""
        phrase = say.draws.pick(spec.follow)
        say.word(phrase)  # with no manner: "follow me" says how ("tag along with me sideways" does not)
        action["location"] = {"location_type": "SPEAKER_POS"}
        stop: Node = {}
        self._loop(action)["stop_condition"] = stop
        say.mark(stop, "condition_type", "NEVER", phrase)
        say.features.update(("location", "stop_condition"))
        return action

    def _framed(self, say: Say, spec: Spec) -> Node:
        action: Node = {"action_type": spec.action_type}
        draws = say.draws
        for part in self._pick_own(draws, spec, spec.bare if draws.chance(self.bare_share) else spec.frames):
            if type(part) is Slot:
                self.clauses.target(say, action, spec.kind, part.name)
            else:
                say.word(part)
        return action


def _first_word(said: Piece | Template) -> str | None:
    """The first word of a verb, or of a frame that starts with words ("stop {target}")."""
    if type(said) is Piece:
        return said.tokens[0]
    first = said[0] if said else None
    return first.tokens[0] if type(first) is Piece else None


