"""The Instrumental Action family."""

from scenegen.families.instrumental_action.family import InstrumentalAction

__all__ = ["InstrumentalAction"]
