"""The Agent Identification family."""

from scenegen.families.agent_identification.family import AgentIdentification

__all__ = ["AgentIdentification"]
