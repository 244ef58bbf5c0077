"""The Spatial Reorientation family."""

from scenegen.families.spatial_reorientation.family import SpatialReorientation

__all__ = ["SpatialReorientation"]
