"""``scenegen.ScenegenIterableDataset`` served by the real PyTorch: a ``DataLoader`` with 0 and 2 workers, and two
ranks of a real ``torch.distributed`` process group (gloo on loopback), read every record of a run exactly once."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import scenegen
from scenegen.factory.request import RunRequest
from scenegen.factory.run import make


def utils_data():
    """``torch.utils.data``, imported by the tests that use it: not by the collection of every test run, which
    would pay 1.7 s a worker for torch."""
    return pytest.importorskip("torch.utils.data")

#: One rank of a two-rank process group: joins it, reads the run through a two-worker loader, prints the ids.
RANK = """
import json, sys
import torch.distributed as dist
from torch.utils.data import DataLoader
import scenegen

run, address, rank = sys.argv[1], sys.argv[2], int(sys.argv[3])
dist.init_process_group("gloo", init_method=f"tcp://{address}", rank=rank, world_size=2)
try:
    loader = DataLoader(scenegen.ScenegenIterableDataset(run), batch_size=None, num_workers=2)
    print(json.dumps([document.get("name") or document["id"] for document, _ in loader]))
finally:
    dist.destroy_process_group()
"""


@pytest.fixture(scope="module", params=["files", "jsonl"])
def run(request, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("torch") / "run"
    make(RunRequest("caip", 9, seed=3, out=out, progress=False, workers=1, format=request.param,
                    shard_size=2 if request.param == "jsonl" else None))
    return out


def _ids(run: Path) -> list[str]:
    return [document.get("name") or document["id"] for document, _ in scenegen.read(run)]


def test_it_is_a_torch_iterable_dataset(run):
    assert isinstance(scenegen.ScenegenIterableDataset(run), utils_data().IterableDataset)


@pytest.mark.parametrize("workers", [0, 2])
def test_a_data_loader_reads_every_record_once(run, workers):
    loader = utils_data().DataLoader(scenegen.ScenegenIterableDataset(run, shuffle_seed=1), batch_size=None,
                                     num_workers=workers)
    read = [document.get("name") or document["id"] for document, label in loader]
    assert Counter(read) == Counter(_ids(run))


@pytest.mark.service
def test_two_ranks_of_a_process_group_read_every_record_once_between_them(run):
    with socket.socket() as probe:  # a free port on loopback for the group's rendezvous
        probe.bind(("127.0.0.1", 0))
        address = f"127.0.0.1:{probe.getsockname()[1]}"
    ranks = [subprocess.Popen([sys.executable, "-c", RANK, str(run), address, str(rank)], stdout=subprocess.PIPE,
                              text=True) for rank in (0, 1)]
    outputs = [rank.communicate(timeout=120)[0] for rank in ranks]
    assert [rank.returncode for rank in ranks] == [0, 0]
    shares = [json.loads(output) for output in outputs]
    assert all(shares)
    assert Counter(shares[0] + shares[1]) == Counter(_ids(run))


def test_a_rank_outside_the_world_is_refused(run):
    with pytest.raises(ValueError, match="rank 2"):
        scenegen.ScenegenIterableDataset(run, rank=2, world_size=2)


def test_without_torch_the_dataset_says_what_to_install(run):
    probe = "import sys; sys.modules['torch'] = None\nimport scenegen\nscenegen.ScenegenIterableDataset"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=False)
    assert done.returncode != 0 and "pip install 'scenegen[torch]'" in done.stderr
