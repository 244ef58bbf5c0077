"""Whole logical forms: a command (one or more actions), a question (GET_MEMORY),
tagging or a reward (PUT_MEMORY), or chatter (NOOP)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scenegen.families.caip.actions import Actions, Step
from scenegen.families.caip.config import Settings
from scenegen.families.caip.lexicon import (
    LexiconError,
    Piece,
    Template,
    needs_words,
    nouns,
    piece,
    template,
    words,
)
from scenegen.families.caip.nouns import NounPhrases
from scenegen.families.caip.numbers import Numbers
from scenegen.families.caip.say import Node, Say
from scenegen.plugin.draws import weighted_index

_REWARD = 0.3  # share of PUT_MEMORY that is a reward rather than a tag
_POSITIVE = 0.6  # share of rewards that praise
_QUESTION_SLOTS = frozenset({"ref", "ref_a", "refs", "coref"})
_FORMS = {"ref": "definite", "ref_a": "indefinite", "refs": "bare"}
_TRIPLE_SLOTS = {"tag": "has_tag", "colour": "has_colour", "size": "has_size"}


@dataclass(frozen=True)
class Question:
    parts: Template
    answer: str
    tag: str | None
    filters: dict[str, str]


class Dialogues:
    """Says the logical form of one record."""

    def __init__(self, data: Any, settings: Settings, numbers: Numbers, nouns_: NounPhrases, actions: Actions) -> None:
        self.settings, self.numbers, self.nouns, self.actions = settings, numbers, nouns_, actions
        lexicon, dialogues = data.lexicon, data.dialogues
        command = dialogues["command"]
        where = "dialogues.command"
        self.prefixes = words(command["prefixes"]["statement"], where, span=False)
        self.question_prefixes = words(command["prefixes"]["question"], where, span=False)
        # prefixes in which the speaker joins in ("let's", "can we"): their verbs name neither apart
        self.joining = frozenset(p.text for p in words(command["prefixes"]["joining"], where, span=False))
        self.suffixes = words(command["suffixes"], where, span=False)
        self.connectors = words(command["connectors"], where, span=False)
        self.endings = {kind: words(command["endings"][kind], where, span=False) for kind in ("statement", "question")}
        self._pairings_setup(data.phrases["composites"])
        # a {ref} of a question or a tag is singular ("what colour is {ref}", "{ref} is mine"): no "the stairs is"
        self.singular = nouns_.singular("reference_object")
        self.asked_about = nouns_.singular("question_object")
        self.questions = tuple(self._question(q, i) for i, q in enumerate(dialogues["get_memory"]))
        self.pick_question = weighted_index([float(q.get("weight", 1)) for q in dialogues["get_memory"]])
        self.openers = tuple(piece(t) if t else None for t in dialogues["question_openers"])
        self.closers = tuple(piece(t) if t else None for t in dialogues["question_closers"])
        put = dialogues["put_memory"]
        self.triples = tuple(
            template(t, frozenset({"ref", *_TRIPLE_SLOTS}), f"dialogues.put_memory.triples[{i}]")
            for i, t in enumerate(put["triples"])
        )
        self.untagged_share = float(put["untagged_share"])
        self.untagged = tuple(template(t, frozenset({"ref"}), f"dialogues.put_memory.untagged[{i}]")
                              for i, t in enumerate(put["untagged"]))
        self.rewards = {value: words(put["rewards"][value], "dialogues.put_memory.rewards", span=False)
                        for value in ("POSITIVE", "NEGATIVE")}
        self.addressees = tuple(piece(t) if t else None for t in put["reward_addressees"])
        self.followups = {value: tuple(piece(t) if t else None for t in put["followups"][value])
                          for value in self.rewards}
        self.triple_values = {
            "tag": words(lexicon["memory_tags"], "lexicon.memory_tags"),
            "colour": words(lexicon["colours"], "lexicon.colours"),
            "size": words(lexicon["sizes"], "lexicon.sizes"),
        }
        self._noop_setup(dialogues["noop"], lexicon)

    def _question(self, spec: Mapping[str, Any], i: int) -> Question:
        where = f"dialogues.get_memory[{i}]"
        filters = {"type": spec["filter"]}
        if "temporal" in spec:
            filters["temporal"] = spec["temporal"]
        if "action" in spec:
            filters["action_type"] = spec["action"]
        parts = template(spec["text"], _QUESTION_SLOTS, where)
        needs_words(parts, "coref", where)
        return Question(parts, spec["answer"], spec.get("tag"), filters)

    def _pairings_setup(self, spec: Mapping[str, Any]) -> None:
        """The composite pairings people make (phrases.yaml composites), those whose actions the config's mix
        has; each a tuple of (action kind, what its step asks of it or None)."""
        where = "phrases.composites"
        self.pairing_share = float(spec["share"])
        if not 0.0 <= self.pairing_share <= 1.0:
            raise LexiconError(f"{where}.share: {self.pairing_share} is not a share between 0 and 1")
        pairings, weights = [], []
        for i, entry in enumerate(spec["pairings"]):
            here = f"{where}.pairings[{i}]"
            if len(entry["steps"]) != 2:
                raise LexiconError(f"{here}: a pairing has two steps, not {len(entry['steps'])}")
            steps = tuple((str(step["action"]), self.actions.step(step, f"{here}.steps[{j}]"))
                          for j, step in enumerate(entry["steps"]))
            if all(kind in self.settings.action_kinds for kind, _ in steps):
                pairings.append(steps)
                weights.append(float(entry.get("weight", 1)))
        self.pairings: tuple[tuple[tuple[str, Step | None], ...], ...] = tuple(pairings)
        self.pick_pairing = weighted_index(weights or [1.0])

    def _noop_setup(self, spec: Mapping[str, Any], lexicon: Mapping[str, Any]) -> None:
        where = "dialogues.noop"
        self.noop_fillers: dict[str, tuple[Piece, ...]] = {
            name: words(items, f"{where}.fillers.{name}", span=False) for name, items in spec["fillers"].items()
        }
        for name, sources in spec["nouns"].items():  # {name} a singular ("this house is"), {names} a plural
            pairs = [pair for source in sources for pair in nouns(lexicon[source], f"lexicon.{source}")]
            self.noop_fillers[name] = tuple(singular for singular, _ in pairs if not singular.plural)
            self.noop_fillers[f"{name}s"] = tuple(plural for _, plural in pairs)
        self.noop_fillers["colour"] = self.triple_values["colour"]
        self.noop_fillers["size"] = self.triple_values["size"]
        slots = frozenset({*self.noop_fillers, "n"})
        entries = [t if isinstance(t, dict) else {"text": t} for t in spec["templates"]]
        self.noops = tuple(template(t["text"], slots, f"{where}.templates[{i}]") for i, t in enumerate(entries))
        self.pick_noop = weighted_index([float(t.get("weight", 1)) for t in entries])
        self.an = piece("an")

    # -- the dialogue types ---------------------------------------------------------------

    def command(self, say: Say) -> tuple[Node, list[str]]:
        """HUMAN_GIVE_COMMAND: an ordered action_sequence, with the config's action mix."""
        draws, settings = say.draws, self.settings
        question = joined = False
        if settings.prefix(draws):
            question = draws.chance(0.3)
            prefix = draws.pick(self.question_prefixes if question else self.prefixes)
            joined = prefix.text in self.joining
            say.word(prefix)
            say.features.add("prefix")
        count = settings.actions_per_command(draws)
        # two actions: for the pairings' share, a pairing people make, drawn whole ("spawn 30 cows and build a
        # fence 3 blocks high"); otherwise each action on its own
        pairing = (self.pairings[self.pick_pairing(draws)]
                   if count == 2 and self.pairings and draws.chance(self.pairing_share) else None)
        kinds, sequence = [], []
        for i in range(count):
            if i:
                say.word(draws.pick(self.connectors))
            step = None
            if pairing is None:
                kind = settings.action_type(draws)
            else:
                kind, step = pairing[i]
            kinds.append(kind)
            sequence.append(self.actions.say(say, kind, joined, step))
        if count > 1:
            say.features.add("composite")
        if settings.suffix(draws):
            say.word(draws.pick(self.suffixes))
        self._end(say, question)
        return {"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": sequence}, kinds

    def get_memory(self, say: Say) -> Node:
        draws = say.draws
        question = self.questions[self.pick_question(draws)]
        _maybe(say, draws.pick(self.openers))
        filters: Node = dict(question.filters)
        lf: Node = {"dialogue_type": "GET_MEMORY", "filters": filters, "answer_type": question.answer}
        if question.tag:
            lf["tag_name"] = question.tag
        for part in question.parts:
            if type(part) is Piece:
                say.word(part)
                continue
            node: Node = {}
            filters["reference_object"] = node
            if part.name == "coref":
                assert part.piece is not None, "_question gives every {coref} its words"
                self.nouns.coreference(say, node, part.piece)
            elif part.name == "refs":
                self.nouns.reference(say, node, 0, "question_object", form="bare")
            else:
                self.nouns.reference(say, node, 0, self.asked_about, form=_FORMS[part.name])
        _maybe(say, draws.pick(self.closers))
        self._end(say, True)
        return lf

    def put_memory(self, say: Say) -> Node:
        draws = say.draws
        if draws.chance(_REWARD):
            value = "POSITIVE" if draws.chance(_POSITIVE) else "NEGATIVE"
            data: Node = {"memory_type": "REWARD"}
            phrase = draws.pick(self.rewards[value])
            say.word(phrase)
            say.mark(data, "reward_value", value, phrase)
            _maybe(say, draws.pick(self.followups[value]))
            _maybe(say, draws.pick(self.addressees))
            self._end(say, False)
            return {"dialogue_type": "PUT_MEMORY", "upsert": {"memory_data": data}}
        untagged = draws.chance(self.untagged_share)
        data = {"memory_type": "TRIPLE"}
        reference: Node = {}
        for part in draws.pick(self.untagged if untagged else self.triples):
            if type(part) is Piece:
                say.word(part)
            elif part.name == "ref":
                self.nouns.reference(say, reference, 0, self.singular)
            else:
                say.fill(data, _TRIPLE_SLOTS[part.name], draws.pick(self.triple_values[part.name]))
        self._end(say, False)
        form: Node = {"dialogue_type": "PUT_MEMORY", "filters": {"reference_object": reference}}
        if not untagged:
            form["upsert"] = {"memory_data": data}
        return form

    def noop(self, say: Say) -> Node:
        draws = say.draws
        said: list[Piece] = []
        for part in self.noops[self.pick_noop(draws)]:
            if type(part) is Piece:
                said.append(part)
            elif part.name == "n":
                said.append(self.numbers.measure(draws))
            else:
                word = draws.pick(self.noop_fillers[part.name])
                if said and said[-1].tokens[-1] == "a" and word.an:  # "what a awesome" -> "what an awesome"
                    last = said[-1]
                    said[-1] = Piece(last.text[:-1] + "an", (*last.tokens[:-1], "an"), last.an)
                said.append(word)
        for part in said:
            say.word(part)
        self._end(say, False)
        return {"dialogue_type": "NOOP"}

    def _end(self, say: Say, question: bool) -> None:
        """Maybe end with punctuation: a question mark (its own share: people type it more than a full stop)."""
        if (self.settings.question_mark if question else self.settings.punctuation)(say.draws):
            say.word(say.draws.pick(self.endings["question" if question else "statement"]))


def _maybe(say: Say, words_: Piece | None) -> None:
    if words_ is not None:
        say.word(words_)
