"""The builder family as a benchmark: each turn of a dialogue a prompt, a model's replies scored turn by turn.

A turn is one prompt (``<dialogue id>/<turn>``): the system prompt, the dialogue so
far (the architect's instructions, the builder's gold answers) and the turn's
instruction with the world it is given in; its gold is the turn's answer. An
under-specified turn is two: first the ask step (``.../ask``), whose gold is a
question (what is missing, the gold question, a confidence below 1), then, after the
builder's question and the architect's answer, the build step.

Scores (:func:`BuilderBenchmark.score`): the blocks of the build steps (precision,
recall and F1 of (verb, x, y, z, colour) actions, summed over turns), colour
accuracy where a block was put in a right cell, unneeded blocks (added where the
gold adds none), the correction turns' F1, whether the model asked where something
was missing and kept quiet where nothing was; broken down by part kind and level;
and each dialogue's final world (the model's answers applied in turn to the world
standing at the start) against its target. A reply that is not a JSON object is no answer
(``fences`` reads one wrapped in a Markdown code block).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from scenegen.families.builder import prompt
from scenegen.families.builder.score import Action, actions, parse_reply
from scenegen.plugin.benchmark import Item

ASK = "ask"
BUILD = "build"


class BuilderBenchmark:
    """Prompts and scores of builder dialogues (see the module docstring)."""

    def items(self, record: Mapping[str, Any]) -> Iterator[Item]:
        history: list[prompt.Message] = [{"role": "system", "content": prompt.system_prompt(record["height"])}]
        level = record.get("level", "all")
        for number, (turn, kind) in enumerate(zip(record["turns"], turn_kinds(record), strict=True)):
            asked = prompt.said(turn["instruction"], turn["world_before"], record.get("position"))
            meta = {"dialogue": record["id"], "turn": number, "kind": kind, "level": level,
                    "correction": bool(turn["answer"]["remove"]) and not turn["answer"]["add"]}
            clarification = turn.get("clarification")
            # what the instruction leaves out (a question settles it before the build step)
            meta["missing"] = clarification["missing"] if clarification else []
            history.append(asked)
            if clarification is not None:
                question = asking_reply(clarification)
                yield Item(f"{record['id']}/{number}/{ASK}", list(history), question, {**meta, "step": ASK})
                history += [prompt.answered(question), prompt.resolved(clarification["answer"])]
            yield Item(f"{record['id']}/{number}", list(history), turn["answer"], {**meta, "step": BUILD})
            history.append(prompt.answered(turn["answer"]))

    def gold_reply(self, item: Item) -> str:
        return prompt.reply_text(item.gold)

    def score(self, records: Iterable[tuple[Mapping[str, Any], Sequence[tuple[Item, str | None]]]],
              fences: bool) -> dict[str, Any]:
        tally = _Tally()
        for record, replies in records:
            world = {("add", *block) for block in _blocks(record.get("start", ()))}
            for item, reply in replies:
                answer = parse_reply(reply, fences) if reply is not None else None
                tally.add(item, answer, reply is not None)
                if item.meta["step"] == BUILD:
                    world = _applied(world, actions(answer))
            tally.dialogue(world, {("add", *block) for block in _blocks(record["target"])})
        return tally.report()

    def report_text(self, report: Mapping[str, Any]) -> str:
        blocks, ask = report["blocks"], report["clarification"]
        lines = [
            (f"build turns {blocks['turns']}: precision {blocks['precision']:.3f}, recall {blocks['recall']:.3f}, "
            f"F1 {blocks['f1']:.3f}; colour accuracy {report['colour_accuracy']:.3f}; unneeded blocks "
            f"{report['unneeded_blocks']} ({report['unneeded_per_turn']:.2f} a turn)"),
            f"correction turns {report['corrections']['turns']}: F1 {report['corrections']['f1']:.3f}",
            (f"asked where something was missing: {ask['asked_when_missing']:.3f} of {ask['ask_turns']}; kept quiet "
            f"where nothing was: {ask['quiet_when_complete']:.3f} of {ask['complete_turns']}"),
            (f"dialogues {report['dialogues']['count']}: final world F1 {report['dialogues']['mean_f1']:.3f}, built "
            f"exactly {report['dialogues']['exact']:.3f}"),
            f"replies that are no answer (not JSON, or missing): {report['no_answer']}",
            "F1 by part kind: " + ", ".join(f"{kind} {row['f1']:.3f}" for kind, row in report["by_kind"].items()),
            "F1 by level: " + ", ".join(f"{level} {row['f1']:.3f}" for level, row in report["by_level"].items()),
        ]
        return "\n".join(lines)


#: What the builder family's ``benchmark`` names.
BENCHMARK = BuilderBenchmark()


def asking_reply(clarification: Mapping[str, Any]) -> dict[str, Any]:
    """The gold reply of an ask step: nothing built yet, the confidence of the under-specified instruction, the
    question."""
    return {"add": [], "remove": [], "confidence": clarification["confidence"], "question": clarification["question"]}


#: The parts a turn of each habit builds: a move or lift none (it moves the part built last), a repeat from the
#: other corners three.
_HABIT_PARTS = {"move": 0, "lift": 0, "corners": 3}


def turn_kinds(record: Mapping[str, Any]) -> list[str]:
    """The part kind each turn builds, or takes back (a correction turn follows the part it corrects); a turn of
    the architect's habits by its habit (move, lift, corners)."""
    parts = iter(part["kind"] for part in record["parts"])
    kinds: list[str] = []
    for turn in record["turns"]:
        habit = turn.get("habit")
        if habit is not None:
            for _ in range(_HABIT_PARTS[habit]):
                next(parts)
            kinds.append(habit)
            continue
        correcting = bool(turn["answer"]["remove"]) and not turn["answer"]["add"]
        kinds.append(kinds[-1] if correcting and kinds else next(parts))
    return kinds


