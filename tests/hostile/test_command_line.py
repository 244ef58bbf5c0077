"""Bad command lines and hostile file-name prefixes: exit 2 naming the option, nothing written anywhere."""

from __future__ import annotations

import pytest

from scenegen.factory.request import MAX_SAMPLES, MAX_SEED

from .conftest import assert_refused, write

MAKE = ("make", "--config", "tool_choice", "--out", "out")

BAD_PREFIXES = {
    "parent folder": ("../escaped_", "path separator"),
    "the root": ("/", "path separator"),
    "a sub-folder": ("sub/dir_", "path separator"),
    "a backslash": ("sub\\dir_", "path separator"),
    "an absolute path": ("/tmp/escaped_", "path separator"),
    "dot": (".", "starts with a dot"),
    "dot dot": ("..", "starts with a dot"),
    "hidden": (".hidden_", "starts with a dot"),
    "a newline": ("a\nb_", "control character"),
    "an escape": ("a\x1b[31m_", "control character"),
    "a NUL": ("a\x00b", "control character"),
    "a bidi override": ("invoice_\u202egnp.", "format character (bidi control, zero-width space ...) (U+202E)"),
    "a bidi isolate": ("a\u2066b_", "invisible format character"),
    "a zero-width space": ("a\u200bb_", "invisible format character"),
    "a byte order mark": ("\ufeffscene_", "invisible format character"),
    "a line separator": ("a\u2028b_", "a line separator (U+2028)"),
    "a byte that is not UTF-8": ("a\udcffb_", "a byte that is not UTF-8 (byte 0xff)"),
    "too long": ("a" * 300, "longer than 100 bytes"),
    "too long in UTF-8": ("é" * 51, "longer than 100 bytes"),
}


@pytest.mark.parametrize("prefix, expected", BAD_PREFIXES.values(), ids=BAD_PREFIXES.keys())
def test_a_prefix_that_is_not_a_plain_name_is_refused(attempt, prefix, expected):
    assert_refused(attempt(*MAKE, "-n", "2", "--prefix", prefix), "--prefix", expected)


def test_a_bad_prefix_is_refused_before_the_family_is_built(attempt, sandbox):
    write(sandbox / "work" / "unknown.yaml", "family: no_such_family\n")
    assert_refused(attempt("make", "--config", "unknown.yaml", "-n", "2", "--prefix", "../x_"), "--prefix",
                   "path separator")


@pytest.mark.parametrize("prefix", ["", "été_", "scene-", "a" * 100])
def test_plain_prefixes_are_used_inside_the_run_folder(attempt, sandbox, prefix):
    result = attempt(*MAKE, "-n", "2", "--prefix", prefix, "--quiet")
    assert result.code == 0, result
    assert {path.split("/")[0] for path in result.created} == {"work"}
    assert (sandbox / "work" / "out" / f"{prefix}000001.json").is_file()


BAD_COUNTS_AND_SEEDS = {
    "n is zero": (["-n", "0"], "'-n': 0 is not in the range"),
    "n is negative": (["-n", "-5"], "'-n': -5 is not in the range"),
    "n is not a number": (["-n", "many"], "'many' is not a valid integer"),
    "n past the bound": (["-n", str(10**20)], f"1<=x<={MAX_SAMPLES}"),
    "n one past the bound": (["-n", str(MAX_SAMPLES + 1)], f"1<=x<={MAX_SAMPLES}"),
    "negative seed": (["-n", "3", "--seed", "-1"], "'--seed'"),
    "seed of 2**64": (["-n", "3", "--seed", str(2**64)], f"0<=x<={MAX_SEED}"),
    "seed one past the bound": (["-n", "3", "--seed", str(MAX_SEED + 1)], f"0<=x<={MAX_SEED}"),
    "seed is not a number": (["-n", "3", "--seed", "lucky"], "'lucky' is not a valid integer"),
}


@pytest.mark.parametrize("args, expected", BAD_COUNTS_AND_SEEDS.values(), ids=BAD_COUNTS_AND_SEEDS.keys())
def test_counts_and_seeds_are_bounded(attempt, args, expected):
    assert_refused(attempt(*MAKE, *args), expected)


def test_the_largest_seed_is_accepted(attempt):
    assert attempt(*MAKE, "-n", "1", "--seed", str(MAX_SEED), "--quiet").code == 0


BAD_OPTIONS = {
    "missing config file": (["--config", "no/such/file.yaml", "-n", "3"], "no config file"),
    "unknown bundled name": (["--config", "nonesuch", "-n", "3"], "bundled templates"),
    "config name too long": (["--config", "c" * 300, "-n", "3"], f"cannot read '{'c' * 300}': file name too long"),
    "config name too long with .yaml": (["--config", "c" * 252, "-n", "3"], f"--config: no config file '{'c' * 252}'"),
    "pairs for a family without them": (["--config", "tool_choice", "-n", "3", "--pairs"], "no counterfactual pairs"),
    "resume and overwrite": (["--config", "tool_choice", "-n", "3", "--resume", "--overwrite"], "exclude"),
    "no count": (["--config", "tool_choice"], "Missing option '-n'"),
    "unknown option": (["--config", "tool_choice", "-n", "3", "--colour", "red"], "No such option"),
    "empty config": (["--config", "", "-n", "3"], "--config: is empty"),
    "NUL in the config path": (["--config", "a\x00b.yaml", "-n", "3"], "'--config': a path cannot hold a NUL"),
    "unknown format": (["--config", "tool_choice", "-n", "3", "--format", "csv"], "'csv' is not one of"),
    "unknown compression": (["--config", "caip", "-n", "3", "--compression", "lz4"], "'lz4' is not one of"),
    "compression of files": (["--config", "tool_choice", "-n", "3", "--compression", "zstd"],
                             "--compression: applies to shards"),
    "shard size of files": (["--config", "caip", "-n", "3", "--format", "files", "--shard-size", "5"],
                            "--shard-size: applies to shards"),
    "empty shards": (["--config", "caip", "-n", "3", "--shard-size", "0"], "'--shard-size': 0 is not in the range"),
    "shards past the bound": (["--config", "caip", "-n", "3", "--shard-size", str(10**7)], "1<=x<=1000000"),
}


