"""The Object Permanence (Passive) family."""

from scenegen.families.object_permanence_passive.family import ObjectPermanencePassive

__all__ = ["ObjectPermanencePassive"]
