"""The builder run as a benchmark: `scenegen export RUN --as chat` writes the prompts, `scenegen score RUN REPLIES`
grades a model's raw replies; played here by perfect, empty, shifted, mirrored, garbage and fenced "models"."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scenegen.families.builder.benchmark import BENCHMARK, turn_kinds
from scenegen.families.builder.family import Builder
from scenegen.families.builder.world import COLOURS, HIGH, LOW
from scenegen.reading.dataset import read

Model = Callable[[dict[str, Any]], str]


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> Path:
    """A bundled builder run of 40 dialogues."""
    from scenegen.factory.request import RunRequest
    from scenegen.factory.run import make

    out = tmp_path_factory.mktemp("builder") / "run"
    make(RunRequest("builder.yaml", 40, out=out, progress=False, workers=1))
    return out


def prompts(run_cli, run: Path, tmp_path: Path) -> list[dict[str, Any]]:
    """The run's prompts with their gold replies, as `export --with-gold -o` writes them."""
    path = tmp_path / "prompts.jsonl"
    result = run_cli("export", str(run), "--as", "chat", "--with-gold", "-o", str(path))
    assert result.code == 0, result.err
    return [json.loads(line) for line in path.read_text().splitlines()]


def played(run_cli, run: Path, tmp_path: Path, model: Model, *options: str) -> dict[str, Any]:
    """The report of `score` on the replies ``model`` gives to every prompt (the gold reply in hand)."""
    replies = tmp_path / "replies.jsonl"
    lines = [json.dumps({"id": p["id"], "reply": model(json.loads(p["messages"][-1]["content"]))})
             for p in prompts(run_cli, run, tmp_path)]
    replies.write_text("\n".join(lines) + "\n")
    result = run_cli("score", str(run), str(replies), "--json", *options)
    assert result.code == 0, result.err
    return json.loads(result.out)


def moved(gold: dict[str, Any], cell: Callable[[list[Any]], list[Any]]) -> str:
    return json.dumps({**gold, "add": [cell(b) for b in gold["add"]], "remove": [cell(b) for b in gold["remove"]]})


def test_a_perfect_model_scores_one_everywhere(run_cli, run, tmp_path):
    report = played(run_cli, run, tmp_path, json.dumps)
    assert report["blocks"]["f1"] == 1.0 and report["colour_accuracy"] == 1.0 and report["unneeded_blocks"] == 0
    assert report["corrections"]["f1"] == 1.0 and report["dialogues"]["exact"] == 1.0
    assert report["clarification"]["asked_when_missing"] == 1.0 == report["clarification"]["quiet_when_complete"]
    assert report["clarification"]["ask_turns"] > 0 and report["no_answer"] == 0
    assert all(row["f1"] == 1.0 for row in report["by_kind"].values())


def test_an_empty_model_builds_nothing(run_cli, run, tmp_path):
    report = played(run_cli, run, tmp_path, lambda gold: "{}")
    assert report["blocks"]["recall"] == 0.0 and report["blocks"]["predicted"] == 0 and report["no_answer"] == 0
    assert report["clarification"]["asked_when_missing"] == 0.0 and report["dialogues"]["mean_f1"] == 0.0


def test_a_model_one_step_east_is_partly_right_and_builds_no_dialogue(run_cli, run, tmp_path):
    """A part's blocks shifted one step east overlap where it runs west to east (a row, a floor): partial credit."""
    report = played(run_cli, run, tmp_path, lambda gold: moved(gold, lambda b: [b[0] + 1, *b[1:]]))
    assert 0 < report["blocks"]["f1"] < 0.6 and report["unneeded_blocks"] > 0 and report["dialogues"]["exact"] == 0


def test_a_mirrored_model_is_right_only_where_a_part_is_its_own_mirror(run_cli, run, tmp_path):
    """West and east swapped: a block is right only where the gold adds (or removes) a block of its colour at the
    mirror cell (on the line x = 0, or a part symmetric about it)."""
    report = played(run_cli, run, tmp_path, lambda gold: moved(gold, lambda b: [-b[0], *b[1:]]))
    golds = [p["gold"] for p in prompts(run_cli, run, tmp_path) if "question" not in p["gold"]]
    mirrored = sum(len({(-x, y, z, c) for x, y, z, c in gold[verb]} & {tuple(block) for block in gold[verb]})
                   for gold in golds for verb in ("add", "remove"))
    assert report["blocks"]["right"] == mirrored
    assert report["blocks"]["f1"] < 0.5


def test_a_model_of_the_wrong_colours_is_in_the_right_cells(run_cli, run, tmp_path):
    def recoloured(block: list[Any]) -> list[Any]:
        return [*block[:3], COLOURS[(COLOURS.index(block[3]) + 1) % len(COLOURS)]]

    report = played(run_cli, run, tmp_path, lambda gold: moved(gold, recoloured))
    assert report["colour_accuracy"] == 0.0 and report["unneeded_blocks"] == 0 and report["blocks"]["f1"] == 0.0


def test_garbage_replies_are_no_answers(run_cli, run, tmp_path):
    report = played(run_cli, run, tmp_path, lambda gold: "Sure! Here are the blocks: [[0, 0, 0, red]]")
    assert report["no_answer"] == report["replies"]["prompts"] and report["blocks"]["f1"] == 0.0


