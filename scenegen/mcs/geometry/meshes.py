"""3-D meshes of catalogue objects (trimesh), for exact bounds and for checks.

Placement never uses these: footprints (:mod:`.catalog`) are the fast description.
A mesh is the natural one where the exact solid matters, e.g. the world bounds of
a rotated round object, which are tighter than the bounds of its square footprint.
"""

from __future__ import annotations

import numpy as np
import trimesh

from scenegen.mcs.geometry.catalog import Vector3, as_xyz, object_facts, shape

# Facets of a round object's mesh: enough for bounds within 0.1% of the true circle.
_ROUND_SECTIONS = 128


def _local_meshes(object_type: str, scale: Vector3) -> list[trimesh.Trimesh]:
    """The object's solid(s) relative to its pivot, at rotation 0."""
    boxes = shape(object_type, scale)
    assert boxes.y is not None, "catalogue shapes always carry their vertical extent"
    meshes = []
    for (x, z), (half_x, half_z), (bottom, top) in zip(boxes.centre, boxes.half, boxes.y, strict=True):
        centre = trimesh.transformations.translation_matrix([x, (bottom + top) / 2, z])
        if object_facts(object_type).footprint == "disc":
            # A unit-radius y-axis cylinder stretched to the footprint (an ellipse when x != z).
            upright = trimesh.transformations.rotation_matrix(np.pi / 2, [1, 0, 0])
            stretch = np.diag([half_x, top - bottom, half_z, 1.0])
            solid = trimesh.creation.cylinder(radius=1.0, height=1.0, sections=_ROUND_SECTIONS,
                                              transform=upright)
            meshes.append(solid.apply_transform(centre @ stretch))
        else:
            meshes.append(trimesh.creation.box(extents=[2 * half_x, top - bottom, 2 * half_z],
                                               transform=centre))
    return meshes


def object_mesh(object_type: str, position: Vector3, rotation_y: float = 0.0,
                scale: Vector3 = 1.0) -> trimesh.Trimesh:
    """The object's solid in world coordinates (``rotation_y`` degrees about y, Unity convention)."""
    # trimesh's right-handed rotation about +y maps +z to +x for +90 degrees, like Unity's.
    placement = (trimesh.transformations.translation_matrix(as_xyz(position))
                 @ trimesh.transformations.rotation_matrix(np.radians(rotation_y), [0, 1, 0]))
    solid = trimesh.util.concatenate(_local_meshes(object_type, scale))
    return solid.apply_transform(placement)


def world_bounds(object_type: str, position: Vector3, rotation_y: float = 0.0,
                 scale: Vector3 = 1.0) -> np.ndarray:
    """Exact world axis-aligned bounds ``[[xmin, ymin, zmin], [xmax, ymax, zmax]]``."""
    return object_mesh(object_type, position, rotation_y, scale).bounds
