"""A run folder's dataset card: ``README.md`` with the YAML header that Hugging Face ``datasets`` reads.

The header names the files a loader reads for the run's split (``configs`` ->
``data_files``: the shards, or for ``--format files`` the manifest, whose lines
are the records without their documents) and the records' features, inferred
from every record (:mod:`scenegen.features`), so that ``load_dataset(RUN_DIR)``
needs no other argument and types every label column. The human part says what
the run is, how it was made and how its labels are balanced.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from .dataset import Run, open_run
from .features import Type, TypeConflict, merge, type_of, yaml_features
from .writer import write_atomic

CARD = "README.md"
#: libyaml's dumper where PyYAML was built with it: the same text, 5x faster than the pure-Python one.
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
#: A label field is tallied in the card when it takes at most this many values (a class, not an id).
MAX_CLASSES = 12


def write_card(root: Path, command: str) -> None:
    """Write the dataset card of the finished run in ``root``, made by ``command``."""
    run = open_run(root)
    columns: Type = ("struct", {})
    tallies: dict[str, Counter[str]] = {}
    documents = 0
    try:
        for entry in run.entries:
            for row in run.unit_rows(entry):
                columns = merge(columns, type_of(row))
                _tally(tallies, row.get("label") or {})
                documents += 1
        features: list[dict[str, Any]] | None = yaml_features(columns[1])
        conflict = None
    except TypeConflict as error:  # a family's bug: the card then lets the loader infer what it can
        features, conflict = None, str(error)
    write_atomic(root / CARD, card_text(run, command, documents, features, tallies, conflict).encode())


def card_text(run: Run, command: str, documents: int, features: list[dict[str, Any]] | None,
              tallies: Mapping[str, Counter[str]], conflict: str | None = None) -> str:
    """The card of ``run``: the YAML header, then the human part."""
    record = run.record
    split, family = record["split"], run.family
    header: dict[str, Any] = {
        "pretty_name": f"scenegen {record['family']} ({record.get('stem', record['family'])}, {split})",
        "tags": ["scenegen", record["family"], "synthetic"],
        "configs": [{"config_name": "default",
                     "data_files": [{"split": split, "path": run.storage.data_files(record.get("stem", ""))}]}],
    }
    if features is not None:
        header["dataset_info"] = {"features": features}
    per_sample = family.pairing.documents_per_sample(record["config"])
    storage = run.storage.record()
    lines = [
        "---", yaml.dump(header, Dumper=_DUMPER, sort_keys=False, allow_unicode=True).rstrip(), "---", "",
        f"# {header['pretty_name']}", "",
        f"{family.description}", "",
        "| | |", "|---|---|",
        f"| family | `{record['family']}` |",
        f"| config | `{record.get('stem', '')}` (in full in `run.json`) |",
        f"| seed | {record['seed']} |",
        f"| split | `{split}` |",
        f"| samples | {documents // per_sample:,} |",
        f"| documents | {documents:,}" + (f" ({per_sample} per sample: a pair)" if per_sample > 1 else "") + " |",
        f"| storage | {', '.join(f'{key} {value}' for key, value in storage.items())} |",
        f"| made by | scenegen {record.get('scenegen', '')} |", "",
        "Made with:", "", "```", command, "```", "",
    ]
    if conflict:
        lines += [f"Features are not declared: {conflict}.", ""]
    lines += _balance(tallies, documents)
    lines += ["Load it:", "", "```python",
              "import datasets, scenegen",
              "rows = datasets.load_dataset(\"PATH/TO/THIS/FOLDER\")[" + repr(split) + "]",
              "for document, label in scenegen.read(\"PATH/TO/THIS/FOLDER\"):",
              "    ...", "```", ""]
    return "\n".join(lines)


def _tally(tallies: dict[str, Counter[str]], label: Mapping[str, Any]) -> None:
    """Count the values of a label's top-level text and yes/no fields."""
    for key, value in label.items():
        if isinstance(value, (str, bool)):
            tallies.setdefault(key, Counter())[str(value).lower() if isinstance(value, bool) else value] += 1


def _balance(tallies: Mapping[str, Counter[str]], documents: int) -> list[str]:
    rows = [f"| `{key}` | " + ", ".join(f"{value} {count:,} ({count / documents:.1%})"
                                       for value, count in sorted(counts.items(), key=lambda item: -item[1])) + " |"
            for key, counts in tallies.items() if len(counts) <= MAX_CLASSES]
    if not rows:
        return []
    return ["Label balance (documents per value):", "", "| label | values |", "|---|---|", *rows, ""]
