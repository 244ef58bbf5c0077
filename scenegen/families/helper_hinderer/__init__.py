"""The Helper/Hinderer family."""

from scenegen.families.helper_hinderer.family import HelperHinderer

__all__ = ["HelperHinderer"]
