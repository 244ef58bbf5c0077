"""`scenegen make --config builder.yaml` writes validated shards; `validate` and `stats` read them; the bench runs."""

from __future__ import annotations

from scenegen.families.builder.replay import replay_problems
from scenegen.families.builder.shapes import KINDS
from scenegen.reading.dataset import read

from . import bench


def test_make_writes_a_thousand_dialogues_that_validate_and_replay(run_cli, tmp_path):
    out = tmp_path / "run"
    result = run_cli("make", "--config", "builder.yaml", "-n", "1000", "--check", "--quiet", "--out", str(out))
    assert result.code == 0, result.err
    assert [p.name for p in out.glob("builder-*")] == ["builder-00000.jsonl.zst"]
    documents = [document for document, _ in read(out)]
    assert len(documents) == 1000 and documents[0]["id"] == "builder_000000"
    assert all(replay_problems(document) == [] for document in documents[:200])
    assert run_cli("validate", str(out)).code == 0
    stats = run_cli("stats", str(out))
    assert stats.code == 0, stats.err
    assert "distinct targets" in stats.out and "part kinds" in stats.out and "Shortcuts: none" in stats.out


def test_the_benchmark_runs():
    text = "\n".join(bench.run(n=300, speed_n=100))
    assert "validated records/s" in text and f"part kinds present: {len(KINDS)}/{len(KINDS)}" in text
