"""The Navigation - Ramps family."""

from scenegen.families.ramps.family import Ramps

__all__ = ["Ramps"]
