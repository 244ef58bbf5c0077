"""A run folder is never corrupt: one run at a time, overwrites that replace only when done, resumes that verify."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from scenegen.errors import ConfigError, Interrupted, StorageError
from scenegen.folder import overwrite
from scenegen.folder.lock import LOCK_NAME
from scenegen.folder.manifest import MANIFEST, read_manifest
from scenegen.folder.output_folder import OutputFolder
from scenegen.plugin import discovery as plugins
from tests.processes import descendants, wait_until_gone

MAKE = ("make", "--config", "tool_choice", "--quiet")
CLI = (sys.executable, "-m", "scenegen")
#: A run record as OutputFolder needs it: the prefix says which file names are the run's documents.
RUN = {"family": "test", "seed": 0, "split": "train", "prefix": "t_", "stem": "t", "storage": {"format": "files"},
       "config": {}, "scenegen": "0"}


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` by its relative path, with its bytes; the lock file left out."""
    return {str(path.relative_to(folder)): path.read_bytes()
            for path in sorted(folder.rglob("*")) if path.is_file() and path.name != LOCK_NAME}


def siblings(folder: Path) -> list[str]:
    """The names of what lies beside ``folder`` and starts with its name (``run.incomplete``, ``run.replaced``)."""
    return sorted(path.name for path in folder.parent.iterdir() if path.name.startswith(f"{folder.name}."))


#: How a refusal names this process when it holds the folder.
HOLDER = f"(pid {os.getpid()} on host {socket.gethostname()}, started "


def record_sample(folder: OutputFolder, index: int, role: str | None = None, data: bytes = b"{}") -> str:
    """Write sample ``index``'s document (a pair's ``role``) into ``folder`` and record it; return its name."""
    name = f"t_{index:06d}{f'_{role}' if role else ''}.json"
    entry = {"index": index, "file": name, "sha256": folder.write_document(name, data), "id": name[:-5],
             "family": "test", "split": "train", "label": {}, "params": {}}
    pair = {"pair_id": f"t_{index:06d}", "role": role, "pair": "{}"} if role else {}
    folder.record({**entry, **pair})
    return name


def manifest_lines(folder: Path) -> int:
    try:
        return (folder / MANIFEST).read_bytes().count(b"\n")
    except OSError:
        return 0


def wait_for(condition, what: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.02)


@pytest.fixture
def failing_families(monkeypatch):
    """The test families of test_plugins (``buggy``, ``fails_third``) installed as plugins."""
    real = plugins.entry_points

    def entry_points(group):
        extra = [EntryPoint(name, f"tests.test_plugins:{cls}", plugins.GROUP)
                 for name, cls in (("buggy", "Buggy"), ("fails_third", "FailsThird"))]
        return [*real(group=group), *extra]

    monkeypatch.setattr(plugins, "entry_points", entry_points)
    plugins.installed_families.cache_clear()
    yield
    plugins.installed_families.cache_clear()


# One run per folder at a time


def test_a_second_folder_on_a_held_folder_is_refused_naming_the_holder(tmp_path):
    out = tmp_path / "run"
    with OutputFolder(out, RUN) as first:
        record_sample(first, 0)
        lock = json.loads((out / LOCK_NAME).read_bytes())
        assert lock["pid"] == os.getpid() and lock["host"] == socket.gethostname()
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", lock["started"])
        before = {path.name: path.read_bytes() for path in out.iterdir()}
        for options in ({"resume": True}, {"overwrite": True}, {}):
            with pytest.raises(ConfigError) as refused:
                OutputFolder(out, RUN, **options)
            message = str(refused.value)
            assert refused.value.exit_code == 2
            assert message.startswith(f"--out: {out} is in use by another scenegen run"), message
            assert HOLDER in message and "wait for it to finish or choose another --out" in message
            assert {path.name: path.read_bytes() for path in out.iterdir()} == before
            assert siblings(out) == []
    assert not (out / LOCK_NAME).exists()
    with OutputFolder(out, RUN, resume=True) as again:
        assert set(again.done) == {0}


def test_a_held_folder_is_refused_through_the_command_line(run_cli, tmp_path):
    out = tmp_path / "run"
    assert run_cli(*MAKE, "-n", "4", "--out", str(out)).code == 0
    before = snapshot(out)
    with OutputFolder(out, json.loads((out / "run.json").read_bytes()), resume=True):
        result = run_cli(*MAKE, "-n", "8", "--out", str(out), "--resume")
        assert result.code == 2, result
        assert f"{out} is in use by another scenegen run {HOLDER}" in result.err
        assert "Traceback" not in result.err
        assert snapshot(out) == before
    assert run_cli(*MAKE, "-n", "8", "--out", str(out), "--resume").code == 0
    assert "8 of 8 files valid" in run_cli("validate", str(out)).out


