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

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypedDict

from scenegen.families.caip.clauses import Clauses, conditions
from scenegen.families.caip.config import Settings
from scenegen.families.caip.lexicon import LexiconError, Piece, Slot, Template, misspelt, slot_names, template, words
from scenegen.families.caip.nouns import NounPhrases
from scenegen.families.caip.numbers import Numbers
from scenegen.families.caip.places import Places
from scenegen.families.caip.say import Node, Say
from scenegen.plugin.draws import Draws, weighted_index

_REPEATS = frozenset({"object_count", "object_all", "counted", "times", "copies"})
_STOPS = frozenset({"NEVER", "ADJACENT_TO_BLOCK_TYPE", "CONDITION"})
# how an action or verb class loops: goes on (any stop condition), until its work is done (its own
# conditions only), or not at all
_LOOPS = ("open", "done", "none")
_FRAMED = ("STOP", "RESUME", "UNDO")
_FILL_MATERIAL = 0.5  # share of FILL commands that say what to fill with
_PLACING = 0.4  # share of OTHERACTION commands that move their object somewhere
_FOLLOW = 0.15  # share of MOVEs with a stop condition said as "follow me" (which never stops)


class _Frames(TypedDict, total=False):
    """The frames of STOP / RESUME / UNDO, as keyword arguments of :class:`Spec`."""

    frames: tuple[Template, ...]
    bare: tuple[Template, ...]


@dataclass(frozen=True, slots=True)
class VerbClass:
    """Verbs that act on one class of objects (actions.yaml verb_classes): "water" on plants."""

    verbs: tuple[Piece, ...]
    object: str  # the noun phrase kind drawing only the class's nouns
    placing: tuple[Piece, ...]
    conditions: tuple[Template, ...]
    weight: float  # how often it is said (its `weight`, or its number of verbs)
    stops: tuple[str, ...]  # the stop conditions its loops take
    loops: bool  # whether its verbs go on, so may loop or be said "N times"


