"""The Number Comparison family and its variant Arithmetic."""

from scenegen.families.number_comparison.arithmetic import Arithmetic
from scenegen.families.number_comparison.family import NumberComparison

__all__ = ["Arithmetic", "NumberComparison"]
