"""The True/False Belief family."""

from .family import TrueFalseBelief

__all__ = ["TrueFalseBelief"]
