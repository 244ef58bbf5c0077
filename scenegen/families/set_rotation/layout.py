"""The turntable, its containers and the tube occluder (``docs/mcs_facts.md`` 5.1, 5.3).

Containers stand in a row along x through the turntable's centre. With
``spacing: even`` the row spreads so that its outermost centres sit at
``spread * (radius - size / 2)`` from the centre, which gives the evaluation
scenes' x = -1.62, 0, 1.62 (three) and -1.62, -0.81, 0, 0.81, 1.62 (five) on a
radius-2 turntable; a single container stands at the row's left end. With a
spacing in metres the row is centred on the turntable. The row runs through the
turntable's centre, or ``offset`` metres from it along z.
"""

from __future__ import annotations

from scenegen.mcs.geometry import InsideDisc
from scenegen.mcs.tracking.fit import layout_error

TURNTABLE_SCALE_Y = 5.0  # a rotating_cog is scale.y / 50 = 0.1 m thick
TURNTABLE_HEIGHT = TURNTABLE_SCALE_Y / 50
#: Containers stay at least this far apart.
CLEARANCE = 0.05


def row_offsets(count: int, size: float, radius: float, spacing: float | str, spread: float) -> tuple[float, ...]:
    """x of each container relative to the turntable's centre, left to right."""
    reach = spread * (radius - size / 2)
    if count == 1:
        return (round(-reach, 4),)
    step = 2 * reach / (count - 1) if spacing == "even" else float(spacing)
    return tuple(round((i - (count - 1) / 2) * step, 4) for i in range(count))


def row_error(count: int, size: float, radius: float, spacing: float | str, spread: float,
              offset: float = 0.0) -> str | None:
    """Why such a row, ``offset`` from the centre along z, does not fit on the turntable without overlaps (the
    solver's reason); None if it does."""
    offsets = row_offsets(count, size, radius, spacing, spread)
    spots = [(f"container {i + 1} of {count}", x, offset) for i, x in enumerate(offsets)]
    edge = InsideDisc((0.0, 0.0), radius, name="on the turntable")
    return layout_error("separate_container", size, spots, [edge], margin=CLEARANCE / 2)
