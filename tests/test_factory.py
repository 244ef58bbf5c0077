"""The factory: the same bytes whatever the workers or executor, resumable after kill -9, streams keyed
by config and split."""

from __future__ import annotations

import json
import os
import pickle
import select
import signal
import subprocess
import sys
import time
from itertools import islice
from pathlib import Path

import numpy as np
import pytest

from scenegen.factory import pool
from scenegen.factory.jobs import RunSpec, Worker
from scenegen.factory.plan import plan_run
from scenegen.factory.request import RunRequest
from scenegen.factory.run import make
from scenegen.factory.seeds import stream_key
from scenegen.factory.window import Window
from scenegen.folder.indices import IndexRuns
from scenegen.folder.lock import LOCK_NAME
from scenegen.folder.storage import Storage
from scenegen.plugin.reference import built_in_families
from tests.kit.support import load_family
from tests.processes import descendants, wait_until_gone

CLI = (sys.executable, "-m", "scenegen")


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file of a run folder by name, with its bytes (the lock file left out)."""
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir()) if path.name != LOCK_NAME}


#: Small shards of CAIP records: a run of a few of them.
SMALL_SHARDS = {"shard_size": 25}


def made(out: Path, config: str, n: int, **options) -> dict[str, bytes]:
    make(RunRequest(config, n, out=out, progress=False, **options))
    return snapshot(out)


@pytest.mark.parametrize(("config", "n", "options"),
                         [("tool_choice", 150, {}), ("helper_hinderer", 12, {}), ("caip", 120, SMALL_SHARDS),
                          ("shell_game", 60, {"format": "parquet", "shard_size": 20})],
                         ids=["scenes", "pairs", "shards", "parquet"])
def test_output_is_the_same_whatever_the_worker_count(tmp_path, config, n, options):
    alone = made(tmp_path / "1", config, n, workers=1, **options)
    assert len(alone) > 2
    for workers in (2, 4):
        assert made(tmp_path / str(workers), config, n, workers=workers, **options) == alone, workers


def test_spawned_workers_write_the_same_bytes(tmp_path, monkeypatch):
    """Where fork is unsafe or absent (macOS, Windows) workers are spawned: they rebuild the run from its spec."""
    monkeypatch.setattr(pool, "_LINUX", False)
    for config, n, options in (("shell_game", 80, {}), ("caip", 60, SMALL_SHARDS)):
        assert made(tmp_path / f"{config}-spawned", config, n, workers=2, **options) == \
            made(tmp_path / config, config, n, workers=1, **options)


@pytest.mark.service
def test_ray_tasks_write_the_same_bytes_as_one_process(tmp_path):
    ray = pytest.importorskip("ray")
    # A Ray of this test's own, even while another test runs a `ray start` cluster on this machine.
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        for config, n, options in (("tool_choice", 150, {}), ("helper_hinderer", 6, {}), ("caip", 120, SMALL_SHARDS)):
            alone = made(tmp_path / f"{config}-1", config, n, workers=1, **options)
            assert made(tmp_path / f"{config}-ray", config, n, executor="ray", workers=2, **options) == alone, config
    finally:
        ray.shutdown()


def test_a_ray_cluster_that_does_not_answer_is_one_line_exit_1(run_cli, tmp_path):
    pytest.importorskip("ray")
    result = run_cli("make", "--config", "tool_choice", "-n", "200", "--out", str(tmp_path / "run"),
                     "--executor", "ray", "--ray-address", "127.0.0.1:1")
    assert result.code == 1 and result.err.count("\n") == 1, result
    assert "--ray-address 127.0.0.1:1: nothing answers there" in result.err
    assert not (tmp_path / "run").exists()


def done(*indices: int) -> IndexRuns:
    recorded = IndexRuns()
    for index in indices:
        recorded.add(range(index, index + 1))
    return recorded


def test_jobs_stream_without_building_the_pending_indices():
    # A billion indices: anything built up front would not fit in memory.
    first = list(islice(Storage().jobs(10**9, done()), 3))
    assert first == [range(64), range(64, 128), range(128, 192)]
    resumed = list(islice(Storage().jobs(10**9, done(0, 1, 65)), 2))
    assert resumed[0] == [*range(2, 65), 66] and resumed[1][0] == 67
    shards = list(islice(Storage("jsonl", "zstd", 10).jobs(10**9, done(0, 1)), 2))
    assert shards == [range(10), range(10, 20)]


def test_a_job_result_fits_one_atomic_pipe_write(tmp_path):
    """A pool worker killed while sending a longer result would leave half a message, stalling the pool for good."""
    out = tmp_path / "run"
    make(RunRequest("tool_choice", 64, out=out, progress=False, workers=1))
    _, family = load_family("tool_choice")
    spec = RunSpec(family.name, family.config, 0, "train", "x_", False, out, "x", Storage())
    result = Worker(spec).run(range(64, 128))
    assert result.error is None and result.spans == ((64, 128),) and result.part is not None
    assert len(pickle.dumps(result)) < select.PIPE_BUF
    assert (out / result.part).read_bytes().count(b"\n") == 1 + 64  # the job's summary, then its lines


def test_a_window_keeps_its_bound_and_the_order():
    submitted: list[int] = []

    def submit(job):
        submitted.append(job[0])
        return job[0]

    window = Window(submit, lambda job: _result_of(job), 3)
    results = window.results([job] for job in range(10))
    assert next(results).samples == 0 and submitted == [0, 1, 2, 3]
    assert [result.samples for result in results] == list(range(1, 10))


def _result_of(first: int):
    from scenegen.factory.jobs import JobResult
    return JobResult(None, (), 0, first)


def test_streams_are_keyed_by_config_and_split(tmp_path):
    def first_scene(config: str, split: str = "train") -> str:
        out = tmp_path / f"{Path(config).stem}-{split}"
        make(RunRequest(config, 2, out=out, split=split, progress=False, workers=1))
        return (out / f"{Path(config).stem}_000000.json").read_text()

    assert first_scene("tool_choice") != first_scene("tool_choice", "test")
    assert json.loads(first_scene("set_rotation"))["objects"][0]["id"] != \
        json.loads(first_scene("hidden_set_rotation"))["objects"][0]["id"]
    _, family = load_family("tool_choice")
    assert stream_key(family.config, "train") == stream_key(dict(reversed(list(family.config.items()))), "train")
    assert stream_key(family.config, "train") != stream_key({**family.config, "last_step": 6000}, "train")


def test_the_split_is_recorded_and_part_of_the_run(run_cli, tmp_path):
    out = tmp_path / "run"
    assert run_cli("make", "--config", "tool_choice", "-n", "3", "--split", "validation", "--out", str(out),
                   "--quiet").code == 0
    assert json.loads((out / "run.json").read_text())["split"] == "validation"
    assert {json.loads(line)["split"] for line in (out / "manifest.jsonl").read_text().splitlines()} == {"validation"}
    refused = run_cli("make", "--config", "tool_choice", "-n", "3", "--out", str(out), "--resume")
    assert refused.code == 2 and "split is 'validation', this command's is 'train'" in refused.err


@pytest.mark.parametrize(("arguments", "message"), [
    (["--split", "a/b"], "is not a split name"),
    (["--split", ""], "is not a split name"),
    (["--workers", "0"], "--workers"),
    (["--executor", "threads"], "--executor"),
    (["--ray-address", "10.0.0.1:6379"], "--ray-address goes with --executor ray"),
])
def test_factory_options_are_checked(run_cli, tmp_path, arguments, message):
    result = run_cli("make", "--config", "tool_choice", "-n", "2", "--out", str(tmp_path / "run"), *arguments)
    assert result.code == 2 and message in result.err and "Traceback" not in result.err
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize("family", built_in_families(), ids=lambda family: family.name)
def test_every_family_pickles_into_one_that_makes_the_same_sample(family):
    _, built = load_family({"caip": "caip"}.get(family.name, family.name))
    copy = pickle.loads(pickle.dumps(built))
    assert type(copy) is type(built) and copy.config == built.config
    one, two = built.generate(3, np.random.default_rng(3)), copy.generate(3, np.random.default_rng(3))
    assert one.params == two.params and one.truth == two.truth


# --- kill -9 at any moment ------------------------------------------------------------------------------------

RUN = ("make", "--config", "tool_choice", "-n", "600", "--workers", "2", "--quiet")


def recorded(out: Path) -> int:
    try:
        return (out / "manifest.jsonl").read_bytes().count(b"\n")
    except OSError:
        return 0


def kill_mid_run(out: Path, after: int, victim: str) -> None:
    """Start the run, wait until ``after`` samples are recorded, then SIGKILL the parent or one worker."""
    process = subprocess.Popen([*CLI, *RUN, "--out", str(out)], stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while recorded(out) < after and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.005)
    workers = descendants(process.pid)
    if victim == "parent":
        process.kill()
    elif workers:
        os.kill(workers[-1], signal.SIGKILL)
    process.communicate(timeout=120)
    wait_until_gone(descendants(process.pid) + workers)  # let the pool wind down before resuming


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory) -> dict[str, bytes]:
    out = tmp_path_factory.mktemp("whole") / "run"
    subprocess.run([*CLI, *RUN, "--out", str(out)], check=True)
    return snapshot(out)


@pytest.mark.parametrize(("victim", "after"), [("parent", 0), ("parent", 70), ("parent", 333), ("worker", 64),
                                               ("worker", 200)])
def test_a_run_killed_at_any_moment_resumes_to_the_same_bytes(tmp_path, uninterrupted, victim, after):
    out = tmp_path / "run"
    kill_mid_run(out, after, victim)
    resumed = subprocess.run([*CLI, *RUN, "--out", str(out), "--resume"], capture_output=True, text=True)
    assert resumed.returncode == 0, resumed.stderr
    assert snapshot(out) == uninterrupted
    assert not list(out.glob(".*.scenegen-tmp"))


def test_a_killed_overwrite_leaves_the_old_run(tmp_path, uninterrupted):
    out = tmp_path / "run"
    subprocess.run([*CLI, *RUN, "--out", str(out)], check=True)
    process = subprocess.Popen([*CLI, *RUN[:4], "3000", *RUN[5:], "--out", str(out), "--overwrite"])
    incomplete = tmp_path / "run.incomplete"
    deadline = time.monotonic() + 60
    while recorded(incomplete) < 100 and time.monotonic() < deadline:
        time.sleep(0.01)
    process.kill()
    process.wait()
    assert snapshot(out) == uninterrupted


@pytest.mark.parametrize(("config", "pairs", "word"), [("tool_choice", False, "scene"), ("set_rotation", True, "pair"),
                                                        ("helper_hinderer", False, "pair"), ("caip", False, "record")])
def test_the_progress_bar_counts_what_a_sample_is(config, pairs, word):
    assert plan_run(RunRequest(config, 1, pairs=pairs)).sample_word == word
