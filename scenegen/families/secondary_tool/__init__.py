"""The Secondary Tool family."""

from .family import SecondaryTool

__all__ = ["SecondaryTool"]
