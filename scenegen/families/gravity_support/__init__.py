"""The Gravity Support (passive) family."""

from scenegen.families.gravity_support.family import GravitySupport

__all__ = ["GravitySupport"]
