"""A document as the flat features a probe reads: every scalar under its path, whatever the document's kind.

An MCS scene ``{"objects": [{"type": "cube", "shows": [{"stepBegin": 0,
"position": {"x": 1.5}}]}]}`` gives ``objects[0].type`` = ``"cube"``,
``objects[0].shows[0].stepBegin`` = 0 and ``objects[0].shows[0].position.x`` =
1.5, with the same paths under ``objects[-1]`` (the last object: the last of a
list is often what matters, an agent's final place, the last event) and
``objects[#]`` = 1 (a list's length: how many objects, how many moves). So the
order of a list is in the paths, as a model reading the file sees it. A long
list (an agent's hundreds of steps, a lava field's cells) gives its first
:data:`HEAD` and last :data:`TAIL` items only: what a shallow probe reads of it,
at a bounded cost per document.

The walk knows no document kind: no MCS key is named, so a new output kind is
probed as it is written (see :mod:`.probe`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: Items of a list read from its start...
HEAD = 12
#: ...and from its end (named from the end: ``[-1]`` is the last item).
TAIL = 4


def scalars(document: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """The (path, value) of every number, string and boolean in ``document`` (None is left out), lists read as
    :data:`HEAD` items from the start, :data:`TAIL` from the end, and their length."""
    found: list[tuple[str, Any]] = []
    _walk(document, "", found)
    return found


def _walk(value: Any, path: str, found: list[tuple[str, Any]]) -> None:
    # Appending to one list, not yielding through nested generators: a value deep in a scene would pass through
    # every level's generator, and a run's probe walks millions of them.
    if isinstance(value, dict):
        prefix = f"{path}." if path else ""
        for key, item in value.items():
            _walk(item, prefix + key, found)
    elif isinstance(value, list):
        found.append((f"{path}[#]", len(value)))
        for position, item in enumerate(value[:HEAD]):
            _walk(item, f"{path}[{position}]", found)
        for position in range(-min(TAIL, len(value)), 0):
            _walk(value[position], f"{path}[{position}]", found)
    elif value is not None:
        found.append((path, value))