def test_a_concurrent_run_is_refused_and_the_first_completes(run_cli, tmp_path):
    out = tmp_path / "run"
    first = subprocess.Popen([*CLI, *MAKE, "-n", "3000", "--out", str(out)], stderr=subprocess.PIPE, text=True)
    try:
        wait_for(lambda: (out / MANIFEST).exists() or first.poll() is not None, "the first run's manifest")
        assert first.poll() is None, "the first run ended before a second could be started"
        second = run_cli(*MAKE, "-n", "3000", "--out", str(out), "--resume")
        assert second.code == 2, second
        assert f"in use by another scenegen run (pid {first.pid} on host {socket.gethostname()}" in second.err
    finally:
        _, err = first.communicate(timeout=300)
    assert first.returncode == 0, err
    assert not (out / LOCK_NAME).exists()
    validated = run_cli("validate", str(out))
    assert validated.code == 0 and "3000 of 3000 files valid" in validated.out, validated.out[-500:]


def test_a_lock_file_left_by_a_killed_run_is_harmless(run_cli, tmp_path):
    out = tmp_path / "run"
    assert run_cli(*MAKE, "-n", "3", "--out", str(out)).code == 0
    (out / LOCK_NAME).write_text('{"pid": 999999, "host": "gone", "started": "2000-01-01T00:00:00Z"}\n')
    assert run_cli("validate", str(out)).code == 0
    assert run_cli(*MAKE, "-n", "5", "--out", str(out), "--resume").code == 0
    assert not (out / LOCK_NAME).exists()


# Overwriting


def test_an_overwrite_that_fails_leaves_the_previous_run_untouched(run_cli, write_config, failing_families, tmp_path):
    out = tmp_path / "run"
    assert run_cli(*MAKE, "-n", "4", "--seed", "3", "--out", str(out)).code == 0
    before = snapshot(out)
    failing = run_cli("make", "--config", str(write_config({"family": "fails_third"})), "-n", "5",
                      "--out", str(out), "--overwrite", "--workers", "1")
    assert failing.code == 1 and "sample 2 (seed 0)" in failing.err, failing
    buggy = run_cli("make", "--config", str(write_config({"family": "buggy"}, "bug.yaml")), "-n", "2",
                    "--out", str(out), "--overwrite")
    assert buggy.code == 3, buggy
    assert snapshot(out) == before
    assert siblings(out) == []
    assert run_cli("validate", str(out)).code == 0


@pytest.mark.parametrize("atomic", [True, False], ids=["exchanged", "renamed"])
def test_an_overwrite_that_succeeds_replaces_the_run_and_keeps_the_users_files(run_cli, monkeypatch, tmp_path, atomic):
    if not atomic:
        monkeypatch.setattr(overwrite, "exchange", lambda first, second: False)
    out, fresh = tmp_path / "run", tmp_path / "fresh"
    assert run_cli(*MAKE, "-n", "6", "--seed", "1", "--out", str(out)).code == 0
    (out / "notes.txt").write_text("mine")
    (out / "extra").mkdir()
    (out / "extra" / "more.txt").write_text("also mine")
    result = run_cli(*MAKE, "-n", "3", "--seed", "2", "--out", str(out), "--overwrite")
    assert result.code == 0, result
    assert run_cli(*MAKE, "-n", "3", "--seed", "2", "--out", str(fresh)).code == 0
    after = snapshot(out)
    assert after.pop("notes.txt") == b"mine" and after.pop("extra/more.txt") == b"also mine"
    assert after == snapshot(fresh)
    assert siblings(out) == []
    assert not (out / LOCK_NAME).exists()


def test_a_stale_incomplete_folder_is_removed_by_the_next_run(run_cli, tmp_path):
    out = tmp_path / "run"
    assert run_cli(*MAKE, "-n", "3", "--out", str(out)).code == 0
    before = snapshot(out)
    stale = tmp_path / "run.incomplete"
    stale.mkdir()
    (stale / LOCK_NAME).write_text("")
    (stale / overwrite.MARKER).write_text("run")
    (stale / "run_000000.json").write_text("{}")
    assert run_cli(*MAKE, "-n", "3", "--out", str(out), "--resume").code == 0
    assert siblings(out) == [] and snapshot(out) == before


