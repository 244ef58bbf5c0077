"""The Retrieval - Occluders family."""

from scenegen.families.occluders.family import Occluders

__all__ = ["Occluders"]
