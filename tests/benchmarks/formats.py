"""Storage formats: bytes per document of each family in each format, the make-rate of each format against
``files``, and the read rate of ``scenegen.read`` over each.

Runs are made with one worker into a RAM-backed folder (best of two rounds, by
wall clock), so the figures compare the formats' own costs, not a disk's.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from collections.abc import Iterator, Mapping
from pathlib import Path

from scenegen import read
from scenegen.factory.request import RunRequest
from scenegen.factory.run import make
from tests.kit.support import load_family

from .cases import MAIN_JOB, declared
from .factory import IN_MEMORY

#: (config, n), as the families declare them: a few seconds of making each.
CONFIGS = declared("FORMATS")
#: (label, options) of each format measured.
FORMATS = (("files", {"format": "files"}), ("jsonl zstd", {"format": "jsonl"}),
           ("jsonl gzip", {"format": "jsonl", "compression": "gzip"}), ("parquet zstd", {"format": "parquet"}))
ROUNDS = 2
#: zstd JSON Lines should take at most this share of the bytes of indented scene files.
SIZE_TARGET = 1 / 10
#: scenegen.read over the main job's run, documents per second on one core.
READ_TARGET = 5000


def _made(root: Path, config: str, n: int, options: Mapping[str, object]) -> tuple[Path, float]:
    """A run made into ``root``, and the best wall-clock seconds of ROUNDS makes."""
    best = float("inf")
    out = root / "run"
    for _ in range(ROUNDS):
        shutil.rmtree(out, ignore_errors=True)
        started = time.perf_counter()
        make(RunRequest(config, n, out=out, progress=False, workers=1, **options))  # type: ignore[arg-type]
        best = min(best, time.perf_counter() - started)
    return out, best


def _read_rate(out: Path) -> tuple[int, float]:
    started = time.perf_counter()
    documents = sum(1 for _ in read(out))
    return documents, documents / (time.perf_counter() - started)


def _size(out: Path) -> int:
    return sum(path.stat().st_size for path in out.iterdir())


def run() -> Iterator[str]:
    for config, n in CONFIGS:
        files_bytes = files_seconds = 0.0
        for label, options in FORMATS:
            if options["format"] == "files" and load_family(config)[1].output.default_format != "files":
                continue  # a record (a CAIP command) is a line, not a document a simulator runs
            root = Path(tempfile.mkdtemp(prefix="scenegen-formats-", dir=IN_MEMORY if IN_MEMORY.is_dir() else None))
            try:
                out, seconds = _made(root, config, n, options)
                documents, rate = _read_rate(out)
                per_document = _size(out) / documents
            finally:
                shutil.rmtree(root, ignore_errors=True)
            line = (f"{config} {label}: {per_document:,.0f} bytes/document, made at {n / seconds:,.0f}/s, "
                    f"read at {rate:,.0f}/s")
            if options["format"] == "files":
                files_bytes, files_seconds = per_document, seconds
            elif files_bytes:
                share = per_document / files_bytes
                line += f"; {share:.3f} of the files' bytes, {files_seconds / seconds:.2f}x their make-rate"
                if label == "jsonl zstd":
                    line += f" (size target {SIZE_TARGET:.2f}: {_verdict(share <= SIZE_TARGET)})"
            if config == MAIN_JOB:
                line += f" (read target {READ_TARGET:,}/s: {_verdict(rate >= READ_TARGET)})"
            yield line


def _verdict(met: bool) -> str:
    return "met" if met else "missed"
