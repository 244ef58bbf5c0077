"""The probe's two simple classifiers, fitted on the training rows and scored on the held-out ones, each with the
features that carry its predictions: a depth-limited decision tree (its top splits) and a logistic regression on
standardised features (its largest weights). Both deterministic: the tree's ties are broken by a fixed seed, and
lbfgs has no randomness.

scikit-learn is imported here only, and this module only by ``scenegen stats`` (start-up of ``scenegen make``).
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

#: The tree's depth: a few questions about the scene, as a shortcut is.
TREE_DEPTH = 3
#: Splits of the tree reported: its root and the two below it.
SPLITS = 3
#: Weights of the linear model reported.
WEIGHTS = 5
#: Iterations of lbfgs: enough for a held-out accuracy, which is all the probe asks of it.
ITERATIONS = 200


def tree(train: npt.NDArray[np.float32], train_y: npt.NDArray[Any], test: npt.NDArray[np.float32],
         names: Sequence[str]) -> tuple[npt.NDArray[Any], list[dict[str, Any]]]:
    """The held-out predictions of a depth-limited tree, and its top splits (feature, threshold, documents)."""
    from sklearn.tree import DecisionTreeClassifier  # type: ignore[import-untyped]  # sklearn ships no types

    model = DecisionTreeClassifier(max_depth=TREE_DEPTH, random_state=0).fit(train, train_y)
    nodes = model.tree_
    splits: list[dict[str, Any]] = []
    queue = [0]
    while queue and len(splits) < SPLITS:
        node = queue.pop(0)
        if nodes.children_left[node] < 0:  # a leaf
            continue
        splits.append({"feature": names[nodes.feature[node]], "threshold": round(float(nodes.threshold[node]), 4),
                       "documents": int(nodes.n_node_samples[node])})
        queue += [int(nodes.children_left[node]), int(nodes.children_right[node])]
    return model.predict(test), splits


def linear(train: npt.NDArray[np.float32], train_y: npt.NDArray[Any], test: npt.NDArray[np.float32],
           names: Sequence[str]) -> tuple[npt.NDArray[Any], list[dict[str, Any]]]:
    """The held-out predictions of a logistic regression on features standardised over the training rows, and
    its largest weights (per standard deviation of the feature, towards the class named)."""
    from sklearn.exceptions import ConvergenceWarning  # type: ignore[import-untyped]
    from sklearn.linear_model import LogisticRegression  # type: ignore[import-untyped]
    from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]  # installed with scikit-learn

    mean, spread = train.mean(axis=0), train.std(axis=0)
    spread[spread == 0] = 1.0  # a column constant over the training rows: weight 0 whatever its scale
    model = LogisticRegression(max_iter=ITERATIONS)
    # One BLAS thread: the matrices are small, and threads contending for the cores stats shares with a run's
    # workers made a fit ten times slower.
    with warnings.catch_warnings(), threadpool_limits(1):
        warnings.simplefilter("ignore", ConvergenceWarning)  # a probe stopped early still scores what it learned
        model.fit((train - mean) / spread, train_y)
    weights = model.coef_
    classes = list(model.classes_)
    if len(classes) == 2:  # one row of weights, towards the second class
        weights = np.vstack([-weights[0], weights[0]])
    strongest = np.abs(weights).max(axis=0)
    top = []
    for column in np.argsort(-strongest, kind="stable")[:WEIGHTS]:
        towards = int(np.argmax(weights[:, column]))
        top.append({"feature": names[column], "weight": round(float(weights[towards, column]), 3),
                    "class": str(classes[towards])})
    return model.predict((test - mean) / spread), top
