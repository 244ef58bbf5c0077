"""The Asymmetric Tool family."""

from scenegen.families.asymmetric_tool.family import AsymmetricTool

__all__ = ["AsymmetricTool"]
