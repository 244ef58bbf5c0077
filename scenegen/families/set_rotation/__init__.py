"""The Set Rotation family (visible and hidden)."""

from .family import SetRotation

__all__ = ["SetRotation"]
