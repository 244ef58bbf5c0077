"""How each action kind of ``actions.yaml`` is said, compiled once from the data: its verbs (or its verb classes,
each with the nouns it fits), its object, location, repeats, stop conditions and frames, checked as they are read."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypedDict

from scenegen.families.caip.clauses import Clauses, conditions
from scenegen.families.caip.config import Settings
from scenegen.families.caip.lexicon import LexiconError, Piece, Template, misspelt, slot_names, template, words
from scenegen.families.caip.nouns import NounPhrases
from scenegen.families.caip.places import Places
from scenegen.plugin.draws import Draws, weighted_index

_REPEATS = frozenset({"object_count", "object_all", "counted", "times", "copies"})
_STOPS = frozenset({"NEVER", "ADJACENT_TO_BLOCK_TYPE", "CONDITION"})
# how an action or verb class loops: goes on (any stop condition), until its work is done (its own
# conditions only), or not at all
_LOOPS = ("open", "done", "none")
_FRAMED = ("STOP", "RESUME", "UNDO")


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


def compile_specs(data: Any, settings: Settings, nouns: NounPhrases, places: Places,
                  clauses: Clauses) -> dict[str, Spec]:
    """Each action kind's :class:`Spec`, by kind: those of actions.yaml, then the framed ones (STOP, RESUME, UNDO)
    it does not list. LexiconError naming the entry for data that cannot be said."""
    return _Compiler(data, settings, nouns, places, clauses).specs()


class _Compiler:
    def __init__(self, data: Any, settings: Settings, nouns: NounPhrases, places: Places, clauses: Clauses) -> None:
        self.data, self.settings, self.nouns, self.places, self.clauses = data, settings, nouns, places, clauses
        self.typos = data.lexicon["typos"]

    def specs(self) -> dict[str, Spec]:
        targets = self.data.actions["targets"]
        frames = targets["frames"]
        specs = {kind: self._spec(kind, spec, frames) for kind, spec in self.data.actions["actions"].items()}
        for kind in _FRAMED:
            if kind not in specs:
                specs[kind] = Spec(kind, kind, (), "none", None, **self._frames(frames, kind),
                                   **_own(targets["own"].get(kind, {}), f"actions.targets.own.{kind}"))
        return specs

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


def _own(spec: Mapping[str, Any], where: str) -> dict[str, Any]:
    """An action's ``own`` word and share (Spec keyword arguments); none without one."""
    if not spec:
        return {}
    share = float(spec["share"])
    if not 0.0 <= share <= 1.0:
        raise LexiconError(f"{where}: share {share} is not between 0 and 1")
    return {"own": str(spec["verb"]), "own_share": share}


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
