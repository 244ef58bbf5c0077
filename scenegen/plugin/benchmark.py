"""What a family offers to evaluate models on its runs: the prompts a model answers, and the scorer of its replies.

A family whose records are a benchmark (the builder's dialogues: an LLM builder is
prompted turn by turn and its JSON replies are scored) names a :class:`Benchmark`
in its ``benchmark`` attribute (``"module:attribute"``, imported only by the
``export`` and ``score`` commands). ``scenegen export RUN --as chat`` writes each
record's :class:`Item` as one chat-format JSON line; ``scenegen score RUN REPLIES``
pairs the model's replies with the items made again from the run itself (the gold
never comes from the file a model saw) and asks the benchmark for the scores.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class Item:
    """One prompt: its id (unique in the run), the chat messages a model is given (``role`` and ``content``), the
    gold reply as the model should give it, and what scores are broken down by (``kind``, ``level``...)."""

    id: str
    messages: Sequence[Mapping[str, str]]
    gold: Any
    meta: Mapping[str, Any]


class Benchmark(Protocol):
    """A family's prompts and scorer."""

    def items(self, record: Mapping[str, Any]) -> Iterator[Item]:
        """The prompts of one record of the run, in the order a model meets them."""
        ...

    def gold_reply(self, item: Item) -> str:
        """The gold as the text a perfect model replies (for fine-tuning files and for tests)."""
        ...

    def score(self, records: Iterable[tuple[Mapping[str, Any], Sequence[tuple[Item, str | None]]]],
              fences: bool) -> dict[str, Any]:
        """The scores of the replies (None: no reply given) to each record's items; ``fences``: whether a JSON
        reply wrapped in a Markdown code fence is read (else it is not JSON, so no answer)."""
        ...

    def report_text(self, report: Mapping[str, Any]) -> str:
        """The scores as a few lines of text."""
        ...


def load_benchmark(reference: str) -> Benchmark:
    """The benchmark a family names as ``"module:attribute"``."""
    module, _, attribute = reference.partition(":")
    benchmark: Benchmark = getattr(importlib.import_module(module), attribute)
    return benchmark