def _blocks(target: Any) -> list[tuple[int, int, int, str]]:
    return [(x, y, z, str(colour)) for x, y, z, colour in target]


def _applied(world: set[Action], answer: set[Action]) -> set[Action]:
    """``world`` (its blocks as add actions) after an answer: its removes taken away (by cell), its adds put in."""
    removed = {cell[1:4] for cell in answer if cell[0] == "remove"}
    kept = {block for block in world if block[1:4] not in removed}
    return kept | {block for block in answer if block[0] == "add"}


class _Counts:
    """Right, predicted and gold actions, summed."""

    def __init__(self) -> None:
        self.right = self.predicted = self.gold = self.turns = 0

    def add(self, guessed: set[Action], wanted: set[Action]) -> None:
        self.right += len(guessed & wanted)
        self.predicted += len(guessed)
        self.gold += len(wanted)
        self.turns += 1

    def scores(self) -> dict[str, Any]:
        precision = self.right / self.predicted if self.predicted else float(self.gold == 0)
        recall = self.right / self.gold if self.gold else float(self.predicted == 0)
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        return {"turns": self.turns, "precision": precision, "recall": recall, "f1": f1, "right": self.right,
                "predicted": self.predicted, "gold": self.gold}


class _Tally:
    """The scores of a run's replies as they are added."""

    def __init__(self) -> None:
        self.blocks, self.corrections = _Counts(), _Counts()
        self.by_kind: dict[str, _Counts] = defaultdict(_Counts)
        self.by_level: dict[str, _Counts] = defaultdict(_Counts)
        self.right_cells = self.right_colours = self.unneeded = self.no_answer = 0
        self.asks = {"ask_turns": 0, "asked": 0, "complete_turns": 0, "quiet": 0}
        self.finals: list[float] = []
        self.turns: list[dict[str, Any]] = []

    def add(self, item: Item, answer: dict[str, Any] | None, replied: bool) -> None:
        meta = item.meta
        asked = answer is not None and isinstance(answer.get("question"), str) and bool(answer["question"].strip())
        self.no_answer += answer is None
        row: dict[str, Any] = {"id": item.id, "step": meta["step"], "kind": meta["kind"], "replied": replied,
                               "answer": answer is not None, "asked": asked}
        if meta["step"] == ASK:
            self.asks["ask_turns"] += 1
            self.asks["asked"] += asked
        else:
            self._build(meta, actions(answer), actions(item.gold), asked, row)
        self.turns.append(row)

    def _build(self, meta: Mapping[str, Any], guessed: set[Action], wanted: set[Action], asked: bool,
               row: dict[str, Any]) -> None:
        for counts in (self.blocks, self.by_kind[meta["kind"]], self.by_level[str(meta["level"])]):
            counts.add(guessed, wanted)
        if meta["correction"]:
            self.corrections.add(guessed, wanted)
        if not meta["missing"]:  # a build step after a question is not asked to keep quiet: the ask step scored it
            self.asks["complete_turns"] += 1
            self.asks["quiet"] += not asked
        gold_adds = {block[1:4]: block[4] for block in wanted if block[0] == "add"}
        placed = [block for block in guessed if block[0] == "add"]
        in_right_cells = [block for block in placed if block[1:4] in gold_adds]
        self.right_cells += len(in_right_cells)
        self.right_colours += sum(gold_adds[block[1:4]] == block[4] for block in in_right_cells)
        self.unneeded += len(placed) - len(in_right_cells)
        turn = _Counts()
        turn.add(guessed, wanted)
        row.update({key: value for key, value in turn.scores().items() if key != "turns"})

    def dialogue(self, built: set[Action], target: set[Action]) -> None:
        counts = _Counts()
        counts.add(built, target)
        self.finals.append(counts.scores()["f1"])

    def report(self) -> dict[str, Any]:
        asks = self.asks
        return {
            "blocks": self.blocks.scores(),
            "colour_accuracy": self.right_colours / self.right_cells if self.right_cells else 0.0,
            "unneeded_blocks": self.unneeded,
            "unneeded_per_turn": self.unneeded / self.blocks.turns if self.blocks.turns else 0.0,
            "corrections": self.corrections.scores(),
            "clarification": {
                "ask_turns": asks["ask_turns"], "complete_turns": asks["complete_turns"],
                "asked_when_missing": asks["asked"] / asks["ask_turns"] if asks["ask_turns"] else 1.0,
                "quiet_when_complete": asks["quiet"] / asks["complete_turns"] if asks["complete_turns"] else 1.0,
            },
            "no_answer": self.no_answer,
            "by_kind": {kind: counts.scores() for kind, counts in sorted(self.by_kind.items())},
            "by_level": {level: counts.scores() for level, counts in sorted(self.by_level.items())},
            "dialogues": {"count": len(self.finals),
                          "mean_f1": sum(self.finals) / len(self.finals) if self.finals else 0.0,
                          "exact": sum(f == 1.0 for f in self.finals) / len(self.finals) if self.finals else 0.0},
            "turns": self.turns,
        }

