"""What ``scenegen stats`` counts in CAIP records beyond labels and params: command lengths, and how many
distinct commands and logical-form shapes a run holds (exact while few, then estimated)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import orjson

from scenegen.inspect.stats.distinct import NOTE, Distinct

#: Command lengths (in tokens) are counted exactly up to this; longer ones share the last bin.
LONGEST = 40


class CaipStats:
    """Command-length histogram, distinct commands and distinct tree shapes of a run's records."""

    def __init__(self) -> None:
        self.lengths = [0] * (LONGEST + 1)
        self.commands = Distinct()
        self.shapes = Distinct()

    def add(self, document: Mapping[str, Any]) -> None:
        self.lengths[min(LONGEST, len(document["tokens"]))] += 1
        self.commands.add(document["text"])
        self.shapes.add(orjson.dumps(tree_shape(document["logical_form"])).decode())

    def report(self) -> dict[str, Any]:
        bins = {(f"{length}+" if length == LONGEST else str(length)): count
                for length, count in enumerate(self.lengths) if count}
        return {
            "command length (tokens)": {"kind": "histogram", "bins": bins},
            "distinct commands": {"kind": "count", "value": self.commands.count(),
                                  "note": NOTE},
            "distinct tree shapes": {"kind": "count", "value": self.shapes.count(),
                                     "note": f"logical forms alike but for their words and values; {NOTE}"},
        }


def tree_shape(node: Any) -> Any:
    """A logical form's shape: its keys and nesting, without spans or values."""
    if isinstance(node, Mapping):
        return {key: tree_shape(value) for key, value in sorted(node.items())}
    if isinstance(node, list) and node and isinstance(node[0], Mapping):
        return [tree_shape(item) for item in node]
    return None
