"""Agent / Non-Agent (MCS eval 7, passive agents): expected/unexpected scene pairs."""

from scenegen.families.agent_non_agent.family import AgentNonAgent

__all__ = ["AgentNonAgent"]
