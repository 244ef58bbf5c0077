"""What the command says when it fails: one line, whatever the paths and values in it hold, and advice the command
can follow (only `make` continues a run, so no other command advises `--resume`)."""

from __future__ import annotations

import errno
import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scenegen.cli import one_line
from scenegen.errors import OUT_OF_MEMORY, StorageError
from scenegen.factory.pipeline import Pipeline

from .conftest import assert_refused

MAKE = ("make", "--config", "tool_choice", "-n", "1", "--quiet")


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EACCES, errno.EPERM, errno.EIO,
                                  errno.EISDIR, errno.ENAMETOOLONG], ids=errno.errorcode.get)
def test_the_file_systems_refusals_say_what_to_fix_and_nothing_of_resume(code):
    message = str(StorageError.of(OSError(code, os.strerror(code)), "out/page.html"))
    assert message.startswith(f"out/page.html: {os.strerror(code).lower()}"), message
    assert "resume" not in message and "\n" not in message


def test_preview_that_cannot_write_its_picture_does_not_advise_resume(attempt, sandbox, monkeypatch):
    assert attempt(*MAKE, "--out", "run").code == 0
    scene = sandbox / "work" / "run" / "tool_choice_000000.json"

    def refuse(*_args: object) -> None:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(os, "replace", refuse)
    result = attempt("preview", str(scene), "-o", "scene.svg")
    assert_refused(result, "scene.svg: input/output error", code=1)
    assert "resume" not in result.err


def test_running_out_of_memory_is_the_environment_not_a_bug(attempt, monkeypatch):
    produce = Pipeline.produce_many

    def exhausting(self: Pipeline, indices: list[int]) -> list:
        if max(indices) >= 4:
            raise MemoryError
        return produce(self, indices)

    monkeypatch.setattr(Pipeline, "produce_many", exhausting)
    result = attempt("make", "--config", "tool_choice", "-n", "8", "--workers", "1", "--out", "out", "--quiet")
    assert result.code == 1, result
    assert result.err.startswith(f"error: {OUT_OF_MEMORY}") and result.err.count("\n") == 1, result.err
    assert "bug" not in result.err


UNPRINTABLE = "a\nb\rc\td\x1be[31m\u202ef\u2028g\udcff"
ESCAPED = "a\\nb\\rc\\td\\x1be[31m\\u202ef\\u2028g\\udcff"


def test_a_path_that_holds_control_characters_stays_on_one_line(attempt):
    made = attempt(*MAKE, "--out", UNPRINTABLE, "--quiet")
    assert made.code == 0, made
    again = attempt(*MAKE, "--out", UNPRINTABLE)
    assert_refused(again, f"error: --out: {os.getcwd()}/{ESCAPED} already holds a run")
    assert again.err.count("\n") == 1


def test_a_config_path_that_holds_control_characters_stays_on_one_line(attempt):
    result = attempt("make", "--config", UNPRINTABLE, "-n", "1")
    assert_refused(result, f"error: --config: no config file '{ESCAPED}'")
    assert result.err.count("\n") == 1


def test_the_summary_of_a_run_stays_on_one_line(attempt):
    result = attempt("make", "--config", "tool_choice", "-n", "1", "--out", UNPRINTABLE)
    assert result.code == 0 and result.out.startswith(f"wrote 1 scenes to {ESCAPED} in "), result
    assert result.out.count("\n") == 1


@given(st.text())
def test_one_line_leaves_nothing_that_breaks_or_hides_a_line(text):
    shown = one_line(text)
    assert shown.isprintable() and len(shown.splitlines()) <= 1
    assert shown == text or not text.isprintable()
