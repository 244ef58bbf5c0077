"""Side by side: what the real Evaluation 7 scenes of a task show against what a template makes.

A family's fidelity module declares its task's features (each a function of one
scene, or of one pair's scenes) and a tolerance for each; :func:`side_by_side`
measures them over the development half of the real scenes
(``tests/fixtures/mcs_scenes/eval7/``) and over scenes made in memory from a
bundled template, and says which figures fall outside their tolerance. A test
holds every figure to its tolerance on a few hundred scenes; the family's
``python -m`` entry prints the table of 10,000 for ``docs/fidelity/``.

A feature's value is a category (its figure: the share of scenes taking each
value) or a number (its figures: the minimum, median and maximum).
"""

from __future__ import annotations

import json
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from pathlib import Path
from typing import Any

from scenegen.factory.pipeline import Pipeline
from tests.kit import REFERENCE_SCENES
from tests.kit.support import as_written, load_family

#: The development half of every task's real scenes.
EVAL7 = REFERENCE_SCENES / "eval7"
#: Every folder of the development half: ``eval7/`` and the files one level up (the fixtures' top folder and
#: ``more/``), which hold a second pair of some passive-agent tasks.
DEV_FOLDERS = (EVAL7, REFERENCE_SCENES, REFERENCE_SCENES / "more")

Scene = dict[str, Any]


@dataclass(frozen=True)
class Feature:
    """One thing the evaluation varies. ``measure`` maps a sample's scenes (one, or a pair's, by role) to a value
    or to None (the feature does not apply to that sample). A categorical feature's figures are shares of the
    samples it applies to, each within ``tolerance`` (an absolute share); a numeric one's are its minimum,
    median and maximum, the generated ones within ``tolerance`` (in the value's unit) of the real ones, or
    inside the real range where ``within_range`` says so."""

    name: str
    measure: Callable[[dict[str, Scene]], Any]
    tolerance: float
    numeric: bool = False
    within_range: bool = False
    #: A categorical feature's real shares as the issue states them from the whole evaluation, for a feature the
    #: development half cannot show (None: measured on the development half).
    stated: Mapping[Any, float] | None = None


def the_scene(sample: dict[str, Scene]) -> Scene:
    """The one scene of a sample that is not a pair."""
    return sample[""]


def first_of_type(scene: Scene, prefix: str) -> Scene:
    """The first object of ``scene`` whose type begins with ``prefix``."""
    return next(item for item in scene["objects"] if item["type"].startswith(prefix))


def real_samples(task: str, roles: Sequence[str] = ("",), folders: Sequence[Path] = (EVAL7,)) -> list[dict[str, Scene]]:
    """The development half's scenes of ``task`` (e.g. ``interactive_tool_choice``), one dict per sample: a
    single scene under ``""``, or a pair's scenes by role, read from ``_01``, ``_02``... in ``roles`` order.
    ``folders``: where to look; the development half of a few tasks also has files in :data:`DEV_FOLDERS`."""
    paths = sorted(path for folder in folders for path in folder.glob(f"eval_7_{task}_*.json"))
    scenes = [json.loads(path.read_text(encoding="utf-8")) for path in paths]
    if roles == ("",):
        return [{"": scene} for scene in scenes]
    groups: dict[str, list[Scene]] = {}
    for path, scene in zip(paths, scenes, strict=True):
        groups.setdefault(path.stem.rsplit("_", 1)[0], []).append(scene)
    return [dict(zip(roles, group, strict=True)) for group in groups.values() if len(group) == len(roles)]


def generated_samples(config: str, n: int, seed: int = 0) -> Iterator[dict[str, Scene]]:
    """``n`` samples of a bundled template (or config file), made in memory as ``make`` makes them: each a dict
    of its documents by role (``""`` for a single scene), as a reader of the written files sees them."""
    _, family = load_family(config)
    pipeline = Pipeline(family, seed, "fidelity_")
    for start in range(0, n, 100):
        for _sample, documents in pipeline.produce_many(range(start, min(n, start + 100))):
            yield {role: as_written(document) for role, document in documents.items()}


@dataclass(frozen=True)
class Row:
    """One figure: the feature (and value, for a category), the real and generated figures, and whether the
    generated one is within tolerance."""

    feature: str
    value: str
    real: float
    generated: float
    ok: bool


