"""The Moving Target Prediction family."""

from scenegen.families.moving_target.family import MovingTarget

__all__ = ["MovingTarget"]