@pytest.mark.parametrize("args, expected", BAD_OPTIONS.values(), ids=BAD_OPTIONS.keys())
def test_bad_options_exit_2(attempt, args, expected):
    assert_refused(attempt("make", *args, "--out", "out"), expected)


def test_out_that_is_a_file_exits_2(attempt, sandbox):
    (sandbox / "work" / "taken").write_text("mine")
    result = attempt("make", "--config", "tool_choice", "-n", "2", "--out", "taken")
    assert_refused(result, "'--out'", "is a file")
    assert (sandbox / "work" / "taken").read_text() == "mine"


def test_out_with_a_nul_exits_2(attempt):
    assert_refused(attempt("make", "--config", "tool_choice", "-n", "3", "--out", "o\x00ut"),
                   "'--out': a path cannot hold a NUL")


def test_validate_refuses_a_path_with_a_nul(attempt):
    assert_refused(attempt("validate", "x\x00y"), "a path cannot hold a NUL")


BAD_CONVERSIONS = {
    "no such run": (["nothing", "--format", "jsonl", "--out", "x"], "'RUN': Directory 'nothing' does not exist", 2),
    "no format": (["run", "--out", "x"], "Missing option '--format'", 2),
    "no out": (["run", "--format", "jsonl"], "Missing option '--out'", 2),
    "onto itself": (["run", "--format", "jsonl", "--out", "run"], "must be another folder", 2),
    "compression of files": (["run", "--format", "files", "--compression", "gzip", "--out", "x"],
                             "--compression: applies to shards", 2),
    "not a run": ([".", "--format", "jsonl", "--out", "x"], "no run.json; not a scenegen run folder", 1),
}


@pytest.mark.parametrize("args, expected, code", BAD_CONVERSIONS.values(), ids=BAD_CONVERSIONS.keys())
def test_bad_conversions_are_refused_and_write_nothing(attempt, sandbox, args, expected, code):
    assert attempt(*MAKE[:3], "-n", "2", "--out", "run", "--quiet").code == 0
    before = sorted(path.name for path in (sandbox / "work").iterdir())
    result = attempt("convert", *args)
    assert result.code == code and expected in result.err and "Traceback" not in result.err, result
    assert sorted(path.name for path in (sandbox / "work").iterdir()) == before


# Each case: the command line (the run folder "run" made first), the option named and the message.
LONG = "a" * 300
OVER_LONG_PATHS = {
    "make: a name of 300 bytes": (["make", "--config", "tool_choice", "-n", "1", "--out", f"x/{LONG}/y"],
                                  "'--out'", "holds a name of 300 bytes"),
    "make: no room for .incomplete beside it": (["make", "--config", "tool_choice", "-n", "1", "--out", "a" * 250],
                                                "'--out'", "its last name is 250 bytes; at most 244"),
    "make: past PATH_MAX": (["make", "--config", "tool_choice", "-n", "1", "--out", "/".join(["d" * 200] * 21)],
                            "'--out'", "as an absolute path; at most 3,839"),
    "convert": (["convert", "run", "--format", "jsonl", "--out", LONG], "'--out'", "holds a name of 300 bytes"),
    "preview -o: no room for the temporary file": (["preview", "run/tool_choice_000000.json", "-o", "a" * 250],
                                                   "'-o' / '--out'", "its last name is 250 bytes; at most 241"),
    "stats --html": (["stats", "run", "--html", f"{LONG}.html"], "'--html'", "holds a name of 305 bytes"),
}


@pytest.mark.parametrize("args, option, expected", OVER_LONG_PATHS.values(), ids=OVER_LONG_PATHS.keys())
def test_an_over_long_path_to_write_is_refused_naming_its_option(attempt, args, option, expected):
    assert attempt(*MAKE[:3], "-n", "1", "--out", "run", "--quiet").code == 0
    result = attempt(*args)
    assert_refused(result, f"Invalid value for {option}: ", expected)
    assert result.err.count("\n") == 1


def test_the_longest_out_takes_an_overwrite(attempt, sandbox):
    longest = "a" * 244  # with ".incomplete", the 255 bytes a name may have
    assert attempt(*MAKE[:3], "-n", "1", "--out", longest, "--quiet").code == 0
    assert attempt(*MAKE[:3], "-n", "2", "--out", longest, "--overwrite", "--quiet").code == 0
    assert sorted(path.name for path in (sandbox / "work").iterdir()) == [longest]