def test_a_users_own_run_named_like_an_overwrites_folder_is_left_alone(run_cli, tmp_path):
    out = tmp_path / "data"
    assert run_cli(*MAKE, "-n", "3", "--out", str(out)).code == 0
    theirs = tmp_path / "data.incomplete"  # e.g. a killed `make --out data.incomplete`, resumable
    assert run_cli(*MAKE, "-n", "5", "--seed", "4", "--out", str(theirs)).code == 0
    (theirs / LOCK_NAME).write_text("")
    kept = snapshot(theirs)
    assert run_cli(*MAKE, "-n", "4", "--out", str(out), "--resume").code == 0
    assert snapshot(theirs) == kept


def test_a_folder_in_the_way_of_an_overwrite_is_left_alone(run_cli, tmp_path):
    out = tmp_path / "run"
    assert run_cli(*MAKE, "-n", "3", "--out", str(out)).code == 0
    before = snapshot(out)
    mine = tmp_path / "run.incomplete"
    mine.mkdir()
    (mine / "keep.txt").write_text("mine")
    result = run_cli(*MAKE, "-n", "3", "--seed", "1", "--out", str(out), "--overwrite")
    assert result.code == 2 and f"--overwrite: {mine} is in the way" in result.err, result
    assert snapshot(out) == before and (mine / "keep.txt").read_text() == "mine"


def test_a_previous_run_left_between_the_renames_of_an_overwrite_is_put_back(run_cli, tmp_path):
    out = tmp_path / "run"
    assert run_cli(*MAKE, "-n", "3", "--out", str(out)).code == 0
    (out / "notes.txt").write_text("only the previous run has me")
    before = snapshot(out)
    # Killed after renaming run to run.replaced, before renaming run.incomplete to run: both hold a lock file.
    (out / LOCK_NAME).write_text("")
    (out / overwrite.MARKER).write_text("run")
    out.rename(tmp_path / "run.replaced")
    (tmp_path / "run.incomplete").mkdir()
    (tmp_path / "run.incomplete" / LOCK_NAME).write_text("")
    (tmp_path / "run.incomplete" / overwrite.MARKER).write_text("run")
    assert run_cli(*MAKE, "-n", "3", "--out", str(out), "--resume").code == 0
    assert snapshot(out) == before and siblings(out) == []


def test_a_killed_overwrite_leaves_the_previous_run_as_it_was(run_cli, tmp_path):
    out = tmp_path / "run"
    assert run_cli(*MAKE, "-n", "20", "--seed", "1", "--out", str(out)).code == 0
    before = snapshot(out)
    building = tmp_path / "run.incomplete"
    overwrite = subprocess.Popen([*CLI, *MAKE, "-n", "100000", "--out", str(out), "--overwrite"],
                                 stderr=subprocess.DEVNULL)
    try:
        wait_for(lambda: manifest_lines(building) >= 50 or overwrite.poll() is not None, "the overwrite to start")
        assert overwrite.poll() is None, "the overwrite ended before it could be killed"
    finally:
        workers = descendants(overwrite.pid)
        overwrite.send_signal(signal.SIGKILL)
        overwrite.wait(timeout=60)
        wait_until_gone(workers)
    assert snapshot(out) == before
    assert building.is_dir()
    assert run_cli(*MAKE, "-n", "20", "--seed", "1", "--out", str(out), "--resume").code == 0
    assert snapshot(out) == before and siblings(out) == []
    assert run_cli("validate", str(out)).code == 0


def fail_overwrite(out: Path, error: Exception) -> None:
    """Overwrite the run in ``out``: write and record a document in the new one, then fail with ``error``."""
    with OutputFolder(out, {**RUN, "seed": 1}, overwrite=True) as folder:
        assert folder.root == out.with_name("run.incomplete") and folder.destination == out
        record_sample(folder, 0)
        raise error


def test_an_interrupted_overwrite_says_the_previous_run_is_unchanged(tmp_path):
    out = tmp_path / "run"
    with OutputFolder(out, RUN) as folder:
        record_sample(folder, 0)
    before = snapshot(out)
    with pytest.raises(Interrupted) as interrupted:
        fail_overwrite(out, Interrupted(f"interrupted: 1 of 9 samples are written and recorded in {out}; "
                                        "rerun the same command with --resume to continue"))
    message = str(interrupted.value)
    assert "--resume" not in message and f"{out} still holds its previous run, unchanged" in message
    assert "rerun the same command to replace it" in message
    with pytest.raises(StorageError) as refused:
        fail_overwrite(out, StorageError(f"{out}.incomplete/b.json: no space left on device; free space"))
    assert str(refused.value) == (f"{out}.incomplete/b.json: no space left on device; free space; then rerun the "
                                  f"same command; {out} still holds its previous run, unchanged")
    assert snapshot(out) == before and siblings(out) == []


