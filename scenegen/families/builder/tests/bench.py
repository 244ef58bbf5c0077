"""Speed and diversity of the builder family (issue 20).

Speed: `scenegen make --config builder.yaml` end to end through the pipeline
(:func:`.pipeline.measure`), schema-validated (the default) and with ``--check``
(the replay of every dialogue), then the same in the compiled build (`make
compiled`, :func:`.pipeline.compiled_rate`). Target: 10,000 validated dialogues/s
on one core.

Where a dialogue's time goes: the family's generate (and, within it, the
sample's numpy generator, which the pipeline makes), the schema validation, the
replay check, and the rest of ``make`` (serialising, compressing and writing the
shard, the manifest and the card's summary: make's time less the stages).

Diversity at n = 100,000: distinct targets, distinct instructions, part kinds,
what clarifications leave out, corrections, the architect's habits.

Run: ``python -m tests.benchmarks builder``.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable

import orjson

from scenegen.factory import collector
from scenegen.factory.pipeline import Pipeline
from scenegen.factory.request import DEFAULT_SPLIT
from scenegen.factory.seeds import SampleStreams, stream_key
from scenegen.families.builder.family import Builder
from scenegen.families.builder.shapes import KINDS
from scenegen.plugin.schemas import schema_problems
from tests.benchmarks.pipeline import compiled_rate, measure
from tests.kit.support import load_family

N = 100_000
SPEED_N = 20_000
SEED = 2024
TARGET_RATE = 10_000


def run(n: int = N, speed_n: int = SPEED_N) -> list[str]:
    _, family = load_family("builder.yaml")
    assert isinstance(family, Builder)
    targets: set[bytes] = set()
    instructions: set[str] = set()
    kinds: Counter[str] = Counter()
    missing: Counter[str] = Counter()
    turns = corrections = 0
    habits: Counter[str] = Counter()
    streams = SampleStreams(SEED, stream_key(family.config, DEFAULT_SPLIT))
    for index in range(n):
        record = family.generate(index, streams.generator(index)).documents[""]
        targets.add(orjson.dumps(record["target"]))
        kinds.update(part["kind"] for part in record["parts"])
        for turn in record["turns"]:
            turns += 1
            instructions.add(turn["instruction"])
            habits[turn.get("habit", "")] += 1
            # a move or lift removes too: a correction only removes
            corrections += bool(turn["answer"]["remove"]) and not turn["answer"]["add"]
            if "clarification" in turn:
                missing["+".join(turn["clarification"]["missing"])] += 1
    speed = measure("builder.yaml", speed_n)
    rate = float(speed[0].split(": ")[2].split(" validated")[0].replace(",", ""))
    return [
        *speed,
        _target(rate, compiled_rate("builder.yaml", speed_n)),
        _stages(family, speed_n, 1e6 / rate),
        (f"diversity at n = {n:,}: distinct targets {len(targets) / n:.2%}, distinct instructions "
         f"{len(instructions):,} of {turns:,} turns ({len(instructions) / turns:.2%})"),
        (f"  part kinds present: {sum(1 for k in KINDS if kinds[k])}/{len(KINDS)} "
        f"({', '.join(f'{k} {kinds[k]}' for k in KINDS)})"),
        (f"  clarifications: {sum(missing.values()):,} ({', '.join(f'{k} {v}' for k, v in missing.most_common())}); "
        f"corrections: {corrections:,}"),
        f"  the architect's habits: {', '.join(f'{k} {habits[k]:,}' for k in ('move', 'lift', 'corners'))}",
    ]


def _target(source: float, compiled: float | None) -> str:
    """The target line: met or missed by the compiled build (by the source where it is not built)."""
    if compiled is None:
        verdict = "met" if source >= TARGET_RATE else "MISSED"
        return (f"builder: target {TARGET_RATE:,} validated dialogues/s: {verdict} by the source ({source:,.0f}/s); "
                "the compiled build is not built (make compiled)")
    verdict = "met" if compiled >= TARGET_RATE else "MISSED"
    return (f"builder: target {TARGET_RATE:,} validated dialogues/s: {verdict} by the compiled build "
            f"(make -n {SPEED_N:,}: {compiled:,.0f} validated dialogues/s, {1e6 / compiled:.0f} us each); the source "
            f"as Python makes {source:,.0f}/s")


def _stages(family: Builder, n: int, make_us: float) -> str:
    """CPU microseconds a dialogue spends in each stage of make (each the best of three runs over ``n``)."""
    pipeline = Pipeline(family, SEED, "bench_")
    streams = pipeline.streams
    made = [pipeline.produce(index)[1][""] for index in range(n)]
    rng = _per_item(n, lambda index: streams.generator(index))
    generate = _per_item(n, lambda index: family.generate(index, streams.generator(index)))
    validate = _per_item(n, lambda index: schema_problems(made[index], "builder_record"))
    check = _per_item(n, lambda index: family.check(made[index], None))
    return (f"builder: per dialogue (CPU): generate {generate:.0f} us (of which the sample's numpy generator "
            f"{rng:.0f} us), schema validation {validate:.0f} us; the rest of make (export, serialise, compress, "
            f"write, manifest, card summary) {make_us - generate - validate:.0f} us; --check adds the replay, "
            f"{check:.0f} us")


def _per_item(n: int, work: Callable[[int], object]) -> float:
    best = float("inf")
    for _ in range(3):
        with collector.tuned_for_runs():
            start = time.process_time()
            for index in range(n):
                work(index)
            best = min(best, time.process_time() - start)
    return best / n * 1e6


if __name__ == "__main__":
    print("\n".join(run()))
