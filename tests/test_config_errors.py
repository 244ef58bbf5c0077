"""Every bad config or command line exits 2 with a message naming the problem, and writes nothing."""

from __future__ import annotations

import pytest

TOOL_CHOICE = {"family": "tool_choice"}

BAD_CONFIGS = {
    "unknown top-level key": ({**TOOL_CHOICE, "colour": "red"}, ["unknown key 'colour'", "allowed keys"]),
    "unknown nested key": ({**TOOL_CHOICE, "lava": {"nearr": 3}}, ["lava", "unknown key 'nearr'"]),
    "wrong type": ({**TOOL_CHOICE, "lava": {"near": "three"}}, ["lava.near", "'three'"]),
    "out of range": ({**TOOL_CHOICE, "lava": {"near": 99}}, ["lava.near", "99", "maximum"]),
    "out of range in a list": ({**TOOL_CHOICE, "tool": {"width": [0.5, 2.0]}}, ["tool.width.1", "2.0"]),
    "out of range in a range": ({**TOOL_CHOICE, "ball": {"z": {"min": 1, "max": 90}}}, ["ball.z.max", "90"]),
    "min above max": ({**TOOL_CHOICE, "ball": {"z": {"min": 7, "max": 5}}}, ["ball.z", "min 7 is greater than max 5"]),
    "empty choice list": ({**TOOL_CHOICE, "correct_side": []}, ["correct_side", "non-empty"]),
    "empty weighted choices": ({**TOOL_CHOICE, "correct_side": {"choices": []}}, ["correct_side.choices"]),
    "weights do not match": (
        {**TOOL_CHOICE, "other_side": {"choices": ["none", "broken"], "weights": [1, 2, 3]}},
        ["other_side.weights", "3 weights for 2 choices"],
    ),
    "all weights zero": (
        {**TOOL_CHOICE, "other_side": {"choices": ["none", "broken"], "weights": [0, 0]}},
        ["other_side.weights", "positive"],
    ),
    "negative weight": (
        {**TOOL_CHOICE, "other_side": {"choices": ["none"], "weights": [-1]}}, ["other_side.weights.0", "-1"],
    ),
    "unknown option": ({**TOOL_CHOICE, "other_side": "teleport"}, ["other_side", "'teleport'"]),
    "unknown family": ({"family": "juggling"}, ["family", "unknown family 'juggling'", "tool_choice"]),
    "missing family": ({"lava": {"near": 3}}, ["family", "missing"]),
    "boolean for a number": ({**TOOL_CHOICE, "room": {"width": True}}, ["room.width", "True"]),
    "range on a category": ({**TOOL_CHOICE, "correct_side": {"min": 1, "max": 2}}, ["correct_side"]),
    "range on an enumerated size": ({**TOOL_CHOICE, "tool": {"width": {"min": 0.5, "max": 1.0}}}, ["tool.width", "not allowed"]),
    "infeasible layout": ({**TOOL_CHOICE, "room": {"width": 20}}, ["room.width", "too narrow"]),
    "too-short tool that is not short": (
        {**TOOL_CHOICE, "tool": {"too_short_length": 9}}, ["tool.too_short_length", "shorter"],
    ),
    "not a mapping": ("- just\n- a list\n", ["a config is a mapping"]),
    "malformed YAML": ("family: tool_choice\nlava: {near: [3,\n", ["not valid YAML", "line"]),
}


@pytest.mark.parametrize("content, expected", BAD_CONFIGS.values(), ids=BAD_CONFIGS.keys())
def test_bad_config_exits_2_naming_the_problem(run_cli, write_config, tmp_path, content, expected):
    out = tmp_path / "out"
    result = run_cli("make", "--config", str(write_config(content)), "-n", "3", "--out", str(out))
    assert result.code == 2, result
    for fragment in expected:
        assert fragment in result.err, (fragment, result.err)
    assert "Traceback" not in result.err
    assert not out.exists()


BAD_COMMAND_LINES = {
    "missing file": (["--config", "no/such/file.yaml", "-n", "3"], "no config file"),
    "unknown bundled name": (["--config", "nonesuch", "-n", "3"], "bundled templates"),
    "n is zero": (["--config", "tool_choice", "-n", "0"], "-n must be a positive"),
    "n is negative": (["--config", "tool_choice", "-n", "-5"], "-n must be a positive"),
    "n is not a number": (["--config", "tool_choice", "-n", "many"], "'many' is not a valid integer"),
    "negative seed": (["--config", "tool_choice", "-n", "3", "--seed", "-1"], "--seed"),
    "pairs for a family without them": (["--config", "tool_choice", "-n", "3", "--pairs"], "no counterfactual pairs"),
    "resume and overwrite": (["--config", "tool_choice", "-n", "3", "--resume", "--overwrite"], "exclude"),
}


@pytest.mark.parametrize("args, expected", BAD_COMMAND_LINES.values(), ids=BAD_COMMAND_LINES.keys())
def test_bad_command_line_exits_2(run_cli, tmp_path, args, expected):
    result = run_cli("make", *args, "--out", str(tmp_path / "out"))
    assert result.code == 2, result
    assert expected in result.err
    assert not (tmp_path / "out").exists()


def test_unknown_family_for_schema_command(run_cli):
    result = run_cli("schema", "juggling")
    assert result.code == 2
    assert "unknown family" in result.err
