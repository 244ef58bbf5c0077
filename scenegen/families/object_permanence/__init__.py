"""The Object Permanence (interactive) family."""

from scenegen.families.object_permanence.family import ObjectPermanence

__all__ = ["ObjectPermanence"]
