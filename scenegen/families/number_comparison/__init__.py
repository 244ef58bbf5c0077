"""The Number Comparison family."""

from scenegen.families.number_comparison.family import NumberComparison

__all__ = ["NumberComparison"]
