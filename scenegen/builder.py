"""Score builder answers of the builder family's dialogues: ``scenegen.builder.score(predicted, gold)``.

A thin public entry to :mod:`scenegen.families.builder.score`, which imports only
the standard library (``scenegen make`` never imports this module).
"""

from __future__ import annotations

from .families.builder.score import actions, score

__all__ = ["actions", "score"]
