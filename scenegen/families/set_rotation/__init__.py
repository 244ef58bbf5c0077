"""The Set Rotation family (visible and hidden)."""

from scenegen.families.set_rotation.family import SetRotation

__all__ = ["SetRotation"]
