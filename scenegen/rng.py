"""The random generator of one sample: a function of the run seed, the config, the split and the index only.

A run's samples draw from a stream keyed by its seed, a digest of its canonical
config and its split name, so that two configs or two splits made with the same
seed never share a stream by accident (a "train" and a "test" set made with the
default seed share no scene). Within a stream, sample ``i`` is the same whether
it is made first, last, alone, in another process or on another machine.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

import numpy as np
import orjson

#: 32-bit words of the config-and-split digest that key a stream (128 bits: collisions are not a concern).
STREAM_WORDS = 4


def stream_key(config: Mapping[str, Any], split: str) -> tuple[int, ...]:
    """The words that key a run's stream: a SHA-256 of the canonical config (keys sorted) and the split name."""
    canonical = orjson.dumps({"config": config, "split": split}, option=orjson.OPT_SORT_KEYS)
    digest = hashlib.sha256(canonical).digest()
    return tuple(int.from_bytes(digest[4 * i:4 * i + 4], "little") for i in range(STREAM_WORDS))


def sample_rng(seed: int, stream: tuple[int, ...], index: int) -> np.random.Generator:
    """The generator for sample ``index`` of the run seeded with ``seed`` whose stream is ``stream``."""
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence((seed, *stream, index))))
