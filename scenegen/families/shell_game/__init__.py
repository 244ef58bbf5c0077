"""The Shell Game family."""

from scenegen.families.shell_game.family import ShellGame

__all__ = ["ShellGame"]
