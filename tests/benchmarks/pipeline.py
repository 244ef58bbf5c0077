"""Scenes per second of `scenegen make` for a config, against serialising and writing alone."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from scenegen.run import Pipeline, RunRequest, load_family, make
from scenegen.writer import OutputFolder, dump_json


def measure(config: str, n: int) -> list[str]:
    """Time `make` (one process, validation on) and then only the writing of the same documents."""
    with tempfile.TemporaryDirectory() as scratch:
        started = time.perf_counter()
        summary = make(RunRequest(config, n, out=Path(scratch) / "make", progress=False))
        total = time.perf_counter() - started

        _, family = load_family(config)
        pipeline = Pipeline(family, 0, "bench_")
        produced = [pipeline.produce(index) for index in range(n)]
        started = time.perf_counter()
        with OutputFolder(Path(scratch) / "write", {"bench": config}) as folder:
            for index, (_, documents) in enumerate(produced):
                for suffix, document in documents.items():
                    folder.write_document(f"{pipeline.stem(index, suffix)}.json", dump_json(document))
        writing = time.perf_counter() - started
    unit = summary.unit
    return [
        f"{config}: make -n {n}: {summary.written / total:,.0f} {unit}/s validated "
        f"({total / n * 1e6:,.0f} us each)",
        f"{config}: serialise+write alone: {writing / n * 1e6:,.0f} us each; make / (serialise+write) = "
        f"{total / writing:.2f}x",
    ]


def run() -> list[str]:
    return measure("tool_choice.yaml", 2000)


if __name__ == "__main__":
    print("\n".join(run()))
