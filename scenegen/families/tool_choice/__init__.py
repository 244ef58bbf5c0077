"""The Tool Choice family."""

from .family import ToolChoice

__all__ = ["ToolChoice"]
