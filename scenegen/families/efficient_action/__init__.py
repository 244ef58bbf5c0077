"""The Efficient Action family."""

from scenegen.families.efficient_action.family import EfficientAction

__all__ = ["EfficientAction"]
