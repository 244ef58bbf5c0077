"""The Spatial Reference family."""

from scenegen.families.spatial_reference.family import SpatialReference

__all__ = ["SpatialReference"]
