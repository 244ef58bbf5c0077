"""What follows or stands for an action: REPEAT "3 times", STOP_CONDITION, and the
target of STOP / RESUME / UNDO ("stop building the house")."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scenegen.families.caip.config import Settings
from scenegen.families.caip.lexicon import (
    ARTICLES,
    LexiconError,
    NounPair,
    Piece,
    Slot,
    Template,
    nouns,
    piece,
    template,
    words,
)
from scenegen.families.caip.numbers import Numbers
from scenegen.families.caip.say import Node, Say
from scenegen.plugin.draws import Draws, weighted_index


class Clauses:
    """Says repeats, stop conditions and action targets."""

    def __init__(self, data: Any, settings: Settings, numbers: Numbers) -> None:
        self.settings, self.numbers = settings, numbers
        lexicon, phrases, actions = data.lexicon, data.phrases, data.actions
        repeats = phrases["repeats"]
        self.times = tuple(template(t, frozenset({"count"}), "phrases.repeats.times") for t in repeats["times"])
        where = "phrases.stop_conditions"
        stops = phrases["stop_conditions"]
        self.never = tuple(piece(t) for t in stops["NEVER"])
        self.habitual = words(stops["habitual"], f"{where}.habitual", span=False)
        self.adjacent = tuple(template(t, frozenset({"block"}), where) for t in stops["ADJACENT_TO_BLOCK_TYPE"])
        self.conditions = conditions(stops["CONDITION"], f"{where}.CONDITION")
        self.blocks = words(lexicon["terrain_blocks"], "lexicon.terrain_blocks")
        targets = actions["targets"]
        self.target_determiners = {plural: words(targets["determiners"][key], "actions.targets.determiners",
                                                 span=False) for plural, key in ((False, "singular"), (True, "plural"))}
        self.target_adjectives = words(lexicon["colours"], "lexicon.colours") + words(lexicon["sizes"], "lexicon.sizes")
        self.targets = self._targets(lexicon, targets["activities"])

    @staticmethod
    def _targets(lexicon: Any, classes: dict[str, list[str]]) -> dict[str, Targets]:
        """What STOP, RESUME and UNDO may name, each from the activity classes (lexicon.yaml activities:
        changes, others) actions.yaml gives it: UNDO takes back only what changed the world."""
        activities = {name: words(texts, f"lexicon.activities.{name}") for name, texts in lexicon["activities"].items()}
        groups = _acting_on(lexicon)
        out = {}
        for kind, wanted in classes.items():
            unknown = sorted(set(wanted) - set(activities))
            if unknown:
                raise LexiconError(f"actions.targets.activities.{kind}: {unknown} are not classes of "
                                   "lexicon.activities")
            said = tuple(piece for name in wanted for piece in activities[name])
            acting_on = tuple((verbs, names) for name, verbs, names in groups if name in wanted)
            out[kind] = Targets(
                activities=said,
                # an activity said as a noun is one word: "undo the last digging", never "the last guarding the base"
                gerunds=tuple(piece for piece in said if len(piece.tokens) == 1),
                acting_on=acting_on,
                pick_acting=weighted_index([float(len(verbs)) for verbs, _ in acting_on]),
            )
        return out

    def repeat_times(self, say: Say, action: Node, many: bool = False) -> None:
        """ "3 times" / "twice" after an action: the action's FOR repeat, a few times unless ``many`` ("dance 3
        times", never "52 times"; "copy the loaf of bread 100 times")."""
        draws = say.draws
        repeat: Node = {"repeat_key": "FOR"}
        action["repeat"] = repeat
        say.features.add("repeat")
        if draws.chance(0.15):
            say.fill(repeat, "repeat_count", self.numbers.times_word(draws))
            return
        for part in draws.pick(self.times):
            if type(part) is Slot:
                say.fill(repeat, "repeat_count", self.numbers.count(draws) if many else self.numbers.few(draws))
            else:
                say.word(part)

    def stop_condition(self, say: Say, loop: Node, kinds: tuple[str, ...], free: tuple[Template, ...],
                       habitual: bool = False) -> None:
        """``loop``'s STOP_CONDITION, of one of ``kinds`` (NEVER, ADJACENT_TO_BLOCK_TYPE, CONDITION); a
        CONDITION is one of the ``free`` phrases, its whole text the condition_span. A ``habitual`` NEVER is
        said as a habit ("each time"), not as going on ("carry the sword forever")."""
        draws = say.draws
        kind = draws.pick(kinds)
        node: Node = {}
        loop["stop_condition"] = node
        say.features.add("stop_condition")
        if kind == "NEVER":
            phrase = draws.pick(self.habitual if habitual else self.never)
            say.word(phrase)
            say.mark(node, "condition_type", "NEVER", phrase)
        elif kind == "ADJACENT_TO_BLOCK_TYPE":
            node["condition_type"] = kind
            for part in draws.pick(self.adjacent):
                if type(part) is Slot:
                    say.fill(node, "block_type", draws.pick(self.blocks))
                else:
                    say.word(part)
        else:  # a free-form condition: the whole phrase is condition_span
            say.fill(node, "condition_span", self._phrase(draws, draws.pick(free)))

    def _phrase(self, draws: Draws, parts: Template) -> Piece:
        said = Piece("", ())
        for part in parts:
            said = said + (self.numbers.minutes(draws) if type(part) is Slot else part)
        return said

    def target(self, say: Say, action: Node, kind: str, slot: str) -> None:
        """target_action_type of ``kind`` (STOP, RESUME, UNDO) for the frame's ``slot``: {activity}, a one-word
        activity ("no more digging"); {target}, an activity, maybe with what it acts on ("building those
        red houses")."""
        draws, targets = say.draws, self.targets[kind]
        if slot == "target" and draws.chance(_WITH_OBJECT):
            activities, names = targets.acting_on[targets.pick_acting(draws)]
            singular, plural_name = draws.pick(names)
            plural = singular.plural or draws.chance(_PLURAL_TARGET)
            said = draws.pick(activities) + draws.pick(self.target_determiners[plural])
            if draws.chance(_TARGET_ADJECTIVE):
                said = said + draws.pick(self.target_adjectives)
            said = said + (plural_name if plural else singular)
        else:
            said = draws.pick(targets.activities if slot == "target" else targets.gerunds)
        say.fill(action, "target_action_type", said)


