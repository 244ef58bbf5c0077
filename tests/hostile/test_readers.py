"""Readers of a run folder (`validate`, `stats`, `convert`, `preview`, `scenegen.read`) against special files, links
and files made to exhaust them: each fails at once with one line (exit 1), in bounded memory, and never hangs.

Every call runs in a fresh interpreter under a timeout, so a reader that hangs fails its test instead of blocking
the suite, and reports the most memory it held."""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from scenegen.folder.files import MAX_DOCUMENT_BYTES
from scenegen.folder.lock import FolderLock
from scenegen.folder.manifest import MANIFEST

#: Seconds a reader may take on any of these folders: each is refused at once.
TIMEOUT = 30
#: The most memory (MB) a reader may hold on any of them: what it imports, and a record read up to its cap.
PEAK_MB = 600
#: What a decompression bomb or a sparse file would hold, read whole.
HUGE = 2**31

#: Runs the CLI (or, with `read`, scenegen.read over a run), then prints the process's peak memory.
_RUNNER = """
import resource, sys
def peak():
    print(f"peak_mb={resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024}", file=sys.stderr)
try:
    if sys.argv[1] == "read":
        import scenegen
        from scenegen.errors import ScenegenError
        try:
            for _ in scenegen.read(sys.argv[2]):
                pass
        except ScenegenError as error:
            print(f"error: {error}", file=sys.stderr)
            sys.exit(error.exit_code)
    else:
        from scenegen.cli import main
        sys.argv = ["scenegen", *sys.argv[1:]]
        main()
finally:
    peak()
"""


#: Starts the reader from a small fresh process: Linux gives a child the peak memory of the process it was started
#: from, so started from a test worker that had imported torch, say, a reader would be charged 800 MB it never held.
_FRESH = "import subprocess, sys; sys.exit(subprocess.run(sys.argv[1:], check=False).returncode)"


@dataclass
class Read:
    code: int
    out: str
    err: str
    peak_mb: int