# Resuming verifies what the manifest says


def damage(folder: Path, truncated: str, deleted: str, copied: str, unrecorded: str) -> None:
    """What a crash, a disk or a killed worker leaves: a truncated file, a missing one, one never recorded."""
    data = (folder / truncated).read_bytes()
    (folder / truncated).write_bytes(data[: len(data) // 2])
    (folder / deleted).unlink()
    (folder / unrecorded).write_bytes((folder / copied).read_bytes())
    (folder / f".{unrecorded}.scenegen-tmp").write_bytes(b'{"half": ')


def test_resume_redoes_damaged_and_missing_scenes_and_ends_as_an_uninterrupted_run(run_cli, tmp_path):
    damaged, fresh = tmp_path / "damaged", tmp_path / "fresh"
    assert run_cli(*MAKE, "-n", "12", "--seed", "5", "--out", str(damaged)).code == 0
    damage(damaged, "tool_choice_000003.json", "tool_choice_000007.json", "tool_choice_000001.json",
           "tool_choice_000020.json")
    assert run_cli(*MAKE, "-n", "12", "--seed", "5", "--out", str(damaged), "--resume").code == 0
    assert run_cli(*MAKE, "-n", "12", "--seed", "5", "--out", str(fresh)).code == 0
    assert snapshot(damaged) == snapshot(fresh)
    assert [entry["index"] for entry in read_manifest(damaged / MANIFEST)] == list(range(12))


def test_resume_redoes_damaged_and_missing_shards_and_ends_as_an_uninterrupted_run(run_cli, write_config, tmp_path):
    make = ("make", "--config", str(write_config({"family": "caip"})), "-n", "50", "--shard-size", "10", "--quiet")
    damaged, fresh = tmp_path / "damaged", tmp_path / "fresh"
    assert run_cli(*make, "--out", str(damaged)).code == 0
    damage(damaged, "config-00001.jsonl.zst", "config-00003.jsonl.zst", "config-00000.jsonl.zst",
           "config-00009.jsonl.zst")
    assert run_cli(*make, "--out", str(damaged), "--resume").code == 0
    assert run_cli(*make, "--out", str(fresh)).code == 0
    assert snapshot(damaged) == snapshot(fresh)
    assert [entry["first_index"] for entry in read_manifest(damaged / MANIFEST)] == [0, 10, 20, 30, 40]


def test_resume_drops_a_pair_with_one_damaged_or_unlisted_file_and_every_unsound_line(tmp_path):
    out = tmp_path / "run"
    with OutputFolder(out, RUN, per_sample=2) as folder:
        for index in range(4):
            for role in "ab":
                record_sample(folder, index, role)
    (out / "t_000001_b.json").write_text('{"damaged": 1}')
    # Sample 3's second line torn by a crash: its first line alone does not make it done.
    manifest = (out / MANIFEST).read_bytes()
    (out / MANIFEST).write_bytes(manifest[:manifest.rindex(b'{"index":3,"file":"t_000003_b') + 10] + b'{oops\n')
    with OutputFolder(out, RUN, resume=True, per_sample=2) as folder:
        assert set(folder.done) == {0, 2}
    assert sorted(path.name for path in out.glob("t_*.json")) == [
        "t_000000_a.json", "t_000000_b.json", "t_000002_a.json", "t_000002_b.json"]
    assert [entry["index"] for entry in read_manifest(out / MANIFEST)] == [0, 0, 2, 2]
    assert (out / MANIFEST).read_bytes().count(b"\n") == 4


# The manifest ends in index order


def stop_after(out: Path, *indices: int) -> None:
    """Resume the run in ``out``, record ``indices`` in this order, then fail."""
    with OutputFolder(out, RUN, resume=True) as folder:
        for index in indices:
            record_sample(folder, index)
        raise RuntimeError("the run stopped")


def test_a_manifest_recorded_out_of_order_is_put_in_order_on_a_clean_close(tmp_path):
    out = tmp_path / "run"
    with OutputFolder(out, RUN) as folder:
        for index in (2, 0, 1):
            record_sample(folder, index)
    assert [entry["index"] for entry in read_manifest(out / MANIFEST)] == [0, 1, 2]
    with pytest.raises(RuntimeError):
        stop_after(out, 4, 3)
    assert [entry["index"] for entry in read_manifest(out / MANIFEST)] == [0, 1, 2, 4, 3]
    with OutputFolder(out, RUN, resume=True) as folder:
        assert set(folder.done) == {0, 1, 2, 3, 4}
    assert [entry["index"] for entry in read_manifest(out / MANIFEST)] == [0, 1, 2, 3, 4]
