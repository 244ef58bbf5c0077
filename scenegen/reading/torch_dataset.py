"""A run as a PyTorch iterable dataset (imported only when ``scenegen.ScenegenIterableDataset`` is used: it
imports torch).

Each ``(document, label)`` is read exactly once per epoch across every
``DataLoader`` worker of every distributed rank: the rank and world size are
torch.distributed's when a process group is initialised, else the ``RANK`` and
``WORLD_SIZE`` that ``torchrun`` sets; the worker is the loader's
(``get_worker_info``). A document is a JSON-ready dict, so use it with
``batch_size=None`` or a ``collate_fn`` of your own.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import torch.distributed
from torch.utils.data import IterableDataset, get_worker_info

from scenegen.reading.dataset import RunReaders


class ScenegenIterableDataset(IterableDataset[tuple[dict[str, Any], dict[str, Any]]]):
    """The ``(document, label)`` pairs of the run in ``path``, each once per epoch whatever the loader's workers
    and the ranks; with ``shuffle_seed``, in an order shuffled anew for each epoch (:meth:`set_epoch`, called in
    every rank at each epoch's start, as with a ``DistributedSampler``). ``rank`` and ``world_size`` override
    what torch.distributed or the environment say."""

    def __init__(self, path: str | os.PathLike[str], *, shuffle_seed: int | None = None, rank: int | None = None,
                 world_size: int | None = None) -> None:
        super().__init__()
        self.readers = RunReaders(path, shuffle_seed=shuffle_seed)
        self.rank, self.world_size = _place(rank, world_size)
        self.epoch = 0

    def set_epoch(self, epoch: int) -> None:
        """Shuffle for ``epoch``."""
        self.epoch = epoch

    def __iter__(self) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
        info = get_worker_info()
        worker, workers = (info.id, info.num_workers) if info is not None else (0, 1)
        return self.readers.reader(self.rank * workers + worker, self.world_size * workers, self.epoch)


def _place(rank: int | None, world_size: int | None) -> tuple[int, int]:
    """This process's (rank, world size): as given, else torch.distributed's, else RANK and WORLD_SIZE, else
    (0, 1); a ValueError if the rank is outside the world."""
    distributed = torch.distributed.is_available() and torch.distributed.is_initialized()
    if rank is None:
        rank = torch.distributed.get_rank() if distributed else int(os.environ.get("RANK", 0))
    if world_size is None:
        world_size = torch.distributed.get_world_size() if distributed else int(os.environ.get("WORLD_SIZE", 1))
    if not 0 <= rank < world_size:
        raise ValueError(f"rank {rank} is not below world_size {world_size}")
    return rank, world_size
