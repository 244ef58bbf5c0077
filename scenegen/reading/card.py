"""A run folder's dataset card: ``README.md`` with the YAML header that Hugging Face ``datasets`` reads.

The header names the files a loader reads for the run's split (``configs`` ->
``data_files``: the shards, or for ``--format files`` the manifest, whose lines
are the records without their documents) and the records' features, inferred
from every record (:mod:`scenegen.folder.features`), so that ``load_dataset(RUN_DIR)``
needs no other argument and types every label column. The human part says what
the run is, how it was made and how its labels are balanced.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from scenegen.files import read_regular, write_atomic
from scenegen.folder.features import yaml_features
from scenegen.folder.manifest import CARD
from scenegen.folder.summary import Summary
from scenegen.reading.dataset import Run, open_run

#: The heading of the card's loading example; a link to a stats page goes above it.
_LOAD_IT = "Load it:"
#: libyaml's dumper where PyYAML was built with it: the same text, 5x faster than the pure-Python one.
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
#: A label field is tallied in the card when it takes at most this many values (a class, not an id).
MAX_CLASSES = 12


def write_card(root: Path, command: str, summary: Summary | None = None) -> None:
    """Write the dataset card of the finished run in ``root``, made by ``command``; ``summary``: that of all
    its records, if known (else every record is read for it)."""
    run = open_run(root)
    if summary is None:
        summary = Summary()
        for entry in run.stream():
            for row in run.unit_rows(entry):
                summary.add(row)
    write_atomic(root / CARD, card_text(run, command, summary).encode())


def link_page(root: Path, name: str) -> None:
    """Link the page ``name`` of the run folder ``root`` (its statistics and pictures) from its card."""
    path = root / CARD
    if not os.path.lexists(path):
        return
    # Read as a file of the run folder: never through a link, a FIFO never waited on; bytes kept as they are.
    text = read_regular(path, follow_links=False).decode("utf-8", errors="surrogateescape")
    link = f"Statistics and pictures of this run: [{name}]({name}) (written by `scenegen stats --html`)."
    if link not in text:
        write_atomic(path, text.replace(_LOAD_IT, f"{link}\n\n{_LOAD_IT}", 1).encode("utf-8", "surrogateescape"))


def card_text(run: Run, command: str, summary: Summary) -> str:
    """The card of ``run``: the YAML header, then the human part."""
    record = run.record
    split, family = record["split"], run.family
    header: dict[str, Any] = {
        "pretty_name": f"scenegen {record['family']} ({record.get('stem', record['family'])}, {split})",
        "tags": ["scenegen", record["family"], "synthetic"],
        "configs": [{"config_name": "default",
                     "data_files": [{"split": split, "path": run.storage.data_files(record.get("stem", ""))}]}],
    }
    if summary.columns is not None:
        header["dataset_info"] = {"features": yaml_features(summary.columns[1])}
    per_sample = family.pairing.documents_per_sample(record["config"])
    documents = summary.documents
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
    if summary.conflict:  # a family's bug: the loader then infers what it can
        lines += [f"Features are not declared: {summary.conflict}.", ""]
    lines += _balance(summary.classes(), documents)
    lines += [_LOAD_IT, "", "```python",
              "import datasets, scenegen",
              "rows = datasets.load_dataset(\"PATH/TO/THIS/FOLDER\")[" + repr(split) + "]",
              "for document, label in scenegen.read(\"PATH/TO/THIS/FOLDER\"):",
              "    ...", "```", ""]
    return "\n".join(lines)


def _balance(classes: Mapping[str, Mapping[str, int]], documents: int) -> list[str]:
    rows = [f"| `{key}` | " + ", ".join(f"{value} {count:,} ({count / documents:.1%})"
                                       for value, count in counts.items()) + " |"
            for key, counts in classes.items()]
    if not rows:
        return []
    return ["Label balance (documents per value):", "", "| label | values |", "|---|---|", *rows, ""]