def reader(*args: str | Path) -> Read:
    """Run ``scenegen ARGS`` (or ``read RUN``) in a fresh interpreter; a hang fails the test after TIMEOUT."""
    try:
        done = subprocess.run([sys.executable, "-c", _FRESH, sys.executable, "-c", _RUNNER, *map(str, args)],
                              capture_output=True, text=True, timeout=TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        pytest.fail(f"scenegen {' '.join(map(str, args))} hung for {TIMEOUT} s")
    peak = re.search(r"peak_mb=(\d+)\n$", done.stderr)
    assert peak, done.stderr
    return Read(done.returncode, done.stdout, done.stderr[:peak.start()], int(peak.group(1)))


def assert_fails_at_once(result: Read, *fragments: str) -> None:
    """Exit 1, each fragment said, on one line, no traceback, no advice to resume, in bounded memory."""
    said = result.out + result.err
    assert result.code == 1, said
    assert "Traceback" not in said and "--resume" not in said, said
    for fragment in fragments:
        assert fragment in said, (fragment, said)
    assert result.peak_mb < PEAK_MB, result.peak_mb


def zstd_bomb(size: int) -> bytes:
    """A zstd frame that decompresses to ``size`` bytes of ``x`` (no line end) from 4 bytes per 128 KiB: run-length
    blocks, as a hostile shard would be made (2 GiB in 65 KB)."""
    block = 1 << 17
    count = size // block
    frame = bytearray(b"\x28\xb5\x2f\xfd\x00\x38")  # magic; no content size, a 128 KiB window
    for number in range(count):
        frame += ((block << 3) | (1 << 1) | (number == count - 1)).to_bytes(3, "little") + b"x"
    return bytes(frame)


def rehash(folder: Path, name: str) -> None:
    """Record ``name``'s current sha256 on its manifest line, as someone covering their tracks would."""
    digest = hashlib.sha256((folder / name).read_bytes()).hexdigest()
    lines = [json.loads(line) for line in (folder / MANIFEST).read_text().splitlines()]
    for entry in lines:
        if entry["file"] == name:
            entry["sha256"] = digest
    (folder / MANIFEST).write_text("".join(json.dumps(entry) + "\n" for entry in lines))


def test_the_bomb_is_what_it_claims():
    import zstandard

    assert len(zstd_bomb(HUGE)) < 66_000
    assert zstandard.ZstdDecompressor().decompressobj().decompress(zstd_bomb(1 << 20)) == b"x" * (1 << 20)


# Special files and links in place of a listed document


def plant(path: Path, kind: str) -> str:
    """Put a ``kind`` of special file at ``path``; return what a reader must say of it."""
    path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
        return "not a regular file (a FIFO)"
    if kind == "folder":
        path.mkdir()
        return "not a regular file (a folder)"
    targets = {"link": path.with_name("elsewhere.json"), "dangling link": path.with_name("gone.json"),
               "link to /dev/zero": Path("/dev/zero")}
    if kind == "link":
        targets[kind].write_text("{}")
    path.symlink_to(targets[kind])
    return "is a link; scenegen reads no file of a run folder through a link"


SPECIAL = ["fifo", "folder", "link", "dangling link", "link to /dev/zero"]


@pytest.mark.parametrize("kind", SPECIAL)
def test_validate_reports_a_listed_scene_that_is_not_a_regular_file(scenes, kind):
    said = plant(scenes / "tool_choice_000001.json", kind)
    result = reader("validate", scenes)
    assert_fails_at_once(result, f"tool_choice_000001.json: $: {said}")


@pytest.mark.parametrize("kind", SPECIAL)
def test_read_and_convert_refuse_a_listed_scene_that_is_not_a_regular_file(scenes, tmp_path, kind):
    said = plant(scenes / "tool_choice_000001.json", kind)
    assert_fails_at_once(reader("read", scenes), said)
    assert_fails_at_once(reader("convert", scenes, "--format", "jsonl", "--out", tmp_path / "out"), said)


@pytest.mark.parametrize("kind", ["fifo", "folder", "link to /dev/zero"])
def test_every_reader_refuses_a_shard_that_is_not_a_regular_file(records, tmp_path, kind):
    said = plant(records / "caip-00001.jsonl.zst", kind)
    for command in (("validate", records), ("stats", records), ("read", records),
                    ("convert", records, "--format", "parquet", "--out", tmp_path / "out")):
        assert_fails_at_once(reader(*command), "caip-00001.jsonl.zst", said)


@pytest.mark.parametrize("name", [MANIFEST, "run.json"])
def test_a_link_in_place_of_a_run_file_is_refused(scenes, name):
    (scenes / name).rename(scenes / f"real-{name}")
    (scenes / name).symlink_to(scenes / f"real-{name}")
    assert_fails_at_once(reader("validate", scenes), f"{name}: $: is a link")
    assert_fails_at_once(reader("read", scenes), "is a link")


def test_a_fifo_in_place_of_the_manifest_is_refused(scenes):
    (scenes / MANIFEST).unlink()
    os.mkfifo(scenes / MANIFEST)
    assert_fails_at_once(reader("validate", scenes), "not a regular file (a FIFO)")
    assert_fails_at_once(reader("stats", scenes), "not a regular file (a FIFO)")


def test_stats_html_with_a_fifo_in_place_of_the_card_is_refused(scenes):
    (scenes / "README.md").unlink()
    os.mkfifo(scenes / "README.md")
    result = reader("stats", scenes, "--html", scenes / "stats.html")
    assert_fails_at_once(result, "README.md: not a regular file (a FIFO)")


# Files made to exhaust a reader


@pytest.mark.parametrize("command", ["validate", "stats", "read", "convert"])
def test_a_decompression_bomb_is_refused_at_once_in_bounded_memory(records, tmp_path, command):
    (records / "caip-00001.jsonl.zst").write_bytes(zstd_bomb(HUGE))
    rehash(records, "caip-00001.jsonl.zst")  # so that only decoding can tell
    args = ("convert", records, "--format", "jsonl", "--out", tmp_path / "out") if command == "convert" else (
        command, records)
    assert_fails_at_once(reader(*args), "caip-00001.jsonl.zst", f"larger than {MAX_DOCUMENT_BYTES:,} bytes")


def test_a_shard_of_blank_lines_stops_at_the_first(records):
    import zstandard

    (records / "caip-00000.jsonl.zst").write_bytes(zstandard.ZstdCompressor().compress(b"\n" * 10**7))
    rehash(records, "caip-00000.jsonl.zst")
    assert_fails_at_once(reader("validate", records), "caip-00000.jsonl.zst: $: line 1 is blank")


@pytest.mark.parametrize("command", ["validate", "read", "convert"])
def test_a_sparse_two_gigabyte_scene_is_refused_at_once_in_bounded_memory(scenes, tmp_path, command):
    os.truncate(scenes / "tool_choice_000002.json", HUGE)
    args = ("convert", scenes, "--format", "jsonl", "--out", tmp_path / "out") if command == "convert" else (
        command, scenes)
    assert_fails_at_once(reader(*args), "tool_choice_000002.json", f"larger than {MAX_DOCUMENT_BYTES:,} bytes")


def test_a_sparse_two_gigabyte_manifest_line_is_reported_in_bounded_memory(scenes):
    with (scenes / MANIFEST).open("ab") as manifest:
        manifest.truncate(manifest.tell() + HUGE)
    assert_fails_at_once(reader("validate", scenes), f"line 5: longer than {MAX_DOCUMENT_BYTES:,} bytes")


# preview: the scene a user names


@pytest.mark.parametrize("kind", ["fifo", "/dev/zero"])
def test_preview_of_a_special_file_is_refused_at_once(tmp_path, kind):
    scene = tmp_path / "scene.json"
    if kind == "fifo":
        os.mkfifo(scene)
    result = reader("preview", scene if kind == "fifo" else kind, "-o", tmp_path / "out.svg")
    assert_fails_at_once(result, "not a regular file", "a FIFO" if kind == "fifo" else "a character device")
    assert not (tmp_path / "out.svg").exists()


def test_preview_of_a_sparse_two_gigabyte_scene_is_refused_at_once(tmp_path):
    scene = tmp_path / "scene.json"
    scene.touch()
    os.truncate(scene, HUGE)
    assert_fails_at_once(reader("preview", scene), f"larger than {MAX_DOCUMENT_BYTES:,} bytes")


# A run still being written


def test_convert_refuses_a_run_still_being_written(attempt, scenes, sandbox):
    lock = FolderLock.acquire(scenes)  # as `make` holds it while it writes
    try:
        refused = attempt("convert", str(scenes), "--format", "jsonl", "--out", str(sandbox / "out"))
        assert refused.code == 2 and f"{scenes}: is being written by a scenegen run (pid {os.getpid()}" in refused.err
        assert "--resume" not in refused.err and not refused.created, refused
    finally:
        lock.release()
    assert attempt("convert", str(scenes), "--format", "jsonl", "--out", str(sandbox / "out")).code == 0
