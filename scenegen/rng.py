"""The random generator of one sample: a function of the run seed and the sample index only."""

from __future__ import annotations

import numpy as np


def sample_rng(seed: int, index: int) -> np.random.Generator:
    """The generator for sample ``index`` of a run seeded with ``seed``.

    Independent of worker count and run order: sample ``i`` is the same whether it
    is made first, last, alone or in parallel.
    """
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence((seed, index))))
