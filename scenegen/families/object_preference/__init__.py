"""The Object Preference family."""

from scenegen.families.object_preference.family import ObjectPreference

__all__ = ["ObjectPreference"]
