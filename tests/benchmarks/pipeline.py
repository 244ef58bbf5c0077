"""Samples per second of `scenegen make` for a config, against serialising and writing them alone.

"Alone" feeds already-made documents to the same sink `make` uses: it counts
serialising, hashing, writing and the manifest, nothing else.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from scenegen.run import Pipeline, RunRequest, load_family, make, open_sink
from scenegen.writer import OutputFolder


def measure(config: str, n: int) -> list[str]:
    """Time `make` (one process; full checks, then schema only) and then only the writing of the same documents."""
    with tempfile.TemporaryDirectory() as scratch:
        started = time.perf_counter()
        summary = make(RunRequest(config, n, out=Path(scratch) / "make", progress=False))
        total = time.perf_counter() - started
        started = time.perf_counter()
        make(RunRequest(config, n, out=Path(scratch) / "schema_only", progress=False, schema_only=True))
        schema_only = time.perf_counter() - started

        config_path, family = load_family(config)
        pipeline = Pipeline(family, 0, "bench_")
        produced = [pipeline.produce(index) for index in range(n)]
        started = time.perf_counter()
        with OutputFolder(Path(scratch) / "write", {"bench": config}) as folder:
            sink = open_sink(folder, pipeline, config_path.stem, n)
            for index, (sample, documents) in enumerate(produced):
                sink.add(index, sample, documents)
            sink.finish()
        writing = time.perf_counter() - started
    unit = summary.unit
    return [
        f"{config}: make -n {n}: {summary.written / total:,.0f} {unit}/s with every check "
        f"({total / n * 1e6:,.0f} us each); {n / schema_only:,.0f} {unit}/s with --schema-only",
        f"{config}: serialise+write alone: {writing / n * 1e6:,.0f} us each; make / (serialise+write) = "
        f"{total / writing:.2f}x with every check, {schema_only / writing:.2f}x with --schema-only",
    ]


def run() -> list[str]:
    return measure("tool_choice.yaml", 2000)


if __name__ == "__main__":
    print("\n".join(run()))
