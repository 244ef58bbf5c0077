"""What follows or stands for an action: REPEAT "3 times", STOP_CONDITION, and the
target of STOP / RESUME / UNDO ("stop building the house")."""

from __future__ import annotations

from typing import Any

from ...draws import Draws, weighted_index
from .config import Settings
from .lexicon import ARTICLES, LexiconError, Piece, Slot, Template, nouns, piece, template, words
from .numbers import Numbers
from .say import Node, Say


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
        self.adjacent = tuple(template(t, frozenset({"block"}), where) for t in stops["ADJACENT_TO_BLOCK_TYPE"])
        self.conditions = conditions(stops["CONDITION"], f"{where}.CONDITION")
        self.blocks = words(lexicon["terrain_blocks"], "lexicon.terrain_blocks")
        targets = actions["targets"]
        self.activities = words(lexicon["activities"], "lexicon.activities")
        # the activities that can take what they act on, each group with the nouns it fits: "building that red
        # house", "burning the dead bush", not "dancing that harbor" or "burning my hatch"
        self.acting_on: list[tuple[tuple[Piece, ...], tuple[Piece, ...]]] = []
        singulars: dict[str, tuple[Piece, ...]] = {}
        for i, group in enumerate(lexicon["activities_on_objects"]):
            where = f"lexicon.activities_on_objects[{i}]"
            missing = [source for source in group["objects"] if source not in lexicon]
            if missing:
                raise LexiconError(f"{where}: objects {missing} are not noun lists of lexicon.yaml")
            for source in group["objects"]:
                if source not in singulars:
                    singulars[source] = tuple(pair[0] for pair in nouns(lexicon[source], f"lexicon.{source}"))
            names = tuple(name for source in group["objects"] for name in singulars[source])
            self.acting_on.append((words(group["activities"], f"{where}.activities"), names))
        self.pick_acting = weighted_index([float(len(activities)) for activities, _ in self.acting_on])
        self.target_determiners = words(targets["determiners"], "actions.targets.determiners", span=False)
        self.target_adjectives = words(lexicon["colours"], "lexicon.colours") + words(lexicon["sizes"], "lexicon.sizes")

    def repeat_times(self, say: Say, action: Node) -> None:
        """ "3 times" / "twice" after an action: the action's FOR repeat."""
        draws = say.draws
        repeat: Node = {"repeat_key": "FOR"}
        action["repeat"] = repeat
        say.features.add("repeat")
        if draws.chance(0.15):
            say.fill(repeat, "repeat_count", self.numbers.times_word(draws))
            return
        for part in draws.pick(self.times):
            if type(part) is Slot:
                say.fill(repeat, "repeat_count", self.numbers.count(draws))
            else:
                say.word(part)

    def stop_condition(self, say: Say, loop: Node, kinds: tuple[str, ...], free: tuple[Template, ...]) -> None:
        """``loop``'s STOP_CONDITION, of one of ``kinds`` (NEVER, ADJACENT_TO_BLOCK_TYPE, CONDITION); a
        CONDITION is one of the ``free`` phrases, its whole text the condition_span."""
        draws = say.draws
        kind = draws.pick(kinds)
        node: Node = {}
        loop["stop_condition"] = node
        say.features.add("stop_condition")
        if kind == "NEVER":
            phrase = draws.pick(self.never)
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

    def target(self, say: Say, action: Node, with_object: bool) -> None:
        """target_action_type: an activity ("building"), maybe with what it acts on ("building that red house")."""
        draws = say.draws
        with_object = with_object and draws.chance(0.6)
        if with_object:
            activities, names = self.acting_on[self.pick_acting(draws)]
            said = draws.pick(activities) + draws.pick(self.target_determiners)
            if draws.chance(0.3):
                said = said + draws.pick(self.target_adjectives)
            said = said + draws.pick(names)
        else:
            said = draws.pick(self.activities)
        say.fill(action, "target_action_type", said)


def conditions(texts: list[str], where: str) -> tuple[Template, ...]:
    """Free-form stop conditions ("for {n} minutes"): each is a whole span, so none may start on an article."""
    compiled = tuple(template(t, frozenset({"n"}), where) for t in texts)
    for condition in compiled:
        if not isinstance(condition[0], Piece) or condition[0].tokens[0] in ARTICLES:
            raise LexiconError(f"{where}: {condition!r} must start with words other than an article")
    return compiled
