"""What ``scenegen make`` is asked to do, and the bounds of each value: light, so the CLI starts fast."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

#: Most samples one run may make (``-n``): a bound that keeps a typo from running for years.
MAX_SAMPLES = 1_000_000_000

#: Largest run seed: a signed 64-bit integer, which every JSON reader of the run record can hold.
MAX_SEED = 2**63 - 1

#: Most local worker processes (``--workers``).
MAX_WORKERS = 1024

#: The split a run makes unless told otherwise.
DEFAULT_SPLIT = "train"

#: A split's name: recorded in run.json and every manifest line, and part of every sample's stream key. The rule
#: is Hugging Face datasets' (word characters, in parts joined by dots: ``validation.v2``, not ``eval-7``), so that
#: the run loads, in ASCII; at most 64 characters.
SPLIT_NAME = re.compile(r"(?=.{1,64}\Z)[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*")

#: Where jobs run: a pool of local processes (one worker runs in-process) or Ray tasks.
EXECUTORS = ("processes", "ray")


@dataclass(frozen=True)
class RunRequest:
    """What ``scenegen make`` was asked to do."""

    config: str
    n: int
    seed: int = 0
    out: Path | None = None
    prefix: str | None = None
    resume: bool = False
    overwrite: bool = False
    progress: bool = True
    pairs: bool = False
    check: bool = False
    split: str = DEFAULT_SPLIT
    workers: int | None = None  # None: every usable core
    executor: str = "processes"
    ray_address: str | None = None
    format: str | None = None  # None: the family's default (files for MCS scenes, jsonl for records)
    compression: str | None = None  # None: zstd, for shards
    shard_size: int | None = None  # None: the family's default, for shards
