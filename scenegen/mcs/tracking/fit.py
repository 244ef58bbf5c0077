"""Feasibility of fixed layouts, decided by the geometry solver once per run.

The tracking families lay containers out on fixed spots (a row of slots, a row
across a turntable). Rather than placing them per sample, a family asks the
solver once, in ``__init__``, whether the most demanding spots its config allows
pass every constraint; the solver's refusal (which constraint rejected which
object) becomes the config error.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from scenegen.mcs.geometry import AmongPoints, Boxes, Constraint, PlacementError, PlacementRequest, place_all, shape
from scenegen.mcs.geometry.catalog import Vector3


def layout_error(object_type: str, size: Vector3, spots: Sequence[tuple[str, float, float]],
                 constraints: Sequence[Constraint], margin: float = 0.0) -> str | None:
    """Why objects of ``object_type`` at scale ``size`` (one number, or x, y, z) cannot stand on ``spots``
    ((name, x, z)); None if they can.

    Each object must pass every constraint and stay ``2 * margin`` clear of the
    others (the solver's overlap semantics).
    """
    local = shape(object_type, size)
    requests = [PlacementRequest(name, local, AmongPoints([(x, z)]), constraints) for name, x, z in spots]
    try:
        place_all(requests, Boxes.empty(), np.random.default_rng(0), margin=margin, batch=1, max_batches=1)
    except PlacementError as error:
        return str(error)
    return None
