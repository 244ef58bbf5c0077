"""A hostile environment, for real: a full disk, a read-only or immutable folder, a path below a file, signals.

Each ends in one line naming the path and what to do, exit 1 (130 for a signal),
no temporary file left behind, and a run that ``--resume`` completes.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scenegen.folder.manifest import read_manifest
from tests.processes import descendants

from .conftest import can_mount

MAKE = ("make", "--config", "tool_choice", "--quiet")


@contextlib.contextmanager
def tmpfs(mountpoint: Path, *options: str):
    """A size-limited (or read-only) tmpfs at ``mountpoint``; skip where mounting is not allowed."""
    if not can_mount():
        pytest.skip("mounting a tmpfs needs root")
    mountpoint.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", ",".join(options), "tmpfs", str(mountpoint)],
                             capture_output=True, text=True)
    if mounted.returncode:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        yield mountpoint
    finally:
        subprocess.run(["umount", "-l", str(mountpoint)], check=False)


def assert_one_line(result, *fragments: str) -> None:
    assert result.code == 1, result
    assert "Traceback" not in result.err
    assert result.err.count("\n") == 1, result.err
    for fragment in fragments:
        assert fragment in result.err, (fragment, result.err)


def temporaries(folder: Path) -> list[Path]:
    return list(folder.glob(".*.scenegen-tmp"))


def test_a_full_disk_stops_with_one_line_and_the_run_resumes(attempt, sandbox):
    with tmpfs(sandbox / "disk", "size=2m") as disk:
        out = disk / "run"
        result = attempt(*MAKE, "-n", "400", "--out", str(out))
        assert_one_line(result, str(out), "no space left on device", "rerun the same command with --resume")
        assert not temporaries(out)
        # Workers fill the disk in parallel: the parent may find no room even for the first job's lines.
        assert len(list(read_manifest(out / "manifest.jsonl"))) < 400
        subprocess.run(["mount", "-o", "remount,size=64m", str(disk)], check=True)
        assert attempt(*MAKE, "-n", "400", "--out", str(out), "--resume").code == 0
        validated = attempt("validate", str(out))
        assert validated.code == 0 and "400 of 400 files valid" in validated.out, validated


def test_a_read_only_folder_stops_with_one_line(attempt, sandbox):
    if can_mount():
        context: contextlib.AbstractContextManager[Path] = tmpfs(sandbox / "disk", "ro", "size=1m")
        expected = "read-only file system"
    else:
        (sandbox / "disk").mkdir(mode=0o555)
        context, expected = contextlib.nullcontext(sandbox / "disk"), "permission denied"
    with context as disk:
        result = attempt(*MAKE, "-n", "3", "--out", str(disk / "run"))
        assert_one_line(result, str(disk / "run"), expected)
        assert not (disk / "run").exists()


def test_an_immutable_run_folder_stops_with_one_line_and_resumes_once_writable(attempt, sandbox):
    out = sandbox / "run"
    assert attempt(*MAKE, "-n", "3", "--out", str(out)).code == 0
    if subprocess.run(["chattr", "+i", str(out)], capture_output=True).returncode:
        pytest.skip("chattr +i is not available here")
    try:
        result = attempt(*MAKE, "-n", "6", "--out", str(out), "--resume")
    finally:
        subprocess.run(["chattr", "-i", str(out)], check=True)
    assert_one_line(result, str(out), "not permitted", "--resume")
    assert not temporaries(out)
    assert attempt(*MAKE, "-n", "6", "--out", str(out), "--resume").code == 0
    assert "6 of 6 files valid" in attempt("validate", str(out)).out


def test_out_below_a_regular_file_stops_with_one_line(attempt, sandbox):
    (sandbox / "work" / "notes.txt").write_text("mine")
    result = attempt(*MAKE, "-n", "2", "--out", "notes.txt/run")
    assert_one_line(result, "notes.txt/run", "is a file, not a folder")
    assert not result.created


@pytest.mark.parametrize("every_process", [False, True], ids=["to the run", "to every process of the run"])
@pytest.mark.parametrize("signal_number", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_signal_stops_the_run_with_what_is_safe_and_how_to_resume(sandbox, signal_number, every_process):
    out = sandbox / "run"
    command = [sys.executable, "-m", "scenegen", *MAKE, "-n", "100000",
               "--out", str(out)]
    process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and _lines(out) < 50:
        time.sleep(0.05)
    for pid in [process.pid, *(descendants(process.pid) if every_process else ())]:  # as `pkill` or Ctrl-C would
        os.kill(pid, signal_number)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "Traceback" not in err
    recorded = _lines(out)
    assert f"interrupted: {recorded} of 100000 samples are written and recorded in {out}" in err
    assert "--resume" in err
    assert not temporaries(out)
    finish = subprocess.run([*command[:-4], "-n", str(recorded + 8), "--out", str(out), "--resume"],
                            capture_output=True, text=True)
    assert finish.returncode == 0, finish.stderr
    validated = subprocess.run([*command[:3], "validate", str(out)], capture_output=True, text=True)
    assert validated.returncode == 0 and f"{recorded + 8} of {recorded + 8} files valid" in validated.stdout


def _lines(out: Path) -> int:
    try:
        return (out / "manifest.jsonl").read_bytes().count(b"\n")
    except OSError:
        return 0
