"""scenegen.families.builder.score: block-level precision, recall and F1 on hand-made cases."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from typing import Any

import pytest

from scenegen.families.builder.score import score

RED = [0, 0, 0, "red"]
TOP = [0, 1, 0, "yellow"]
GOLD = {"add": [RED, TOP], "remove": [], "confidence": 1.0}


def test_a_perfect_answer_scores_one():
    assert score(GOLD, GOLD) == {"precision": 1.0, "recall": 1.0, "f1": 1.0, "right": 2, "predicted": 2, "gold": 2}


def test_half_the_blocks_and_one_wrong():
    result = score({"add": [RED, [0, 1, 0, "blue"]], "remove": []}, GOLD)
    assert (result["precision"], result["recall"], result["f1"]) == (0.5, 0.5, 0.5)


def test_a_partial_answer_has_full_precision():
    result = score({"add": [RED]}, GOLD)
    assert result["precision"] == 1.0 and result["recall"] == 0.5 and result["f1"] == pytest.approx(2 / 3)


def test_the_verb_matters_and_remove_counts():
    gold = {"add": [], "remove": [TOP]}
    assert score({"add": [TOP], "remove": []}, gold)["f1"] == 0.0
    assert score({"remove": [TOP]}, gold)["f1"] == 1.0


def test_text_answers_are_parsed_and_invalid_json_predicts_nothing():
    assert score('{"add": [[0, 0, 0, "red"], [0, 1, 0, "yellow"]], "remove": [], "confidence": 0.9}', GOLD)["f1"] == 1
    assert score("place a red block", GOLD) == {"precision": 0.0, "recall": 0.0, "f1": 0.0, "right": 0,
                                                "predicted": 0, "gold": 2}


def test_a_question_without_blocks_against_an_empty_gold_is_perfect():
    assert score({"add": [], "remove": [], "question": "which colour?"}, {"add": [], "remove": []})["f1"] == 1.0


def test_turns_are_summed_before_the_ratios():
    gold: list[Mapping[str, Any]] = [GOLD, {"add": [[1, 0, 0, "red"]], "remove": []}]
    result = score([{"add": [RED, TOP]}, {"add": [[2, 0, 0, "red"]]}], gold)
    assert (result["right"], result["predicted"], result["gold"]) == (2, 3, 3)
    assert result["f1"] == pytest.approx(2 / 3)
    with pytest.raises(ValueError, match="one per turn"):
        score([GOLD], gold)


def test_the_scorer_imports_without_numpy_or_the_generator():
    code = ("import sys, scenegen.families.builder.score; "
            "print('numpy' in sys.modules, 'scenegen.families.builder.family' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
