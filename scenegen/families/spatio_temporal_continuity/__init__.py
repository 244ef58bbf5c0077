"""The Spatio-Temporal Continuity family."""

from scenegen.families.spatio_temporal_continuity.family import SpatioTemporalContinuity

__all__ = ["SpatioTemporalContinuity"]
