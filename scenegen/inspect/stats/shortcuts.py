"""Label shortcuts: a label that one simple feature predicts almost perfectly.

A model can learn such a feature instead of the task: "the ball's container is
always the first one dragged", "the useful tool is on the left whenever the
other side is broken". The targets are the label fields a family declares as its
answers (:attr:`scenegen.plugin.family.Family.answers`), with two classes to
:data:`~scenegen.folder.summary.MAX_CLASSES` (more make an id, not a class); the
features are the params (a numeric parameter cut into five bins of its range)
and the label fields the family declares as cues. A feature that predicts a
target (each of its values taken as its most common class) at least
:data:`ACCURACY` of the time, where the most common class alone is right at most
:data:`BASE_RATE` of the time, is reported, unless it is a parameter whose values
*are* the target's: the config drew the answer (``params.correct_side``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from scenegen.folder.summary import MAX_CLASSES

#: A feature predicting a label at least this often is reported...
ACCURACY = 0.98
#: ...when the label's most common class alone is right at most this often.
BASE_RATE = 0.9
#: Fewer documents than this say nothing.
MIN_DOCUMENTS = 50


class Shortcuts:
    """Counts, for every (target, feature) pair, how often each feature value goes with each class."""

    def __init__(self) -> None:
        self.documents = 0
        self.tables: dict[tuple[str, str], dict[tuple[Any, Any], int]] = {}

    def add(self, targets: Mapping[str, Any], features: Mapping[str, Any]) -> None:
        """One document: its label's categorical fields and its features (hashable values)."""
        self.documents += 1
        for target, cls in targets.items():
            for feature, value in features.items():
                if feature != target:
                    table = self.tables.setdefault((target, feature), {})
                    key = (value, cls)
                    table[key] = table.get(key, 0) + 1

    def found(self, usable: Iterable[str]) -> list[dict[str, Any]]:
        """The shortcuts, best predictors first; ``usable``: the fields that stayed categorical."""
        if self.documents < MIN_DOCUMENTS:
            return []
        categorical = set(usable)
        found = []
        for (target, feature), table in self.tables.items():
            if target not in categorical or feature not in categorical:
                continue
            classes: dict[Any, int] = {}
            best: dict[Any, int] = {}
            for (value, cls), count in table.items():
                classes[cls] = classes.get(cls, 0) + count
                best[value] = max(best.get(value, 0), count)
            total = sum(classes.values())
            if not 2 <= len(classes) <= MAX_CLASSES:
                continue
            base, accuracy = max(classes.values()) / total, sum(best.values()) / total
            if accuracy >= ACCURACY and base <= BASE_RATE and not _echo(target, feature, table):
                found.append({"label": target, "feature": feature, "accuracy": round(accuracy, 4),
                              "base_rate": round(base, 4)})
        return sorted(found, key=lambda item: (-item["accuracy"], item["label"], item["feature"]))


def _echo(target: str, feature: str, table: Mapping[tuple[Any, Any], int]) -> bool:
    """Whether a parameter's values are the target's own (the config set the answer)."""
    if not feature.startswith("params."):
        return False
    agree = sum(count for (value, cls), count in table.items() if value == cls)
    return agree >= ACCURACY * sum(table.values())
