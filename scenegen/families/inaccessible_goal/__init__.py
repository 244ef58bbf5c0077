"""The Inaccessible Goal family."""

from scenegen.families.inaccessible_goal.family import InaccessibleGoal

__all__ = ["InaccessibleGoal"]
