"""Score a builder's answers against gold ones: block-level precision, recall and F1.

A builder answer is the seed's JSON object ``{"add": [[x, y, z, colour], ...],
"remove": [...], "confidence": ..., "question": ...}``, or its text. Each block
named is an action, (add or remove, x, y, z, colour): a predicted action is right
when the gold answer holds the same one -- the same cell, the same colour, the
same verb. Precision is right / predicted, recall right / gold, F1 their harmonic
mean; over several turns the counts are summed first (micro-averaged). An answer
that is not valid JSON is disregarded, as the seed's builder does: it predicts
nothing. Two empty answers agree perfectly (1.0 each).

This module imports only the standard library, so that ``scenegen.families.builder.score``
loads fast and no generator code comes with it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

Action = tuple[str, int, int, int, str]
Answer = Mapping[str, Any] | str


#: A reply that is one Markdown code block (```json ... ``` or ``` ... ```), as chat models often wrap JSON.
_FENCED = re.compile(r"\A\s*```[A-Za-z]*[ \t]*\n(?P<body>.*?)\n?```\s*\Z", re.DOTALL)


def parse_reply(text: str, fences: bool = False) -> dict[str, Any] | None:
    """A model's raw reply as the builder answer it holds, or None when it holds none: as the seed's builder does,
    a reply that is not a JSON object is disregarded. With ``fences``, a reply that is one Markdown code block is
    read as the JSON inside it; without, it is not JSON."""
    match = _FENCED.match(text) if fences else None
    try:
        answer = json.loads(match.group("body") if match else text)
    except ValueError:
        return None
    return answer if isinstance(answer, dict) else None


def actions(answer: Answer | None) -> set[Action]:
    """The (verb, x, y, z, colour) actions of an answer; nothing for text that is not a JSON object."""
    if isinstance(answer, str):
        try:
            answer = json.loads(answer)
        except ValueError:
            return set()
    if not isinstance(answer, Mapping):
        return set()
    found: set[Action] = set()
    for verb in ("add", "remove"):
        entries = answer.get(verb) or ()
        if not isinstance(entries, Sequence) or isinstance(entries, str):
            continue
        for entry in entries:
            if isinstance(entry, Sequence) and not isinstance(entry, str) and len(entry) == 4:
                x, y, z, colour = entry
                if all(isinstance(c, int) and not isinstance(c, bool) for c in (x, y, z)):
                    found.add((verb, x, y, z, str(colour).lower()))
    return found


def score(predicted: Answer | Iterable[Answer | None] | None,
          gold: Answer | Iterable[Answer]) -> dict[str, float | int]:
    """Precision, recall and F1 of ``predicted`` against ``gold``: one answer each, or lists of answers turn
    by turn (summed over the turns); also the counts they come from (``right``, ``predicted``, ``gold``)."""
    pairs = _pairs(predicted, gold)
    right = predicted_count = gold_count = 0
    for guess, truth in pairs:
        guessed, wanted = actions(guess), actions(truth)
        right += len(guessed & wanted)
        predicted_count += len(guessed)
        gold_count += len(wanted)
    precision = right / predicted_count if predicted_count else float(gold_count == 0)
    recall = right / gold_count if gold_count else float(predicted_count == 0)
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": precision, "recall": recall, "f1": f1, "right": right, "predicted": predicted_count,
            "gold": gold_count}


def _pairs(predicted: Any, gold: Any) -> list[tuple[Any, Any]]:
    """(predicted, gold) answers turn by turn; a single gold answer pairs with a single prediction."""
    if _one_answer(gold):
        return [(predicted, gold)]
    golds = list(gold)
    guesses = [] if predicted is None else list(predicted)
    if len(guesses) != len(golds):
        raise ValueError(f"{len(guesses)} predicted answers for {len(golds)} gold ones; give one per turn")
    return list(zip(guesses, golds, strict=True))


def _one_answer(answer: Any) -> bool:
    return isinstance(answer, (Mapping, str))
