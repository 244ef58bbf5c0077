"""scenegen: procedural scene generator and dataset factory for MCS tasks and CAIP commands.

``scenegen.read(run_dir)`` iterates a finished run's ``(document, label)`` pairs,
``scenegen.read_pairs(run_dir)`` a pair run's samples with their documents grouped,
``scenegen.document(run_dir, record)`` gives the document of a dataset record (a
files run's scene file, checked), and ``scenegen.ScenegenIterableDataset`` serves a
run to PyTorch data loaders (see :mod:`scenegen.reading.dataset`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from scenegen.reading.dataset import document, read, read_pairs, records
    from scenegen.reading.torch_dataset import ScenegenIterableDataset

__all__ = ["ScenegenIterableDataset", "__version__", "document", "read", "read_pairs", "records"]


def __getattr__(name: str) -> Any:
    # The readers import the families' machinery: every process of a run would pay for it at start-up.
    if name in ("read", "read_pairs", "records", "document"):
        from scenegen.reading import dataset

        return getattr(dataset, name)
    if name == "ScenegenIterableDataset":
        return _torch_dataset()
    raise AttributeError(f"module 'scenegen' has no attribute {name!r}")


def _torch_dataset() -> Any:
    """The PyTorch dataset class; an ImportError saying what to install where torch is not installed."""
    try:
        from scenegen.reading import torch_dataset
    except ModuleNotFoundError as error:
        if (error.name or "").partition(".")[0] != "torch":
            raise
        raise ImportError("scenegen.ScenegenIterableDataset needs PyTorch: pip install 'scenegen[torch]'") from None
    return torch_dataset.ScenegenIterableDataset
