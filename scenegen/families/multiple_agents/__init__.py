"""The Multiple Agents family."""

from scenegen.families.multiple_agents.family import MultipleAgents

__all__ = ["MultipleAgents"]
