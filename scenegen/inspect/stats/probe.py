"""The shortcut probe: can a simple classifier read a label off a document's flat features?

Each document is flattened generically (:mod:`.flatten`: every object's type,
pose, size, material and place in its list, every event of the timeline, with
their steps) into one row of a matrix (:mod:`.matrix`). For each label field a
family declares as an answer, a depth-limited tree and a logistic regression
(:mod:`.classifiers`) are fitted on two thirds of the samples and scored on the
third held out (every sample whose index is a multiple of 3; a pair's documents
stay on one side). A probe is flagged when its held-out accuracy beats the
majority class (the held-out documents' commonest: the best a constant answer
does there) by more than :data:`GAIN` and a
one-sided binomial test puts that beyond chance (p below :data:`P_VALUE`: a few
hundred held-out documents vary by several points). A flag means a model could
learn those features instead of the task. Where the regularity *is* the task
(the ball going into a container says which container holds it), the family
declares it (:attr:`scenegen.plugin.family.Family.evidence`): the probe of that
answer reads each document without it, looking for any other way to the answer,
and the report names what was left out.

A document that writes its label verbatim (a CAIP record holds its logical form
beside its text) is not probed: the report names the path instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from scenegen.inspect.stats.classifiers import TREE_DEPTH, linear, tree
from scenegen.inspect.stats.fields import value_text
from scenegen.inspect.stats.flatten import scalars
from scenegen.inspect.stats.matrix import Columns, Matrix
from scenegen.inspect.stats.shortcuts import MIN_DOCUMENTS
from scenegen.plugin.family import Evidence

#: A probe beating the majority class by more than this on held-out documents is flagged...
GAIN = 0.05
#: ...when a one-sided binomial test against the majority's rate gives a p-value below this.
P_VALUE = 0.001
#: One sample in this many is held out.
HOLD_OUT_EVERY = 3
#: Documents probed: the run's first ones (memory grows with them, as rows of the matrix).
MAX_DOCUMENTS = 10_000


class Probe:
    """The flat features and the candidate labels of a run's first :data:`MAX_DOCUMENTS` documents, as written and
    without each declared evidence (``evidence``: by answer path)."""

    def __init__(self, evidence: Mapping[str, Evidence] | None = None) -> None:
        self.evidence = dict(evidence or {})
        self.columns = Columns()
        self.without = {item: Columns() for item in self.evidence.values()}  # the documents without each evidence
        self.indices: list[int] = []
        self.labels: dict[str, list[str | None]] = {}

    @property
    def wants_documents(self) -> bool:
        """Whether the probe still takes documents."""
        return self.columns.rows < MAX_DOCUMENTS

    def add(self, index: int, document: Mapping[str, Any], labels: Iterable[tuple[str, Any]]) -> None:
        """One document of sample ``index`` and the (path, value) of its candidate labels (ignored once the probe
        holds :data:`MAX_DOCUMENTS`)."""
        if not self.wants_documents:
            return
        row = self.columns.rows
        self.columns.add(scalars(document))
        for item, columns in self.without.items():
            columns.add(scalars(item.remove(document)))
        self.indices.append(index)
        for path, value in labels:
            self.labels.setdefault(path, [None] * row).append(value_text(value))
        for values in self.labels.values():
            values += [None] * (row + 1 - len(values))  # a label this document lacks

    def report(self, targets: Iterable[str], documents: int | None = None) -> dict[str, Any]:
        """Each target label's probes (``targets``: label paths with two to a few classes); ``documents``: how many
        the run holds, probed or not (all were, if None)."""
        targets = list(targets)
        matrix = self.columns.matrix()
        matrices: dict[Evidence | None, Matrix] = {None: matrix}
        matrices.update((self.evidence[path], self.without[self.evidence[path]].matrix()) for path in targets
                        if path in self.evidence)
        indices = np.asarray(self.indices, dtype=np.int64)
        absent = [None] * self.columns.rows
        probes = []
        for path in targets:
            evidence = self.evidence.get(path)
            found = _probe(path, np.asarray(self.labels.get(path, absent), dtype=object), matrices[evidence], indices)
            probes.append(found if evidence is None else {**found, "evidence": evidence.about})
        return {"documents": self.columns.rows, "of": self.columns.rows if documents is None else documents,
                "features": len(matrix.names),
                "threshold": {"gain": GAIN, "p": P_VALUE, "tree_depth": TREE_DEPTH,
                              "held_out": f"every sample whose index is a multiple of {HOLD_OUT_EVERY}"},
                "labels": probes}


def _probe(path: str, labels: npt.NDArray[Any], matrix: Matrix, indices: npt.NDArray[np.int64]) -> dict[str, Any]:
    """The probes of one label: a note where there is nothing to probe, else the tree's and the linear model's."""
    present = np.flatnonzero(labels != None)  # noqa: E711  # an element-wise comparison, not an identity test
    held_out = indices[present] % HOLD_OUT_EVERY == 0
    train, test = present[~held_out], present[held_out]
    result: dict[str, Any] = {"label": f"label.{path}", "documents": len(present), "held_out": len(test)}
    note = _nothing_to_probe(labels, train, test, matrix)
    if note is not None:
        return {**result, "note": note, "flagged": False}
    majority = _majority(labels[test])
    base = float(np.mean(labels[test] == majority))
    fits = {}
    for name, classifier in (("tree", tree), ("linear", linear)):
        predicted, carriers = classifier(matrix.values[train], labels[train], matrix.values[test], matrix.names)
        correct = int(np.sum(predicted == labels[test]))
        fits[name] = {**_verdict(correct, len(test), base), "features": carriers}
    return {**result, "majority": {"class": majority, "accuracy": round(base, 4)}, **fits,
            "flagged": any(fit["flagged"] for fit in fits.values())}


def _nothing_to_probe(labels: npt.NDArray[Any], train: npt.NDArray[np.intp], test: npt.NDArray[np.intp],
                      matrix: Matrix) -> str | None:
    """Why a label cannot be probed, if it cannot."""
    documents = len(train) + len(test)
    if documents == 0:
        return "no document has it"
    if documents < MIN_DOCUMENTS:
        return f"fewer than {MIN_DOCUMENTS} documents"
    if len(np.unique(labels[np.concatenate([train, test])])) < 2:
        return "one class: nothing to predict"
    if not matrix.names:
        return "no feature varies: nothing to read it off"  # all the documents vary in is the task's evidence
    written = _written_at(labels, matrix.categories)
    if written is not None:
        return f"the document writes it, at {written}: a model given the whole document is given the answer"
    if len(np.unique(labels[train])) < 2 or len(test) == 0:
        return "one class in the training samples, or none held out"
    return None


def _majority(labels: npt.NDArray[Any]) -> str:
    classes, counts = np.unique(labels, return_counts=True)
    return str(classes[np.argmax(counts)])


def _verdict(correct: int, total: int, base: float) -> dict[str, Any]:
    """A probe's held-out accuracy against the majority's, and whether it beats it beyond chance."""
    from scipy.special import bdtrc  # the binomial tail; only `stats` needs scipy

    accuracy = correct / total
    p = float(bdtrc(correct - 1, total, base)) if correct else 1.0  # P(at least `correct` right at the base rate)
    return {"accuracy": round(accuracy, 4), "gain": round(accuracy - base, 4), "p": p,
            "flagged": accuracy - base > GAIN and p < P_VALUE}


def _written_at(labels: npt.NDArray[Any], categories: Mapping[str, Mapping[str, npt.NDArray[np.intp]]]) -> str | None:
    """A path of the document holding the label's own value in every document that has both."""
    for path, values in categories.items():
        agree = covered = 0
        for text, rows in values.items():
            agree += int(np.sum(labels[rows] == text))
            covered += int(np.sum(labels[rows] != None))  # noqa: E711
        if covered and agree == covered and covered * 2 >= np.sum(labels != None):  # noqa: E711
            return path
    return None
