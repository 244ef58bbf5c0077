"""Errors a user can act on: each carries the message the CLI prints."""

from __future__ import annotations

from dataclasses import dataclass


class ScenegenError(Exception):
    """Base of the errors the CLI reports without a traceback."""

    exit_code = 1


class ConfigError(ScenegenError):
    """A config (or a command-line value) that cannot be used; nothing has been written."""

    exit_code = 2

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path


class GenerationError(ScenegenError):
    """A sample could not be made (e.g. no feasible placement within the attempt bound)."""


class InvalidSceneError(ScenegenError):
    """A generated document failed validation: a bug in a family, never written."""

    exit_code = 3


@dataclass(frozen=True)
class Problem:
    """One validation finding: where in the document (a JSON path) and what is wrong."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"
