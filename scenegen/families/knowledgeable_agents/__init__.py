"""The Knowledgeable Agents family."""

from scenegen.families.knowledgeable_agents.family import KnowledgeableAgents

__all__ = ["KnowledgeableAgents"]
