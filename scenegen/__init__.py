"""scenegen: procedural scene generator and dataset factory for MCS tasks and CAIP commands.

``scenegen.read(run_dir)`` iterates a finished run's ``(document, label)`` pairs,
and ``scenegen.ScenegenIterableDataset`` serves them to data-loader workers (see
:mod:`scenegen.reading.dataset`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from scenegen.reading.dataset import ScenegenIterableDataset, read, records

__all__ = ["ScenegenIterableDataset", "__version__", "read", "records"]


def __getattr__(name: str) -> Any:
    # The readers import the families' machinery: every process of a run would pay for it at start-up.
    if name in ("read", "records", "ScenegenIterableDataset"):
        from scenegen.reading import dataset

        return getattr(dataset, name)
    raise AttributeError(f"module 'scenegen' has no attribute {name!r}")
