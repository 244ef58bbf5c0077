"""The Interactive Imitation family."""

from scenegen.families.interactive_imitation.family import InteractiveImitation

__all__ = ["InteractiveImitation"]