@dataclass(frozen=True)
class Spec:
    """How one action kind is said."""

    kind: str
    action_type: str
    verbs: tuple[Piece, ...]
    object: str
    location: str | None
    repeats: tuple[str, ...] = ()
    stops: tuple[str, ...] = ()
    frames: tuple[Template, ...] = ()
    copies: tuple[Template, ...] = ()
    materials: tuple[Template, ...] = ()
    follow: tuple[Piece, ...] = ()
    placing: tuple[Piece, ...] = ()
    manners: tuple[Piece, ...] = ()
    manner_share: float = 0.0
    bare: tuple[Template, ...] = ()  # frames without a target
    bare_verbs: tuple[Piece, ...] = ()  # the verb said alone
    conditions: tuple[Template, ...] = ()  # the free-form stop conditions it may take
    classes: tuple[VerbClass, ...] = ()  # verb classes; with them, `verbs` and `placing` are all of theirs
    pick_class: Callable[[Draws], int] = lambda draws: 0  # a class, by its weight
    placing_classes: tuple[VerbClass, ...] = ()  # the classes whose objects may be moved somewhere
    pick_placing: Callable[[Draws], int] = lambda draws: 0  # one of them, in proportion to its placing verbs
    looping_classes: tuple[VerbClass, ...] = ()  # the classes whose verbs go on ("gather", never "measure")
    pick_looping: Callable[[Draws], int] = lambda draws: 0  # one of them, by its weight
    manner_verbs: frozenset[str] | None = None  # the verbs (texts) a manner may follow; None: all
    many_times: bool = False  # "N times" may be many ("copy the loaf of bread 100 times"), not a few
    own: str | None = None  # the action's own word ("build"), said for own_share of its commands
    own_share: float = 0.0


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
        targets = data.actions["targets"]
        frames = targets["frames"]
        self.bare_share = float(targets["bare_share"])
        self.typos = data.lexicon["typos"]
        self.particles = frozenset(data.lexicon["particles"])
        self.fill_blocks = words(data.lexicon["fill_blocks"], "lexicon.fill_blocks")  # "fill the hole with sand"
        # words naming the speaker or the assistant apart, which no verb after "let's" says ("let's build me")
        self.addressed = frozenset(t for p in words(data.lexicon["addressed_words"], "lexicon.addressed_words",
                                                    span=False) for t in p.tokens)
        self._joined: dict[int, tuple[Piece, ...]] = {}
        self._owned: dict[tuple[int, str], tuple[Any, ...]] = {}
        self.specs = {kind: self._spec(kind, spec, frames) for kind, spec in data.actions["actions"].items()}
        # repeats of the action itself, which an open-ended loop (also the action's repeat) replaces
        self.action_repeats = frozenset({"times", "copies", *(("counted",) if settings.annotated_loops else ())})
        for kind in _FRAMED:
            if kind not in self.specs:
                self.specs[kind] = Spec(kind, kind, (), "none", None, **self._frames(frames, kind),
                                        **_own(targets["own"].get(kind, {}), f"actions.targets.own.{kind}"))

    @staticmethod
    def _frames(frames: Mapping[str, list[str]], kind: str) -> _Frames:
        """The frames of STOP / RESUME / UNDO: with a target, and bare."""
        where = f"actions.targets.frames.{kind}"
        compiled = [template(text, frozenset({"target", "activity"}), where) for text in frames[kind]]
        with_target = tuple(t for t in compiled if slot_names(t))
        bare = tuple(t for t in compiled if not slot_names(t))
        if not with_target or not bare:
            raise LexiconError(f"{where}: needs frames with a {{target}} and frames without")
        return {"frames": with_target, "bare": bare}

    def _spec(self, kind: str, spec: Mapping[str, Any], frames: Mapping[str, list[str]]) -> Spec:
        where = f"actions.actions.{kind}"
        repeats = tuple(spec.get("repeats", ()))
        stops = tuple(spec.get("stops" if self.settings.annotated_loops else "figure_stops", ()))
        if set(repeats) - _REPEATS or set(stops) - _STOPS or set(spec.get("figure_stops", ())) - _STOPS:
            raise LexiconError(f"{where}: repeats must be among {sorted(_REPEATS)}, stops among {sorted(_STOPS)}")
        if spec["object"] not in self.nouns.kinds and spec["object"] != "none":
            raise LexiconError(f"{where}: object {spec['object']!r} is not a noun phrase kind of phrases.yaml")
        location = spec.get("location", "none")
        if location != "none" and location not in self.places.uses:
            raise LexiconError(f"{where}: location {location!r} is none of {sorted(self.places.uses)} (phrases.yaml)")
        loops = _loops(spec, "open", where)
        stops = _loop_stops(loops, stops)
        own = conditions(spec.get("conditions", []), f"{where}.conditions")
        classes = self._classes(spec, where, own, stops, loops)
        placing_classes = tuple(c for c in classes if c.placing)
        looping_classes = tuple(c for c in classes if c.loops)
        if classes and not looping_classes and (stops or "times" in repeats):
            raise LexiconError(f"{where}: it loops or repeats, so some verb class needs `loops`")
        return Spec(
            kind=kind,
            action_type=spec["action_type"],
            verbs=tuple(v for c in classes for v in c.verbs) if classes else self._verbs(spec, "verbs", where),
            object=spec["object"],
            location=None if location == "none" else location,
            repeats=repeats,
            stops=stops,
            **(self._frames(frames, kind) if kind in frames else {}),
            copies=tuple(template(t, frozenset({"count"}), f"{where}.copies") for t in spec.get("copies", ())),
            materials=tuple(template(t, frozenset({"block"}), f"{where}.materials") for t in spec.get("materials", ())),
            follow=words(spec["follow"], f"{where}.follow", span=False) if "follow" in spec else (),
            placing=tuple(v for c in placing_classes for v in c.placing) if classes else
            words(spec["placing"], f"{where}.placing", span=False) if "placing" in spec else (),
            manners=words(spec["manners"], f"{where}.manners", span=False) if "manners" in spec else (),
            manner_verbs=frozenset(p.text for p in words(spec["manner_verbs"], f"{where}.manner_verbs", span=False))
            if "manner_verbs" in spec else None,
            many_times=bool(spec.get("many_times", False)),
            manner_share=float(spec.get("manner_share", 0.0)),
            bare_verbs=self._verbs(spec, "bare_verbs", where) if "bare_verbs" in spec else (),
            conditions=_said(loops, self.clauses.conditions, own),
            classes=classes,
            pick_class=weighted_index([c.weight for c in classes] or [1.0]),
            placing_classes=placing_classes,
            pick_placing=weighted_index([float(len(c.placing)) for c in placing_classes] or [1.0]),
            looping_classes=looping_classes,
            pick_looping=weighted_index([c.weight for c in looping_classes] or [1.0]),
            **_own(spec.get("own", {}), f"{where}.own"),
        )

    def _classes(self, spec: Mapping[str, Any], where: str, own: tuple[Template, ...],
                 stops: tuple[str, ...], action_loops: str) -> tuple[VerbClass, ...]:
        """The verb classes of an action: each verb draws its object from its class's noun lists only, and
        loops as its class's ``loops`` says (as its action does, unless given)."""
        classes = []
        for name, entry in spec.get("verb_classes", {}).items():
            here = f"{where}.verb_classes.{name}"
            verbs = self._verbs(entry, "verbs", here)
            loops = _loops(entry, action_loops, here)
            if loops == "none" and "conditions" in entry:
                raise LexiconError(f"{here}: conditions of a class that does not loop are never said")
            classes.append(VerbClass(
                verbs=verbs,
                object=self.nouns.with_names(entry.get("noun_phrase", spec["object"]), entry["objects"], here,
                                             frozenset(entry.get("except", ())), entry.get("tags")),
                placing=words(entry["placing"], f"{here}.placing", span=False) if "placing" in entry else (),
                conditions=_said(loops, self.clauses.conditions, own + conditions(entry.get("conditions", []),
                                                                                   f"{here}.conditions")),
                weight=float(entry.get("weight", len(verbs))),
                stops=_loop_stops(loops, stops),
                loops=loops != "none",
            ))
        return tuple(classes)

    def _verbs(self, spec: Mapping[str, Any], key: str, where: str) -> tuple[Piece, ...]:
        return misspelt(words(spec[key], f"{where}.{key}", span=False), self.typos)

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


