"""A family's dataset has one schema whatever its config: the column types a card declares, laid over those its
records show, are the same for every bundled template of the family (a field a config leaves empty is declared,
not typed null), and a label field declared as a class loads as an integer."""

from __future__ import annotations

import os
from collections import defaultdict
from pathlib import Path

import pytest

from scenegen.factory.pipeline import Pipeline
from scenegen.factory.request import RunRequest
from scenegen.factory.run import make
from scenegen.folder.card import _declared_over
from scenegen.folder.summary import Summary
from scenegen.plugin.discovery import bundled_templates
from scenegen.plugin.resources import load_yaml
from scenegen.reading.dataset import read
from tests.kit.support import load_family

#: Samples made of each template: enough for every optional field to show where a config fills it.
SAMPLES = 12
#: Pair families whose samples are slow to make.
SLOW = {"helper_hinderer": 3, "true_false_belief": 3, "approach": 3, "imitation": 3}


def _templates_by_family() -> dict[str, list[Path]]:
    found: dict[str, list[Path]] = defaultdict(list)
    for path in bundled_templates().values():
        found[load_yaml(path.read_text(encoding="utf-8"))["family"]].append(path)
    return dict(sorted(found.items()))


TEMPLATES = _templates_by_family()


def _card_columns(path: Path) -> object:
    """The columns a card declares for a run of the template at ``path`` (as ShardSink folds its records)."""
    _, family = load_family(str(path))
    pipeline, summary = Pipeline(family, 0, "types_"), Summary()
    for index in range(SLOW.get(family.name, SAMPLES)):
        for meta, document in pipeline.docs(index, pipeline.produce(index)):
            summary.add({**meta, **family.output.record_fields(document)})
    return _declared_over(family.record_types, summary.columns)


@pytest.mark.parametrize("family", [name for name, paths in TEMPLATES.items() if len(paths) > 1])
def test_every_template_of_a_family_gives_one_schema(family):
    columns = {path.name: _card_columns(path) for path in TEMPLATES[family]}
    first = next(iter(columns.values()))
    assert first is not None
    differing = [name for name, kind in columns.items() if kind != first]
    assert not differing, f"{family}: {differing} differ from {next(iter(columns))}"


def test_a_label_declared_as_a_class_loads_as_its_position(tmp_path, monkeypatch):
    datasets = pytest.importorskip("datasets")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    out = tmp_path / "run"
    make(RunRequest("caip", 20, out=out, progress=False, workers=1))
    _, family = load_family("caip")
    labels = [row["label"]["dialogue_type"] for row in datasets.load_dataset(str(out), cache_dir=str(tmp_path / "c"))[
        "train"]]
    names = family.record_types["label"][1]["dialogue_type"][1]
    assert all(isinstance(label, int) for label in labels) and max(labels) < len(names)
    assert [names[label] for label in labels] == [label["dialogue_type"] for _, label in read(out)]
