"""The Support Relations family."""

from scenegen.families.support_relations.family import SupportRelations

__all__ = ["SupportRelations"]