@dataclass(frozen=True, slots=True)
class Targets:
    """What one of STOP / RESUME / UNDO may name: activities alone, and with the nouns they act on."""

    activities: tuple[Piece, ...]
    gerunds: tuple[Piece, ...]  # the one-word activities, said as nouns
    acting_on: tuple[tuple[tuple[Piece, ...], tuple[NounPair, ...]], ...]  # (activities, the nouns they fit)
    pick_acting: Callable[[Draws], int]  # a group, by its number of activities


_WITH_OBJECT = 0.6  # share of {target}s said with what they act on
_PLURAL_TARGET = 0.3  # of those, the share acting on several things ("stop chopping down those trees")
_TARGET_ADJECTIVE = 0.3  # and the share whose object has a colour or size ("building that red house")


def _acting_on(lexicon: Any) -> list[tuple[str, tuple[Piece, ...], tuple[NounPair, ...]]]:
    """The activities that can take what they act on (lexicon.yaml activities_on_objects), each group with
    its class (changes or others) and the nouns it fits: "building that red house", "burning the dead bush",
    not "dancing that harbor" or "burning my hatch"."""
    groups = []
    for i, group in enumerate(lexicon["activities_on_objects"]):
        where = f"lexicon.activities_on_objects[{i}]"
        missing = [source for source in group["objects"] if source not in lexicon]
        if missing:
            raise LexiconError(f"{where}: objects {missing} are not noun lists of lexicon.yaml")
        names = tuple(pair for source in group["objects"] for pair in nouns(lexicon[source], f"lexicon.{source}"))
        groups.append(("changes" if group.get("changes") else "others",
                       words(group["activities"], f"{where}.activities"), names))
    return groups


def conditions(texts: list[str], where: str) -> tuple[Template, ...]:
    """Free-form stop conditions ("for {n} minutes"): each is a whole span, so none may start on an article."""
    compiled = tuple(template(t, frozenset({"n"}), where) for t in texts)
    for condition in compiled:
        if not isinstance(condition[0], Piece) or condition[0].tokens[0] in ARTICLES:
            raise LexiconError(f"{where}: {condition!r} must start with words other than an article")
    return compiled
