"""Bad configs of every family, broken YAML and hostile files: exit 2, the key named, nothing written."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

from scenegen.errors import ConfigError
from scenegen.factory.config_file import MAX_CONFIG_BYTES
from scenegen.plugin.config import MAX_CONFIG_DEPTH, check_config

from .conftest import assert_refused, write

TOOL_CHOICE = "family: tool_choice\n"

# Each case: the config's text, and fragments its message must hold (the offending key first).
BAD_VALUES = {
    # Tool Choice: the schema, the value grammar and the family's own feasibility checks.
    "unknown top-level key": (TOOL_CHOICE + "colour: red\n", ["unknown key 'colour'", "allowed keys"]),
    "unknown nested key": (TOOL_CHOICE + "lava: {nearr: 3}\n", ["lava", "unknown key 'nearr'"]),
    "wrong type": (TOOL_CHOICE + "lava: {near: three}\n", ["lava.near", "'three'"]),
    "out of range": (TOOL_CHOICE + "lava: {near: 99}\n", ["lava.near", "99", "maximum"]),
    "out of range in a list": (TOOL_CHOICE + "tool: {width: [0.5, 2.0]}\n", ["tool.width.1", "2.0"]),
    "out of range in a range": (TOOL_CHOICE + "ball: {z: {min: 1, max: 90}}\n", ["ball.z.max", "90"]),
    "min above max": (TOOL_CHOICE + "ball: {z: {min: 7, max: 5}}\n", ["ball.z", "min 7 is greater than max 5"]),
    "empty choice list": (TOOL_CHOICE + "correct_side: []\n", ["correct_side", "non-empty"]),
    "empty weighted choices": (TOOL_CHOICE + "correct_side: {choices: []}\n", ["correct_side.choices"]),
    "weights do not match": (TOOL_CHOICE + "other_side: {choices: [none, broken], weights: [1, 2, 3]}\n",
                             ["other_side.weights", "3 weights for 2 choices"]),
    "all weights zero": (TOOL_CHOICE + "other_side: {choices: [none, broken], weights: [0, 0]}\n",
                         ["other_side.weights", "positive"]),
    "negative weight": (TOOL_CHOICE + "other_side: {choices: [none], weights: [-1]}\n", ["other_side.weights.0", "-1"]),
    "huge weight": (TOOL_CHOICE + "other_side: {choices: [none, broken], weights: [1, 1.0e+300]}\n",
                    ["other_side.weights", "greater than the maximum of 1000000"]),
    "unknown option": (TOOL_CHOICE + "other_side: teleport\n", ["other_side", "'teleport'"]),
    "unknown family": ("family: juggling\n", ["family", "unknown family 'juggling'", "tool_choice"]),
    "missing family": ("lava: {near: 3}\n", ["family", "missing"]),
    "boolean for a number": (TOOL_CHOICE + "room: {width: true}\n", ["room.width", "True"]),
    "range on a category": (TOOL_CHOICE + "correct_side: {min: 1, max: 2}\n", ["correct_side"]),
    "range on an enumerated size": (TOOL_CHOICE + "tool: {width: {min: 0.5, max: 1.0}}\n",
                                    ["tool.width", "not allowed"]),
    "infeasible layout": (TOOL_CHOICE + "room: {width: 20}\n", ["room.width", "too narrow"]),
    "too-short tool that is not short": (TOOL_CHOICE + "tool: {too_short_length: 9}\n",
                                         ["tool.too_short_length", "shorter"]),
    "last step past its bound": (TOOL_CHOICE + "last_step: 1000000\n", ["last_step", "100000"]),
    # Numbers that are not finite, in every family and in every place a number goes.
    "NaN bound of a range": (TOOL_CHOICE + "tool: {gap: {min: 0, max: .nan}}\n", ["tool.gap.max", "not a finite"]),
    "infinite weight": (TOOL_CHOICE + "other_side: {choices: [none, broken], weights: [1, .inf]}\n",
                        ["other_side.weights.1", "not a finite"]),
    "NaN weight": (TOOL_CHOICE + "other_side: {choices: [none, broken], weights: [.nan, 1]}\n",
                   ["other_side.weights.0", "not a finite"]),
    "NaN in a list": (TOOL_CHOICE + "tool: {gap: [0.5, .NaN]}\n", ["tool.gap.1", "not a finite"]),
    "shell game NaN spacing": ("family: shell_game\nrow: {spacing: .nan}\n", ["row.spacing", "not a finite"]),
    "set rotation -inf radius": ("family: set_rotation\nturntable: {radius: -.inf}\n",
                                 ["turntable.radius", "not a finite"]),
    "helper/hinderer infinite speed": ("family: helper_hinderer\nspeed: .inf\n", ["speed", "not a finite"]),
    "caip NaN share": ("family: caip\nlocation: .nan\n", ["location", "not a finite"]),
    # Shell Game.
    "shell game misspelt nested key": ("family: shell_game\ndrag: {sidways: 1}\n", ["drag", "unknown key 'sidways'"]),
    "shell game too many containers": ("family: shell_game\ncontainers: {count: 9}\n", ["containers.count", "9"]),
    "shell game unknown order": ("family: shell_game\norder: sideways\n", ["order", "'sideways'"]),
    "shell game pairs as text": ("family: shell_game\npairs: 'yes'\n", ["pairs", "'yes'"]),
    # Set Rotation.
    "set rotation angle not allowed": ("family: set_rotation\ndegrees: 45\n", ["degrees", "45"]),
    "set rotation spacing word": ("family: set_rotation\ncontainers: {spacing: wide}\n", ["containers.spacing"]),
    "set rotation unknown direction": ("family: set_rotation\ndirection: up\n", ["direction", "'up'"]),
    # Helper/Hinderer.
    "helper/hinderer grid too small": ("family: helper_hinderer\ngrid: {size: 3}\n", ["grid.size", "3"]),
    "helper/hinderer unknown trial": ("family: helper_hinderer\ntrials: {plan: [none, kiss]}\n",
                                      ["trials.plan.1", "'kiss'"]),
    "helper/hinderer one agent type": ("family: helper_hinderer\nagents: {types: [robot]}\n", ["agents.types"]),
    # CAIP.
    "caip unknown dialogue": ("family: caip\ndialogue_type: {choices: [CHAT]}\n",
                              ["dialogue_type.choices.0", "'CHAT'"]),
    "caip share above one": ("family: caip\nnegatives: 1.5\n", ["negatives", "1.5"]),
    "caip shard size in the config (an option of the run)": ("family: caip\nshard_size: 10\n", ["shard_size"]),
}

BAD_YAML = {
    "not a mapping": ("- just\n- a list\n", ["a config is a mapping"]),
    "empty file": ("", ["empty", "family"]),
    "malformed YAML": (TOOL_CHOICE + "lava: {near: [3,\n", ["not valid YAML", "line"]),
    "two documents": (TOOL_CHOICE + "---\nfamily: caip\n", ["not valid YAML", "line 2"]),
    "duplicate top-level key": (TOOL_CHOICE + "family: shell_game\n", ["line 2", "key 'family' is given twice"]),
    "duplicate nested key": (TOOL_CHOICE + "lava:\n  near: 3\n  near: 4\n", ["line 4", "key 'near' is given twice"]),
    "number as a key": (TOOL_CHOICE + "1: 2\n", ["line 2", "key 1 is not a string"]),
    "YAML 1.1 boolean as a key": (TOOL_CHOICE + "on: 1\n", ["key True is not a string", "quote it"]),
    "an alias": (TOOL_CHOICE + "tool:\n  width: &w 0.5\n  gap: *w\n", ["aliases (*name) are not allowed"]),
    # twelve levels: 9 ** 12 lists, were the aliases followed anywhere before they are refused
    "billion laughs": (
        "family: tool_choice\ntool:\n  x0: &x0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        + "".join(f"  x{k}: &x{k} [{', '.join([f'*x{k - 1}'] * 9)}]\n" for k in range(1, 13)),
        ["aliases (*name) are not allowed"],
    ),
    "Python object tag": (TOOL_CHOICE + "lava: !!python/object/apply:os.system ['true']\n", ["not valid YAML"]),
    # Nested past the bound: refused where it is written, before anything walks it (350 levels were a RecursionError).
    "lists nested 350 deep": (TOOL_CHOICE + "tool: {width: " + "[" * 350 + "]" * 350 + "}\n",
                              ["config.yaml", "line 2, column 77", "nested more than 64 levels"]),
    "mappings nested 100 deep": (TOOL_CHOICE + "tool: " + "{a: " * 100 + "1" + "}" * 100 + "\n",
                                 ["line 2", "nested more than 64 levels"]),
    "nested past the YAML parser's own bound": (TOOL_CHOICE + "tool: " + "[" * 5000 + "]" * 5000 + "\n",
                                                ["not valid YAML", "line 2", "nesting depth"]),
}


@pytest.mark.parametrize("text, expected", [*BAD_VALUES.values(), *BAD_YAML.values()],
                         ids=[*BAD_VALUES, *BAD_YAML])
def test_bad_config_exits_2_naming_the_problem(attempt, sandbox, text, expected):
    config = write(sandbox / "config.yaml", text)
    assert_refused(attempt("make", "--config", str(config), "-n", "3"), *expected)


BAD_FILES = {
    "binary file": (bytes(range(256)) * 4, ["not UTF-8 text", "byte 0x80"]),
    "Latin-1 text": ("family: tool_choice  # été\n".encode("latin-1"), ["not UTF-8 text", "0xe9"]),
    "larger than the limit": (TOOL_CHOICE.encode() + b"#" * MAX_CONFIG_BYTES, ["larger than 1,000,000 bytes"]),
}


@pytest.mark.parametrize("data, expected", BAD_FILES.values(), ids=BAD_FILES.keys())
def test_a_file_that_is_no_config_exits_2(attempt, sandbox, data, expected):
    config = write(sandbox / "config.yaml", data)
    assert_refused(attempt("make", "--config", str(config), "-n", "3"), "--config", *expected)


def test_a_folder_given_as_config_exits_2(attempt, sandbox):
    (sandbox / "configs.yaml").mkdir()
    assert_refused(attempt("make", "--config", str(sandbox / "configs.yaml"), "-n", "3"),
                   "--config: ", "is not a regular file (a folder)")


def _fifo(folder: Path) -> str:
    os.mkfifo(folder / "config.yaml")
    return str(folder / "config.yaml")


def _socket(folder: Path) -> str:
    with socket.socket(socket.AF_UNIX) as listener:
        listener.bind(str(folder / "config.yaml"))
    return str(folder / "config.yaml")


def _dangling_link(folder: Path) -> str:
    (folder / "config.yaml").symlink_to(folder / "gone.yaml")
    return str(folder / "config.yaml")


def _link_to_a_fifo(folder: Path) -> str:
    (folder / "config.yaml").symlink_to(_fifo(folder / "work"))
    return str(folder / "config.yaml")


# Each case: what to make in the sandbox (returning the --config to give), and its message.
SPECIAL_FILES = {
    "a FIFO (reading it would wait for ever)": (_fifo, "is not a regular file (a FIFO)"),
    "/dev/zero (reading it never ends)": (lambda _: "/dev/zero", "is not a regular file (a character device)"),
    "a socket": (_socket, "is not a regular file (a socket)"),
    "a link to a FIFO": (_link_to_a_fifo, "is not a regular file (a FIFO)"),
    "a dangling link": (_dangling_link, "is a link to a missing file"),
}


@pytest.mark.parametrize("make, expected", SPECIAL_FILES.values(), ids=SPECIAL_FILES.keys())
def test_a_config_that_is_not_a_regular_file_exits_2_at_once(attempt, sandbox, make, expected):
    result = attempt("make", "--config", make(sandbox), "-n", "3")
    assert_refused(result, "--config: ", expected)
    assert "no config file" not in result.err


def test_unknown_family_for_schema_command(attempt):
    assert_refused(attempt("schema", "juggling"), "unknown family")


def test_a_config_nested_to_the_bound_reaches_the_schema(attempt, sandbox):
    lists = MAX_CONFIG_DEPTH - 3  # the document's mapping, `tool`'s and `width`'s list hold them
    config = write(sandbox / "config.yaml", TOOL_CHOICE + "tool: {width: " + "[" * lists + "]" * lists + "}\n")
    assert_refused(attempt("make", "--config", str(config), "-n", "3"), "tool.width.0", "is not of type 'number'")


@pytest.mark.parametrize("config", [5, "tool_choice", None], ids=repr)
def test_a_run_records_config_that_is_no_mapping_is_refused(config):
    with pytest.raises(ConfigError, match=r"^\(top level\): .* is not of type 'object'"):
        check_config(config, {"type": "object"})


def test_a_run_records_config_nested_too_deep_is_refused_without_recursing():
    config: dict = {"family": "tool_choice"}
    nested = config
    for _ in range(5000):  # deeper than Python's recursion limit
        nested["tool"] = nested = {}
    with pytest.raises(ConfigError, match=r"^tool(\.tool){63}: lists and mappings nested more than 64 levels"):
        check_config(config, {"type": "object"})
