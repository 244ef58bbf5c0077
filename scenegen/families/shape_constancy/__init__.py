"""The Shape Constancy family."""

from scenegen.families.shape_constancy.family import ShapeConstancy

__all__ = ["ShapeConstancy"]
