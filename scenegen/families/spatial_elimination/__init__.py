"""The Spatial Elimination family."""

from scenegen.families.spatial_elimination.family import SpatialElimination

__all__ = ["SpatialElimination"]
