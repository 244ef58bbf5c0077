"""The True/False Belief family."""

from scenegen.families.true_false_belief.family import TrueFalseBelief

__all__ = ["TrueFalseBelief"]
