"""What ``scenegen stats`` counts in builder records beyond labels and params: part kinds, what clarifications
leave out, and how many distinct targets and instructions a run holds (exact while few, then estimated)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import orjson

from scenegen.inspect.stats.distinct import NOTE, Distinct


class BuilderStats:
    """Part kinds, missing attributes, distinct targets and distinct instructions of a run's records."""

    def __init__(self) -> None:
        self.kinds: Counter[str] = Counter()
        self.missing: Counter[str] = Counter()
        self.targets = Distinct()
        self.instructions = Distinct()

    def add(self, document: Mapping[str, Any]) -> None:
        self.kinds.update(part["kind"] for part in document["parts"])
        self.targets.add(orjson.dumps(document["target"]).decode())
        for turn in document["turns"]:
            self.instructions.add(turn["instruction"])
            if "clarification" in turn:
                self.missing["+".join(turn["clarification"]["missing"])] += 1

    def report(self) -> dict[str, Any]:
        return {
            "part kinds": {"kind": "categorical", "counts": dict(self.kinds.most_common())},
            "missing in clarifications": {"kind": "categorical", "counts": dict(self.missing.most_common())},
            "distinct targets": {"kind": "count", "value": self.targets.count(), "note": NOTE},
            "distinct instructions": {"kind": "count", "value": self.instructions.count(), "note": NOTE},
        }
