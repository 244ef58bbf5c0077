"""The Symmetric Tool family."""

from .family import SymmetricTool

__all__ = ["SymmetricTool"]
