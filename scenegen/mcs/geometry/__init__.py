"""Vectorised 2-D geometry for placing MCS objects on the floor (x/z plane, y up).

Footprints are oriented boxes (unions of boxes for L-shaped tools); overlap is
a separating-axis test over all pairs at once; placement draws candidate poses
in batches and keeps the first that passes every constraint, or raises
:class:`PlacementError` naming the constraint that rejected most candidates;
objects scattered over empty floor get cells of their own instead.
Reachability is a flood fill on an occupancy grid inflated by the performer's radius.

Each name is imported from its module when first used (PEP 562), so that a
family imports only the modules it uses: every process of a run pays for what it imports.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scenegen.mcs.geometry.apart import circumradius, scatter
    from scenegen.mcs.geometry.catalog import (
        ObjectFacts,
        footprint,
        footprints,
        object_facts,
        object_size,
        resting_y,
        shape,
    )
    from scenegen.mcs.geometry.grid import (
        DEFAULT_RESOLUTION,
        PERFORMER_RADIUS,
        Grid,
        inflate,
        occupancy_grid,
        rasterise_cells,
    )
    from scenegen.mcs.geometry.leads import place_all
    from scenegen.mcs.geometry.overlap import any_overlap, overlap_matrix, overlap_pairs, self_overlap
    from scenegen.mcs.geometry.place import Placement, PlacementError, PlacementRequest, place_many, place_one
    from scenegen.mcs.geometry.reach import reachable
    from scenegen.mcs.geometry.regions import (
        Constraint,
        InsideBoxes,
        InsideDisc,
        InsideRoom,
        OutsideBoxes,
        OutsideDisc,
        away_from_cells,
    )
    from scenegen.mcs.geometry.samplers import AmongPoints, InRect, OnRing, OnSegment, Poses, Sampler
    from scenegen.mcs.geometry.shapes import TOLERANCE, Boxes, Footprints, cell_boxes, concat, pose, rotate

#: The module of each public name (the same as the imports above, which are for type checkers).
_MODULES = {
    "apart": ("circumradius", "scatter"),
    "catalog": ("ObjectFacts", "footprint", "footprints", "object_facts", "object_size", "resting_y", "shape"),
    "grid": ("DEFAULT_RESOLUTION", "PERFORMER_RADIUS", "Grid", "inflate", "occupancy_grid", "rasterise_cells"),
    "leads": ("place_all",),
    "overlap": ("any_overlap", "overlap_matrix", "overlap_pairs", "self_overlap"),
    "place": ("Placement", "PlacementError", "PlacementRequest", "place_many", "place_one"),
    "reach": ("reachable",),
    "regions": ("Constraint", "InsideBoxes", "InsideDisc", "InsideRoom", "OutsideBoxes", "OutsideDisc",
                "away_from_cells"),
    "samplers": ("AmongPoints", "InRect", "OnRing", "OnSegment", "Poses", "Sampler"),
    "shapes": ("TOLERANCE", "Boxes", "Footprints", "cell_boxes", "concat", "pose", "rotate"),
}
_MODULE_OF = {name: module for module, names in _MODULES.items() for name in names}

__all__ = [
    "DEFAULT_RESOLUTION", "PERFORMER_RADIUS", "TOLERANCE",
    "AmongPoints", "Boxes", "Constraint", "Footprints", "Grid", "InRect", "InsideBoxes", "InsideDisc",
    "InsideRoom", "ObjectFacts", "OnRing", "OnSegment", "OutsideBoxes", "OutsideDisc", "Placement",
    "PlacementError", "PlacementRequest", "Poses", "Sampler",
    "any_overlap", "away_from_cells", "cell_boxes", "circumradius", "concat", "footprint", "footprints", "inflate",
    "object_facts", "object_size", "occupancy_grid", "overlap_matrix", "overlap_pairs", "place_all", "place_many",
    "place_one", "pose", "rasterise_cells", "reachable", "resting_y", "rotate", "scatter", "self_overlap", "shape",
]


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value  # the next use is a plain lookup
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