def test_fenced_json_is_read_only_with_the_flag(run_cli, run, tmp_path):
    def fenced(gold: dict[str, Any]) -> str:
        return f"```json\n{json.dumps(gold)}\n```"

    assert played(run_cli, run, tmp_path, fenced)["blocks"]["f1"] == 0.0
    assert played(run_cli, run, tmp_path, fenced, "--fences")["blocks"]["f1"] == 1.0


def test_a_prompt_without_a_reply_is_no_answer(run_cli, run, tmp_path):
    first = prompts(run_cli, run, tmp_path)[0]
    replies = tmp_path / "one.jsonl"
    replies.write_text(json.dumps({"id": first["id"], "reply": first["messages"][-1]["content"]}) + "\n")
    report = json.loads(run_cli("score", str(run), str(replies), "--json").out)
    assert report["replies"]["given"] == 1 and report["no_answer"] == report["replies"]["prompts"] - 1


@pytest.mark.parametrize(("lines", "message"), [
    (['{"id": "nobody", "reply": "{}"}'], "1 replies to no prompt of the run (first: 'nobody')"),
    (["not json"], "replies.jsonl:1: not a JSON object"),
    (['{"id": 3, "reply": "{}"}'], "replies.jsonl:1: each line is an object"),
    (['{"id": "builder_000000/0", "reply": "{}"}'] * 2, "replies.jsonl:2: a second reply to 'builder_000000/0'"),
])
def test_a_broken_replies_file_is_refused_naming_the_line(run_cli, run, tmp_path, lines, message):
    replies = tmp_path / "replies.jsonl"
    replies.write_text("\n".join(lines) + "\n")
    out = tmp_path / "scores.json"
    result = run_cli("score", str(run), str(replies), "-o", str(out))
    assert result.code == 2 and message in result.err and not out.exists()


def test_a_run_of_a_family_without_prompts_is_refused(run_cli, tmp_path):
    out = tmp_path / "caip"
    assert run_cli("make", "--config", "caip.yaml", "-n", "5", "--quiet", "--out", str(out)).code == 0
    result = run_cli("export", str(out), "--as", "chat")
    assert result.code == 2 and "caip family's runs are not a benchmark" in result.err and "builder" in result.err


def test_each_turn_is_a_prompt_and_an_under_specified_one_asks_first(run):
    for record, _ in read(run):
        items = list(BENCHMARK.items(record))
        asks = [item for item in items if item.meta["step"] == "ask"]
        assert len(items) == len(record["turns"]) + len(asks)
        assert len({item.id for item in items}) == len(items)
        for item in asks:
            assert item.gold["question"] and 0 < item.gold["confidence"] < 1 and not item.gold["add"]
        for item in items:
            turn = record["turns"][item.meta["turn"]]
            # the instruction's message shows the world (the last message, or the third last after a question)
            shown = item.messages[-3 if item.meta["step"] == "build" and item.meta["missing"] else -1]["content"]
            assert (json.dumps(turn["world_before"]) if turn["world_before"] else "The world is empty.") in shown
            assert item.messages[0]["role"] == "system" and f"x = {LOW} to {HIGH}" in item.messages[0]["content"]


def test_a_correction_turn_is_scored_under_the_part_it_corrects(run):
    for record, _ in read(run):
        kinds = turn_kinds(record)
        for turn, kind in zip(record["turns"], kinds, strict=True):
            if "habit" in turn:  # a move or lift removes too: scored as its habit
                assert kind == turn["habit"]
            elif turn["answer"]["remove"]:
                cells = {tuple(block[:3]) for block in turn["answer"]["remove"]}
                assert kind in {part["kind"] for part in record["parts"]} and cells


def baseline_scores(level: str, dialogues: int = 120) -> dict[str, Any]:
    """The rule-based baseline's scores on a bundled level's dialogues, played in process."""
    from scenegen.factory.config_file import read_config
    from scenegen.families.builder.baseline import reply
    from scenegen.plugin.config import check_config
    from scenegen.plugin.discovery import bundled_templates

    from .support import build, records

    config = read_config(bundled_templates()[f"builder_{level}.yaml"])
    family = build({key: value for key, value in config.items() if key != "family"})
    made = [{**record, "id": f"d{i}"} for i, record in enumerate(records(family, dialogues, seed=3))]
    played = [(record, [(item, reply(item.messages)) for item in BENCHMARK.items(record)]) for record in made]
    assert check_config(config, Builder.config_schema())["level"] == level
    return BENCHMARK.score(played, fences=False)


def test_the_levels_are_harder_for_the_rule_based_baseline():
    """It builds every simple dialogue exactly; on hard ones (look-alikes it cannot tell apart, structures
    standing from the start, references it cannot know are ambiguous) clearly fewer."""
    simple, medium, hard = (baseline_scores(level) for level in ("simple", "medium", "hard"))
    assert simple["dialogues"]["exact"] == 1.0 and simple["blocks"]["f1"] == 1.0
    assert medium["dialogues"]["exact"] >= 0.9
    assert hard["dialogues"]["exact"] <= simple["dialogues"]["exact"] - 0.15
    assert hard["blocks"]["f1"] < medium["blocks"]["f1"] < simple["blocks"]["f1"] + 1e-9
    assert hard["clarification"]["asked_when_missing"] < 0.95
