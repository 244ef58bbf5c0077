"""The Helper/Hinderer family."""

from .family import HelperHinderer

__all__ = ["HelperHinderer"]
