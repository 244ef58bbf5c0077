"""What the tracking families share about drawing samples: the pair redraw limit and the odd container."""

from __future__ import annotations

import numpy as np

from scenegen.errors import ScenegenError

#: How many times a sample is redrawn, in pair mode, when no allowed factor can change its answer.
MAX_REDRAWS = 1000
class RedrawLimit(ScenegenError):
    """Pair mode found no sample whose answer an allowed factor can change (see ``pair_factor``)."""


def redraw_limit(family: str, index: int) -> RedrawLimit:
    return RedrawLimit(f"{family}: sample {index}: no draw in {MAX_REDRAWS} allows a pair_factor that changes the "
                       "answer; allow more factors or values in the config")


def odd_container(wanted: bool, place: int | str, count: int, rng: np.random.Generator) -> int | None:
    """The container drawn to look different when ``wanted``: the one at index ``place`` (None if the row is
    shorter), or with ``any`` one of two or more at random, the ball's included."""
    if not wanted:
        return None
    if place == "any":
        return int(rng.integers(count)) if count >= 2 else None
    return int(place) if int(place) < count else None