def side_by_side(features: Sequence[Feature], real: Sequence[dict[str, Scene]],
                 generated: Iterable[dict[str, Scene]]) -> list[Row]:
    """Every feature's figures over the real and the generated samples."""
    made = list(generated)
    rows: list[Row] = []
    for feature in features:
        real_values = _applicable(feature, real)
        made_values = _applicable(feature, made)
        rows += _numeric_rows(feature, real_values, made_values) if feature.numeric else \
            _category_rows(feature, real_values, made_values)
    return rows


def compare(task: str, templates: str | Sequence[str], features: Sequence[Feature], n: int, *,
            roles: Sequence[str] = ("",), folders: Sequence[Path] = DEV_FOLDERS,
            seed: int = 0) -> tuple[list[Row], int]:
    """The rows of every feature over the real scenes of ``task`` and ``n`` samples made from ``templates`` (one
    template, or several sharing the samples equally), and how many real samples there are."""
    real = real_samples(task, roles, folders)
    return side_by_side(features, real, _made_from(templates, n, seed)), len(real)


def _made_from(templates: str | Sequence[str], n: int, seed: int) -> Iterator[dict[str, Scene]]:
    names = [templates] if isinstance(templates, str) else list(templates)
    sizes = [n // len(names) + (k < n % len(names)) for k in range(len(names))]
    return chain.from_iterable(generated_samples(name, size, seed) for name, size in zip(names, sizes, strict=True))


def main(task: str, templates: str | Sequence[str], features: Sequence[Feature], argv: Sequence[str], *,
         roles: Sequence[str] = ("",), folders: Sequence[Path] = DEV_FOLDERS) -> None:
    """A fidelity module's ``python -m`` entry: print the Markdown table of ``templates`` (``argv``: the number of
    samples, 10,000 by default) and the figures outside their tolerance; exit 1 if there are any."""
    n = int(argv[0]) if argv else 10_000
    rows, real = compare(task, templates, features, n, roles=roles, folders=folders)
    print(table(rows, real, n))
    missed = outside(rows)
    print("\nOutside tolerance: " + ("; ".join(missed) if missed else "none"))
    sys.exit(1 if missed else 0)


def table(rows: Sequence[Row], real_count: int, generated_count: int) -> str:
    """The rows as a Markdown table."""
    lines = [f"| feature | value | real ({real_count}) | generated ({generated_count:,}) | within tolerance |",
             "|---|---|---|---|---|"]
    lines += [f"| {row.feature} | {row.value} | {_figure(row.real)} | {_figure(row.generated)} | "
              f"{'yes' if row.ok else 'NO'} |" for row in rows]
    return "\n".join(lines)


def outside(rows: Sequence[Row]) -> list[str]:
    """The figures outside their tolerance, said in words (empty: all within)."""
    return [f"{row.feature} {row.value}: real {_figure(row.real)}, generated {_figure(row.generated)}"
            for row in rows if not row.ok]


def _applicable(feature: Feature, samples: Sequence[dict[str, Scene]]) -> list[Any]:
    return [value for value in map(feature.measure, samples) if value is not None]


def _category_rows(feature: Feature, real: list[Any], made: list[Any]) -> list[Row]:
    real_shares, made_shares = dict(feature.stated) if feature.stated is not None else _shares(real), _shares(made)
    values = sorted(set(real_shares) | set(made_shares), key=str)
    return [Row(feature.name, str(value), real_shares.get(value, 0.0), made_shares.get(value, 0.0),
                abs(real_shares.get(value, 0.0) - made_shares.get(value, 0.0)) <= feature.tolerance)
            for value in values]


def _shares(values: list[Any]) -> dict[Any, float]:
    counts = Counter(values)
    return {value: count / len(values) for value, count in counts.items()} if values else {}


def _numeric_rows(feature: Feature, real: list[float], made: list[float]) -> list[Row]:
    if not real or not made:
        return [Row(feature.name, "applies", float(bool(real)), float(bool(made)), bool(real) == bool(made))]
    rows = []
    for label, statistic in (("min", min), ("median", statistics.median), ("max", max)):
        real_figure, made_figure = float(statistic(real)), float(statistic(made))
        if feature.within_range:
            ok = min(real) - feature.tolerance <= made_figure <= max(real) + feature.tolerance
        else:
            ok = abs(real_figure - made_figure) <= feature.tolerance
        rows.append(Row(feature.name, label, real_figure, made_figure, ok))
    return rows


def _figure(value: float) -> str:
    return f"{value:.3g}"
