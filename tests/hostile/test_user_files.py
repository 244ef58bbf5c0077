"""Files that are not scenegen's: whatever way a run, a resume, an overwrite or a conversion ends, the user's files in
and beside the run folder stay as they were, and a refused run touches nothing."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scenegen.folder.lock import LOCK_NAME
from scenegen.folder.manifest import MANIFEST
from scenegen.folder.output_folder import OutputFolder

from .conftest import assert_refused

MAKE = ("make", "--config", "tool_choice", "--quiet")

#: Files a user keeps in a data folder, named as a run's documents might be but for the run's prefix.
USERS = {"notes.json": b'{"mine": true}', "scenes.jsonl.zst": b"not a shard of any run",
         "table.parquet": b"PAR1 mine", "readme.txt": b"mine"}


def plant(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in USERS.items():
        (folder / name).write_bytes(data)


def assert_users_files(folder: Path) -> None:
    for name, data in USERS.items():
        assert (folder / name).read_bytes() == data, name


def test_a_fresh_run_into_a_folder_of_the_users_is_refused_and_touches_nothing(attempt, sandbox):
    out = sandbox / "data"
    plant(out)
    for options in ((), ("--resume",), ("--overwrite",)):
        refused = attempt(*MAKE, "-n", "3", "--out", str(out), *options)
        assert_refused(refused, str(out), "no scenegen run")
        assert sorted(path.name for path in out.iterdir()) == sorted(USERS)
    assert_users_files(out)


def test_a_conversion_into_a_folder_of_the_users_is_refused_and_touches_nothing(attempt, sandbox):
    source, out = sandbox / "run", sandbox / "data"
    assert attempt(*MAKE, "-n", "3", "--out", str(source)).code == 0
    plant(out)
    refused = attempt("convert", str(source), "--format", "jsonl", "--out", str(out))
    assert_refused(refused, str(out), "no scenegen run")
    assert sorted(path.name for path in out.iterdir()) == sorted(USERS)


@pytest.mark.parametrize("how", ["--resume", "--overwrite"])
def test_resume_and_overwrite_both_keep_files_the_user_added_to_a_run(attempt, sandbox, how):
    out = sandbox / "run"
    assert attempt(*MAKE, "-n", "3", "--out", str(out)).code == 0
    plant(out)
    (out / "tool_choice_000001.json").unlink()  # damage, so that the resume rewrites the manifest
    assert attempt(*MAKE, "-n", "5", "--out", str(out), how).code == 0
    assert_users_files(out)
    # The user's files are not the run's: validate says so, and reads none of them.
    report = attempt("validate", str(out)).out
    assert "5 of 5 files valid" not in report and "notes.json: $: not listed" in report


RUN = {"family": "tool_choice", "seed": 0, "split": "train", "prefix": "t_", "stem": "t",
       "storage": {"format": "files"}, "config": {}, "scenegen": "0"}


def interrupted_before_recording(out: Path) -> None:
    with OutputFolder(out, RUN) as folder:
        folder.write_document("t_000000.json", b"{}")  # written by a job, never recorded
        raise KeyboardInterrupt


def test_a_fresh_run_that_fails_before_recording_leaves_the_users_empty_folder_there_and_empty(sandbox):
    out = sandbox / "empty"
    out.mkdir()
    with pytest.raises(KeyboardInterrupt):
        interrupted_before_recording(out)
    assert out.is_dir() and not any(out.iterdir())


def test_a_refused_run_leaves_the_live_runs_temporary_and_part_files(attempt, sandbox):
    out = sandbox / "run"
    with OutputFolder(out, RUN):
        live = {".t_000001.json.scenegen-tmp": b'{"half', ".manifest-000000000064.part.scenegen-tmp": b"{}\n"}
        for name, data in live.items():
            (out / name).write_bytes(data)
        for options in ((), ("--resume",), ("--overwrite",)):
            refused = attempt(*MAKE, "-n", "3", "--out", str(out), *options)
            assert refused.code == 2 and "is in use by another scenegen run" in refused.err, refused
            for name, data in live.items():
                assert (out / name).read_bytes() == data
            assert not (sandbox / "run.incomplete").exists()


def test_a_users_resumable_run_beside_the_out_folder_is_never_removed(attempt, sandbox):
    theirs = sandbox / "data.incomplete"
    process = subprocess.Popen([sys.executable, "-m", "scenegen", *MAKE, "-n", "100000", "--out", str(theirs)])
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (theirs / MANIFEST).is_file():
            time.sleep(0.02)
        while time.monotonic() < deadline and (theirs / MANIFEST).stat().st_size < 2000:
            time.sleep(0.02)
    finally:
        process.kill()
        process.wait(timeout=60)
    recorded = (theirs / MANIFEST).read_bytes()
    assert attempt(*MAKE, "-n", "3", "--out", str(sandbox / "data")).code == 0
    overwriting = attempt(*MAKE, "-n", "3", "--out", str(sandbox / "data"), "--overwrite", "--seed", "2")
    assert overwriting.code == 2 and f"{theirs} is in the way" in overwriting.err, overwriting
    assert (theirs / MANIFEST).read_bytes() == recorded and (theirs / LOCK_NAME).exists()
    assert attempt(*MAKE, "-n", "400", "--out", str(theirs), "--resume").code == 0


@pytest.mark.parametrize("first, then", [(1, 1.0), (-0.0, 0.0)], ids=["1 then 1.0", "-0.0 then 0.0"])
def test_resume_refuses_a_config_that_draws_another_stream(attempt, sandbox, write_config, first, then):
    out = sandbox / "run"
    assert attempt("make", "--config", str(write_config({"family": "tool_choice", "tool": {"gap": first}})),
                   "-n", "2", "--out", str(out), "--quiet").code == 0
    before = {path.name: path.read_bytes() for path in out.iterdir()}
    refused = attempt("make", "--config", str(write_config({"family": "tool_choice", "tool": {"gap": then}})),
                      "-n", "4", "--out", str(out), "--resume")
    assert refused.code == 2 and "holds a different run: its config.tool.gap is" in refused.err, refused
    assert {path.name: path.read_bytes() for path in out.iterdir()} == before


def test_resume_refuses_a_run_folder_without_its_run_record(attempt, sandbox):
    out = sandbox / "run"
    assert attempt(*MAKE, "-n", "3", "--out", str(out)).code == 0
    (out / "run.json").unlink()
    before = {path.name: path.read_bytes() for path in out.iterdir()}
    refused = attempt(*MAKE, "-n", "6", "--out", str(out), "--resume")
    assert refused.code == 2 and "holds no scenegen run (no run.json) to continue" in refused.err, refused
    assert {path.name: path.read_bytes() for path in out.iterdir()} == before


def test_the_cards_command_remakes_the_run_after_a_shorter_resume(attempt, sandbox):
    out = sandbox / "run"
    assert attempt(*MAKE, "-n", "5", "--out", str(out)).code == 0
    assert attempt(*MAKE, "-n", "2", "--out", str(out), "--resume").code == 0
    card = (out / "README.md").read_text(encoding="utf-8")
    command = next(line for line in card.splitlines() if "scenegen make" in line)
    assert "-n 5 " in command, command
    assert len((out / MANIFEST).read_bytes().splitlines()) == 5
    assert json.loads((out / "run.json").read_bytes())["seed"] == 0
