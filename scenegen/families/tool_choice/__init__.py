"""The Tool Choice family."""

from scenegen.families.tool_choice.family import ToolChoice

__all__ = ["ToolChoice"]
