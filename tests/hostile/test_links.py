"""Links and special files in and at the run folder: nothing is written through a link, and nothing outside the run
folder is created, changed or deleted."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scenegen.folder.lock import LOCK_NAME
from scenegen.folder.manifest import MANIFEST, RUN_RECORD

MAKE = ("make", "--config", "tool_choice", "--quiet")


def snapshot(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir()) if path.is_file()}


@pytest.fixture
def outside(sandbox):
    """A file outside every run folder that a planted link points to."""
    target = sandbox / "outside.txt"
    target.write_bytes(b"not scenegen's\n")
    return target


@pytest.mark.parametrize("name", [MANIFEST, RUN_RECORD, "README.md", LOCK_NAME])
def test_a_link_where_scenegen_writes_a_run_file_is_refused(attempt, sandbox, outside, name):
    out = sandbox / "run"
    assert attempt(*MAKE, "-n", "3", "--out", str(out)).code == 0
    (out / name).unlink(missing_ok=True)
    (out / name).symlink_to(outside)
    before = snapshot(out)
    for command in ((*MAKE, "-n", "5", "--out", str(out), "--resume"),
                    ("convert", str(sandbox / "other"), "--format", "jsonl", "--out", str(out), "--overwrite")):
        if command[0] == "convert" and not (sandbox / "other").exists():
            assert attempt(*MAKE, "-n", "2", "--out", str(sandbox / "other")).code == 0
        refused = attempt(*command)
        assert refused.code == 2 and f"{out / name} is a link" in refused.err, refused
        assert "Traceback" not in refused.err
        assert outside.read_bytes() == b"not scenegen's\n"
        assert snapshot(out) == before and (out / name).is_symlink()


def test_a_lock_link_to_a_missing_file_creates_nothing_outside(attempt, sandbox):
    out, target = sandbox / "run", sandbox / "created-by-a-link"
    out.mkdir()
    (out / LOCK_NAME).symlink_to(target)
    refused = attempt(*MAKE, "-n", "3", "--out", str(out))
    assert refused.code == 2 and "is a link, where scenegen keeps its lock" in refused.err, refused
    assert not os.path.lexists(target)


def test_a_fifo_where_the_manifest_goes_is_refused_without_hanging(attempt, sandbox):
    out = sandbox / "run"
    out.mkdir()
    os.mkfifo(out / MANIFEST)
    refused = attempt(*MAKE, "-n", "3", "--out", str(out))
    assert refused.code == 2 and f"{out / MANIFEST} is a FIFO" in refused.err, refused


def test_documents_are_replaced_not_written_through_links(attempt, sandbox, outside):
    out = sandbox / "run"
    assert attempt(*MAKE, "-n", "3", "--out", str(out)).code == 0
    (out / "tool_choice_000004.json").symlink_to(outside)  # where the resumed run writes sample 4
    (out / ".tool_choice_000005.json.scenegen-tmp").symlink_to(outside)  # and its temporary file of sample 5
    assert attempt(*MAKE, "-n", "6", "--out", str(out), "--resume").code == 0
    assert outside.read_bytes() == b"not scenegen's\n"
    assert not (out / "tool_choice_000004.json").is_symlink()
    assert "6 of 6 files valid" in attempt("validate", str(out)).out


@pytest.mark.parametrize("atomic", [True, False], ids=["exchanged", "renamed"])
def test_an_overwrite_through_a_linked_out_replaces_the_real_folder_and_keeps_the_link(
        attempt, sandbox, monkeypatch, atomic):
    from scenegen.folder import overwrite

    if not atomic:
        monkeypatch.setattr(overwrite, "exchange", lambda first, second: False)
    real, link = sandbox / "disk" / "run", sandbox / "work" / "link"
    real.parent.mkdir()
    assert attempt(*MAKE, "-n", "3", "--out", str(real)).code == 0
    link.symlink_to(real)
    for seed in ("1", "2"):
        replaced = attempt("make", "--config", "tool_choice", "-n", "4", "--seed", seed, "--out", str(link),
                           "--overwrite")
        assert replaced.code == 0, replaced
        assert f"to {real} (--out {link} leads there)" in replaced.out
        assert link.is_symlink() and link.resolve() == real
        assert len((real / MANIFEST).read_bytes().splitlines()) == 4
        assert sorted(path.name for path in real.parent.iterdir()) == ["run"]
        assert sorted(path.name for path in link.parent.iterdir()) == ["link"]


def test_a_dangling_link_as_out_is_refused_and_creates_nothing(attempt, sandbox):
    link, target = sandbox / "work" / "gone", sandbox / "nowhere" / "run"
    link.symlink_to(target)
    refused = attempt(*MAKE, "-n", "3", "--out", str(link))
    assert refused.code == 2 and "which does not exist" in refused.err, refused
    assert not os.path.lexists(target.parent)
