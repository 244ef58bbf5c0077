"""What the command says when it fails: one line, whatever the paths and values in it hold, and advice the command
can follow (only `make` continues a run, so no other command advises `--resume`)."""

from __future__ import annotations

import errno
import os

import pytest

from scenegen.errors import StorageError

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
