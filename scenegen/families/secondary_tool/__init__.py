"""The Secondary Tool family."""

from scenegen.families.secondary_tool.family import SecondaryTool

__all__ = ["SecondaryTool"]
