"""The Symmetric Tool family."""

from scenegen.families.symmetric_tool.family import SymmetricTool

__all__ = ["SymmetricTool"]
