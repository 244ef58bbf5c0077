"""The README's cluster recipe, end to end: ``ray start --head`` on loopback, ``scenegen make --executor ray
--ray-address HOST:PORT`` through it (with the token authentication ``ray start`` turns on), the same bytes as
one process, and the cluster the test started stopped (only that one: other tests run their own Rays)."""

from __future__ import annotations

import importlib.util
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from scenegen.errors import ClusterError
from scenegen.factory import executors
from scenegen.factory.request import RunRequest
from scenegen.factory.run import make

# Whether Ray is installed, asked without importing it (which every test run's collection would pay for).
pytestmark = [pytest.mark.service,
              pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="ray is not installed")]
RAY = shutil.which("ray", path=os.path.dirname(sys.executable))
#: Seconds a head node may take to answer.
START_SECONDS = 90


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _answers(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return False
    return True


@pytest.fixture(scope="module")
def head(tmp_path_factory) -> Iterator[tuple[str, dict[str, str]]]:
    """A head node on loopback, started as the README says (``ray start --head``), blocking so that ending this
    one process stops every process of that cluster; yields its address and the environment of a user who
    started it (no authentication mode set: scenegen must find the token itself)."""
    assert RAY is not None, "the ray command is missing beside this Python"
    port = _free_port()
    environment = {key: value for key, value in os.environ.items() if not key.startswith("RAY_AUTH")}
    log = tmp_path_factory.mktemp("ray") / "head.log"
    with log.open("w") as output:
        process = subprocess.Popen([RAY, "start", "--head", "--block", "--node-ip-address=127.0.0.1",
                                    f"--port={port}", "--num-cpus=2", "--include-dashboard=false",
                                    "--disable-usage-stats"], stdout=output, stderr=subprocess.STDOUT,
                                   env=environment, start_new_session=True)
    try:
        deadline = time.monotonic() + START_SECONDS
        while not _answers(port):
            assert process.poll() is None and time.monotonic() < deadline, log.read_text()[-2000:]
            time.sleep(0.5)
        yield f"127.0.0.1:{port}", environment
    finally:
        process.terminate()  # `ray start --block` stops the processes it started when it ends
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            process.wait()


def _files(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir()) if path.name != "README.md"}


def test_a_run_through_a_started_cluster_writes_the_bytes_of_one_process(head, tmp_path):
    address, environment = head
    out = tmp_path / "cluster"
    done = subprocess.run([sys.executable, "-m", "scenegen", "make", "--config", "caip", "-n", "300", "--seed", "5",
                           "--format", "jsonl", "--shard-size", "50", "--executor", "ray", "--ray-address", address,
                           "--out", str(out), "--quiet"], env=environment, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    make(RunRequest("caip", 300, seed=5, out=tmp_path / "alone", progress=False, workers=1, format="jsonl",
                    shard_size=50))
    assert _files(out) == _files(tmp_path / "alone")


def test_a_local_ray_run_starts_its_own_ray_beside_a_running_cluster(head, tmp_path):
    """Without --ray-address a run starts a Ray of its own, even where `ray start` runs one on the machine (which
    ray.init would otherwise join, refusing the CPU count)."""
    _, environment = head
    done = subprocess.run([sys.executable, "-m", "scenegen", "make", "--config", "caip", "-n", "100", "--format",
                           "jsonl", "--shard-size", "50", "--executor", "ray", "--workers", "2", "--out",
                           str(tmp_path / "local"), "--quiet"], env=environment, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    make(RunRequest("caip", 100, out=tmp_path / "alone", progress=False, workers=1, format="jsonl", shard_size=50))
    assert _files(tmp_path / "local") == _files(tmp_path / "alone")


def test_a_failed_join_says_what_to_set_for_a_token(monkeypatch, tmp_path):
    """Without a token, Ray retries for about 20 s before it gives up; the message it then ends with is held here
    (the join itself is the cluster test's above)."""

    class Refusing:
        @staticmethod
        def init(**_options: object) -> None:
            raise ConnectionError("Failed to connect to Ray cluster at 127.0.0.1:6379.\nmore")

    monkeypatch.setattr(executors, "_check_reachable", lambda address: None)
    with pytest.raises(ClusterError) as refused:
        executors._join_ray(Refusing, 2, "127.0.0.1:6379")
    message = str(refused.value)
    assert "\n" not in message and "RAY_AUTH_MODE=token" in message and "RAY_AUTH_TOKEN" in message


def test_the_token_mode_is_set_only_where_the_user_set_none_and_a_token_is_at_hand(monkeypatch, tmp_path):
    monkeypatch.delenv("RAY_AUTH_MODE", raising=False)
    monkeypatch.delenv("RAY_AUTH_TOKEN", raising=False)
    monkeypatch.delenv("RAY_AUTH_TOKEN_PATH", raising=False)
    monkeypatch.setattr(executors, "RAY_TOKEN_FILE", str(tmp_path / "none"))
    executors._send_token_if_at_hand()
    assert "RAY_AUTH_MODE" not in os.environ
    monkeypatch.setenv("RAY_AUTH_TOKEN", "secret")
    executors._send_token_if_at_hand()
    assert os.environ["RAY_AUTH_MODE"] == "token"
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")
    executors._send_token_if_at_hand()
    assert os.environ["RAY_AUTH_MODE"] == "disabled"
