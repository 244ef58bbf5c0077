"""The Asymmetric Tool family."""

from .family import AsymmetricTool

__all__ = ["AsymmetricTool"]
