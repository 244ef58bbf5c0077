"""Read a finished run in one streaming pass into a report: plain JSON, the same for every family and format.

Every document's labels and params are counted; the run's first documents
(:data:`.probe.MAX_DOCUMENTS`) are read whole for the shortcut probe
(:mod:`.probe`), and all of them for a family that reports on its documents too
(CAIP: :meth:`scenegen.plugin.family.Family.document_stats`). Beyond those, only
labels and params are read (for ``--format files``, the manifest alone). Memory
stays flat but for the probe's matrix, which holds those first documents.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from scenegen.folder.run_record import run_family
from scenegen.inspect.stats.fields import Field, flat, is_number
from scenegen.inspect.stats.fit import THRESHOLD, Fit, requested
from scenegen.inspect.stats.probe import Probe
from scenegen.inspect.stats.shortcuts import ACCURACY, BASE_RATE, Shortcuts
from scenegen.plugin.family import Evidence
from scenegen.plugin.outputs import Doc
from scenegen.plugin.values import FloatRange, IntRange, Value
from scenegen.reading.dataset import Run, open_run

#: Bins a numeric parameter is cut into when it is a feature of a shortcut.
FEATURE_BINS = 5


def run_report(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The report of the finished run in ``path``."""
    run = open_run(path)
    family = run_family(run.root, run.record)
    extra = family.document_stats()
    pass_ = _Pass(family.parameters.values, family.answers, family.cues, family.evidence)
    for meta, document in _documents(run, lambda: extra is not None or pass_.probe.wants_documents):
        pass_.add(meta, document)
        if extra is not None and document is not None:
            extra.add(document)
    report = pass_.report()
    report["run"] = {"path": str(Path(path)), "family": run.record["family"],
                     "config": run.record.get("stem", run.record["family"]), "seed": run.record["seed"],
                     "split": run.record["split"], "storage": run.storage.record()}
    if extra is not None:
        report["documents_stats"] = extra.report()
    return {key: report[key] for key in ("run", *[k for k in report if k != "run"])}


def _documents(run: Run, wanted: Callable[[], bool]) -> Iterator[tuple[Mapping[str, Any], Any]]:
    """Every document's metadata (label, params...), with the document itself while ``wanted()`` (asked before
    each file or shard)."""
    for entry in run.stream():
        if wanted():
            docs: Iterator[Doc] = run.unit_docs(entry)
            yield from docs
        elif run.storage.shards:
            for row in run.unit_rows(entry):
                yield row, None
        else:
            yield entry, None


class _Pass:
    """What one pass over a run's documents has seen."""

    def __init__(self, declared: Mapping[str, Value], answers: tuple[str, ...] | None, cues: tuple[str, ...],
                 evidence: Mapping[str, Evidence]) -> None:
        self.declared = declared
        self.answers = answers
        self.cues = cues
        self.fits = {path: Fit(value) for path, value in declared.items()}
        self.labels: dict[str, Field] = {}
        self.params: dict[str, Field] = {}
        self.shortcuts = Shortcuts()
        self.probe = Probe(evidence)
        self.samples = self.documents = 0
        self.last_index = -1

    def add(self, meta: Mapping[str, Any], document: Mapping[str, Any] | None) -> None:
        self.documents += 1
        label = list(flat(meta.get("label") or {}))
        for path, value in label:
            self.labels.setdefault(path, Field()).add(value)
        params = list(flat(meta.get("params") or {}))
        if meta.get("index") != self.last_index:  # a pair's documents share their params: count them once
            self.samples += 1
            self.last_index = meta.get("index", -1)
            for path, value in params:
                self.params.setdefault(path, Field()).add(value)
                if path in self.fits:
                    self.fits[path].add(value)
        targets = {f"label.{path}": value for path, value in label if self._is_answer(path)}
        features = {f"label.{path}": value for path, value in label
                    if path in self.cues and self.labels[path].categorical}
        features.update((f"params.{path}", self._feature(path, value)) for path, value in params
                        if not path.endswith("[]") and (self.params[path].categorical or path in self.declared))
        self.shortcuts.add(targets, features)
        if document is not None:
            self.probe.add(meta.get("index", -1), document, [(path, value) for path, value in label
                                                             if self._may_answer(path)])

    def _may_answer(self, path: str) -> bool:
        """Whether a label field is one a family declares it asks of a model (or, declaring none, a top-level
        field), before knowing whether it turns out categorical."""
        if self.answers is not None:
            return path in self.answers
        return not path.endswith("[]") and "." not in path

    def _is_answer(self, path: str) -> bool:
        return self._may_answer(path) and self.labels[path].categorical

    def _feature(self, path: str, value: Any) -> Any:
        """A parameter as a feature: a numeric range cut into a few bins, anything else as it is."""
        declared = self.declared.get(path)
        if isinstance(declared, FloatRange | IntRange) and is_number(value) and declared.high > declared.low:
            return min(FEATURE_BINS - 1, int((value - declared.low) / (declared.high - declared.low) * FEATURE_BINS))
        return value if not isinstance(value, list | dict) else str(value)

    def report(self) -> dict[str, Any]:
        usable = [f"label.{path}" for path, field in self.labels.items() if field.categorical]
        usable += [f"params.{path}" for path, field in self.params.items() if field.categorical or
                   isinstance(self.declared.get(path), FloatRange | IntRange)]
        return {
            "samples": self.samples,
            "documents": self.documents,
            "labels": {path: field.summary() for path, field in self.labels.items()},
            "params": {path: self._param(path, field) for path, field in self.params.items()},
            "threshold": {"p": THRESHOLD, "shortcut_accuracy": ACCURACY, "shortcut_base_rate": BASE_RATE},
            "shortcuts": self.shortcuts.found(usable),
            "probe": self.probe.report([path for path in self.labels if self._is_answer(path)], self.documents),
        }

    def _param(self, path: str, field: Field) -> dict[str, Any]:
        observed = field.summary()
        fit = self.fits.get(path)
        if fit is None:
            return {"requested": None, **observed}  # derived by the family, not drawn from the config
        return {"requested": requested(fit.value), **observed, "histogram": fit.histogram(), **fit.test()}
