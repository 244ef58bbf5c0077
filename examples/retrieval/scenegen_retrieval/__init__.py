"""A third-party scenegen family: find and pick up a soccer ball among distractors."""

from .family import Retrieval

__all__ = ["Retrieval"]
