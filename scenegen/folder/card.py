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

from scenegen.folder.features import Type, TypeConflict, merge, yaml_features
from scenegen.folder.files import read_regular, write_atomic
from scenegen.folder.manifest import CARD
from scenegen.folder.run_record import read_run_record, run_family_class
from scenegen.folder.storage import Storage
from scenegen.folder.summary import Summary
from scenegen.plugin.family import Family

#: The heading of the card's loading example; a link to a stats page goes above it.
_LOAD_IT = "Load it:"
#: How the link to a run's statistics page begins.
_PAGE_LINK = "Statistics and pictures of this run: "
#: What a card says of a page made before the run was resumed (the page is the user's: it is left as it is).
_STALE = " It describes the run as it was before it was resumed: run `scenegen stats --html` again to update it."
#: The license the card gives the data: scenegen's own (MIT); the data is the user's to relicense.
LICENSE = "mit"
#: Hugging Face's size categories: the largest bound below which the count falls, and its name.
_SIZES = ((1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"), (1_000_000, "100K<n<1M"),
          (10_000_000, "1M<n<10M"), (100_000_000, "10M<n<100M"), (1_000_000_000, "100M<n<1B"))
#: libyaml's dumper where PyYAML was built with it: the same text, 5x faster than the pure-Python one.
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def write_card(root: Path, command: str, summary: Summary) -> None:
    """Write the dataset card of the finished run in ``root``, made by ``command``, whose records ``summary``
    sums up (all of them: a resumed run's too, see :func:`scenegen.reading.dataset.summary_of`)."""
    record = read_run_record(root)
    text = card_text(root, record, run_family_class(root, record), command, summary)
    page_link = _page_link(root)
    if page_link is not None:  # a page made before a resume: still linked, and said to be out of date
        text = text.replace(_LOAD_IT, f"{page_link.removesuffix(_STALE)}{_STALE}\n\n{_LOAD_IT}", 1)
    write_atomic(root / CARD, text.encode())


def _page_link(root: Path) -> str | None:
    """The line of the run's current card that links its statistics page, if it has one."""
    path = root / CARD
    if not os.path.lexists(path):
        return None
    text = read_regular(path, follow_links=False).decode("utf-8", errors="replace")
    return next((line for line in text.splitlines() if line.startswith(_PAGE_LINK)), None)


def link_page(root: Path, name: str) -> None:
    """Link the page ``name`` of the run folder ``root`` (its statistics and pictures) from its card."""
    path = root / CARD
    if not os.path.lexists(path):
        return
    # Read as a file of the run folder: never through a link, a FIFO never waited on; bytes kept as they are.
    text = read_regular(path, follow_links=False).decode("utf-8", errors="surrogateescape")
    link = f"{_PAGE_LINK}[{name}]({name}) (written by `scenegen stats --html`)."
    old = next((line for line in text.splitlines() if line.startswith(_PAGE_LINK)), None)
    if old == link:
        return
    text = text.replace(f"{old}\n\n", "", 1) if old is not None else text
    write_atomic(path, text.replace(_LOAD_IT, f"{link}\n\n{_LOAD_IT}", 1).encode("utf-8", "surrogateescape"))


def card_text(root: Path, record: Mapping[str, Any], family: type[Family], command: str, summary: Summary) -> str:
    """The card of the run in ``root`` (its run ``record``, its ``family``): the YAML header, then the human
    part."""
    split = record["split"]
    documents = summary.documents
    storage = Storage.from_record(record.get("storage"))
    data_files = storage.data_files(record.get("stem", ""))
    header: dict[str, Any] = {
        "pretty_name": f"scenegen {record['family']} ({record.get('stem', record['family'])}, {split})",
        "license": LICENSE,
        "task_categories": list(family.task_categories),
        "size_categories": [size_category(documents)],
        "tags": ["scenegen", record["family"], "synthetic"],
        "configs": [{"config_name": "default", "data_files": [{"split": split, "path": data_files}]}],
        # The split's size, which datasets verifies on load: a shard that lost rows is an error, not a smaller
        # dataset. num_bytes counts the split's files as stored.
        "dataset_info": {"splits": [{"name": split, "num_bytes": _data_bytes(root, data_files),
                                     "num_examples": documents}]},
    }
    columns = _declared_over(family.record_types, summary.columns)
    if columns is not None:
        header["dataset_info"] = {"features": yaml_features(columns[1]), **header["dataset_info"]}
    per_sample = family.pairing.documents_per_sample(record["config"])
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
        f"| storage | {', '.join(f'{key} {value}' for key, value in storage.record().items())} |",
        f"| made by | scenegen {record.get('scenegen', '')} |", "",
        "Made with:", "", "```", command, "```", "",
    ]
    if summary.conflict:  # a family's bug: the loader then infers what it can
        lines += [f"Features are not declared: {summary.conflict}.", ""]
    lines += _balance(summary.classes(), documents)
    # Runnable as it is, from this folder; the card stays the same wherever the run is put (a resumed run ends
    # byte-identical to an uninterrupted one in another folder).
    lines += [_LOAD_IT, "", "```python",
              "import os",
              "",
              "import datasets, scenegen",
              "",
              "run = os.path.abspath(\".\")  # this folder, run from it; or its path, or its name on a dataset hub",
              f"rows = datasets.load_dataset(run)[{split!r}]",
              "for document, label in scenegen.read(run):",
              "    ...", "```", ""]
    return "\n".join(lines)


def _declared_over(declared: Mapping[str, Type], inferred: Type | None) -> Type | None:
    """The records' column types: those the family declares laid over those inferred from the records (None
    where the records disagreed, or disagree with the declaration: the loader then infers what it can)."""
    if inferred is None:
        return None
    try:
        return merge(inferred, ["struct", dict(declared)])
    except TypeConflict:
        return None


def size_category(count: int) -> str:
    """The Hugging Face size category of a dataset of ``count`` records."""
    return next((name for bound, name in _SIZES if count < bound), "n>1B")


def _data_bytes(root: Path, pattern: str) -> int:
    """The bytes of the run's files a loader reads (those ``pattern`` matches)."""
    return sum(path.stat().st_size for path in root.glob(pattern) if path.is_file())


def _balance(classes: Mapping[str, Mapping[str, int]], documents: int) -> list[str]:
    rows = [f"| `{key}` | " + ", ".join(f"{value} {count:,} ({count / documents:.1%})"
                                       for value, count in counts.items()) + " |"
            for key, counts in classes.items()]
    if not rows:
        return []
    return ["Label balance (documents per value):", "", "| label | values |", "|---|---|", *rows, ""]
