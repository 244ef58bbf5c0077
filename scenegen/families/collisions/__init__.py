"""The Collisions (passive) family."""

from scenegen.families.collisions.family import Collisions

__all__ = ["Collisions"]
