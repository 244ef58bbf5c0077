"""The Retrieval - Obstacles family."""

from scenegen.families.obstacles.family import Obstacles

__all__ = ["Obstacles"]