def _own(spec: Mapping[str, Any], where: str) -> dict[str, Any]:
    """An action's ``own`` word and share (Spec keyword arguments); none without one."""
    if not spec:
        return {}
    share = float(spec["share"])
    if not 0.0 <= share <= 1.0:
        raise LexiconError(f"{where}: share {share} is not between 0 and 1")
    return {"own": str(spec["verb"]), "own_share": share}


def _first_word(said: Piece | Template) -> str | None:
    """The first word of a verb, or of a frame that starts with words ("stop {target}")."""
    if type(said) is Piece:
        return said.tokens[0]
    first = said[0] if said else None
    return first.tokens[0] if type(first) is Piece else None


def _loops(spec: Mapping[str, Any], default: str, where: str) -> str:
    """How an action or verb class loops (its ``loops``): open, done or none."""
    loops = str(spec.get("loops", default))
    if loops not in _LOOPS:
        raise LexiconError(f"{where}: loops {loops!r} is none of {list(_LOOPS)}")
    return loops


def _loop_stops(loops: str, stops: tuple[str, ...]) -> tuple[str, ...]:
    """The stop conditions a loop of this kind takes: all, a condition only (until the work is done), or none."""
    if loops == "open":
        return stops
    return tuple(kind for kind in stops if kind == "CONDITION") if loops == "done" else ()


def _said(loops: str, shared: tuple[Template, ...], own: tuple[Template, ...]) -> tuple[Template, ...]:
    """The free-form conditions a loop says: its ``own`` (an action's, with its class's), after phrases.yaml's
    ``shared`` CONDITION if it goes on; a loop until the work is done says only its own ("complete the house
    until it has a roof", never "clone the well until sunrise")."""
    return shared + own if loops == "open" else own
