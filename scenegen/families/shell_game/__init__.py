"""The Shell Game family."""

from .family import ShellGame

__all__ = ["ShellGame"]
