"""The random generator of one sample: a function of the run seed, the config, the split and the index only.

A run's samples draw from a stream keyed by its seed, a digest of its canonical
config and its split name, so that two configs or two splits made with the same
seed never share a stream by accident (a "train" and a "test" set made with the
default seed share no scene). Within a stream, sample ``i`` is the same whether
it is made first, last, alone, in another process or on another machine.

A stream is a Philox key; sample ``i`` draws from the counters whose high 128
bits are ``i``. Philox is counter-based, so sample ``i``'s generator is a state
to set (2 us) rather than a seed to hash (a SeedSequence and a PCG64 per sample
cost 10-15 us, a fifth of a CAIP record's whole budget), and no two samples'
draws can meet: one would have to draw 2**128 blocks first.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

import numpy as np

from scenegen.folder.run_record import canonical_json

#: 32-bit words of the config-and-split digest that key a stream (128 bits: collisions are not a concern).
STREAM_WORDS = 4
_WORD = (1 << 64) - 1


def stream_key(config: Mapping[str, Any], split: str) -> tuple[int, ...]:
    """The words that key a run's stream: a SHA-256 of the canonical config and the split name."""
    digest = hashlib.sha256(canonical_json({"config": config, "split": split})).digest()
    return tuple(int.from_bytes(digest[4 * i:4 * i + 4], "little") for i in range(STREAM_WORDS))


class SampleStreams:
    """The generators of the samples of the run seeded with ``seed`` whose stream is ``stream``.

    :meth:`generator` hands out one Generator, reset for each sample: a sample's
    generator is good until the next call (the pipeline makes samples one after
    another).
    """

    def __init__(self, seed: int, stream: tuple[int, ...]) -> None:
        key = np.asarray(np.random.SeedSequence((seed, *stream)).generate_state(2, np.uint64), dtype=np.uint64)
        self._bits = np.random.Philox(key=key)
        self._generator = np.random.Generator(self._bits)
        # The fresh state (counter 0, nothing buffered), kept: each sample sets its counter in it and hands it to
        # the setter, which copies it (building a state anew for every sample cost 0.7 us more).
        self._state = self._bits.state
        self._counter = self._state["state"]["counter"]

    def generator(self, index: int) -> np.random.Generator:
        """Sample ``index``'s generator, at the start of its draws."""
        self._counter[2] = index & _WORD
        self._counter[3] = index >> 64
        self._bits.state = self._state
        return self._generator
