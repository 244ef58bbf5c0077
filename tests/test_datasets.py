"""A run folder is a dataset: Hugging Face ``datasets``, ``scenegen.read`` and the iterable dataset load it in
every format, with the same records; ``convert`` round-trips; damage is reported, never half read."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from itertools import chain
from pathlib import Path
from typing import Any, TypedDict

import pytest

from scenegen import document, read, read_pairs, records
from scenegen.factory.pipeline import Pipeline
from scenegen.factory.request import RunRequest
from scenegen.factory.run import make
from scenegen.folder.manifest import MANIFEST, read_manifest
from scenegen.plugin.discovery import installed_families
from scenegen.plugin.family import Family
from scenegen.plugin.resources import load_yaml
from scenegen.plugin.schemas import reference_validator
from scenegen.reading.convert import convert
from scenegen.reading.dataset import DamagedRunError, RunReaders, open_run
from tests.kit.support import load_family

os.environ.setdefault("HF_HUB_OFFLINE", "1")  # a local folder needs no hub; CI machines reach none


def hf() -> Any:
    """Hugging Face ``datasets``, imported by the tests that use it: not by the collection of every test run, which
    would pay 0.8 s a worker for it."""
    return pytest.importorskip("datasets")


class Options(TypedDict, total=False):
    """The make options a run of RUNS adds."""

    pairs: bool


def _kinds() -> dict[str, tuple[str, Options, int]]:
    """A family of each kind the readers must handle, found among the installed families (the first by name of
    each; no family is named here): (its template, the make options, documents per sample)."""
    families = list(installed_families().values())

    def first(kind: Callable[[type[Family]], bool]) -> str:
        return next(family.name for family in families if kind(family))

    return {
        "scenes": (first(lambda f: f.output.default_format == "files" and not f.pairing.roles), {}, 1),
        "pairs_on_request": (first(lambda f: f.pairing.key is not None), {"pairs": True}, 2),
        "pairs": (first(lambda f: f.pairing.always), {}, 2),
        "records": (first(lambda f: f.output.default_format != "files"), {}, 1),
    }


#: (config, options, documents per sample) of each kind.
RUNS = _kinds()
FORMATS = ("files", "jsonl", "parquet")
N = {"pairs": 3}  # a passive-agent pair is slow to make
SHARD_SIZE = 2


def samples(name: str) -> int:
    return N.get(name, 5)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Every run of RUNS in every format, same config, seed and split: {(name, format): folder}."""
    root = tmp_path_factory.mktemp("runs")
    made = {}
    for name, (config, options, _) in RUNS.items():
        for format in FORMATS:
            shard_size = SHARD_SIZE if format != "files" else None
            out = root / f"{name}-{format}"
            make(RunRequest(config, samples(name), seed=4, out=out, progress=False, workers=1, format=format,
                            shard_size=shard_size, **options))
            made[name, format] = out
    return made


def load(folder: Path, cache: Path):
    return hf().load_dataset(str(folder), cache_dir=str(cache))


@pytest.mark.parametrize("format", FORMATS)
@pytest.mark.parametrize("name", RUNS)
def test_load_dataset_needs_no_argument_and_types_the_labels(runs, tmp_path, name, format):
    loaded = load(runs[name, format], tmp_path)
    assert list(loaded) == ["train"]
    rows = loaded["train"]
    assert rows.num_rows == samples(name) * RUNS[name][2]
    label = rows.features["label"]
    assert isinstance(label, dict) and label, label  # a struct of typed columns, not JSON text
    expected = [label for _, label in read(runs[name, format])]
    assert [_named(row["label"], label) for row in rows] == [_typed_like(row, label) for row, label in
                                                             zip(rows, expected, strict=True)]
    if RUNS[name][2] == 2:
        assert Counter(rows["pair_id"]) == Counter(dict.fromkeys(set(rows["pair_id"]), 2))
    _, family = load_family(RUNS[name][0])
    document_column = "file" if format == "files" else family.output.record_keys[0]
    assert document_column in rows.features


def _named(label: dict, features: dict) -> dict:
    """``label`` with each class field (an integer, as datasets loads a ClassLabel) given back its name."""
    return {key: features[key].int2str(value) if isinstance(features.get(key), hf().ClassLabel) else value
            for key, value in label.items()}


def _typed_like(row: dict, label: dict) -> dict:
    """``label`` as Arrow gives it back: a struct field that one record lacks is None in it."""
    return {key: label.get(key) for key in row["label"]}


@pytest.mark.parametrize("format", ["jsonl", "parquet"])
@pytest.mark.parametrize("name", RUNS)
def test_every_record_holds_the_document_of_the_files_run(runs, name, format):
    files = runs[name, "files"]
    entries = list(read_manifest(files / MANIFEST))
    sharded = list(read(runs[name, format]))
    assert len(sharded) == len(entries)
    for (scene, label), entry in zip(sharded, entries, strict=True):
        assert scene == json.loads((files / entry["file"]).read_bytes()) and label == entry["label"]


@pytest.mark.parametrize("name", RUNS)
def test_convert_round_trips_through_every_format(runs, tmp_path, name):
    original = runs[name, "files"]
    convert(original, tmp_path / "parquet", "parquet", shard_size=3)
    convert(tmp_path / "parquet", tmp_path / "gzip", "jsonl", "gzip")
    convert(tmp_path / "gzip", tmp_path / "files", "files")
    assert list(records(tmp_path / "parquet")) == list(records(tmp_path / "gzip")) == list(records(original))
    again = {path.name: path.read_bytes() for path in (tmp_path / "files").iterdir()}
    assert again == {path.name: path.read_bytes() for path in original.iterdir()
                     if path.name not in ("README.md", ".scenegen.folder.lock")} | {"README.md": again["README.md"]}


def test_every_run_in_every_format_validates(runs, run_cli):
    for folder in runs.values():
        result = run_cli("validate", str(folder))
        assert result.code == 0, result.out


def test_every_manifest_line_and_record_has_the_documented_shape(runs):
    lines, rows = reference_validator("manifest_line"), reference_validator("dataset_record")
    for folder in runs.values():
        for entry in read_manifest(folder / MANIFEST):
            assert not list(lines.iter_errors(entry)), (folder, entry)
        for record in records(folder):
            assert not list(rows.iter_errors(record)), (folder, record)


@pytest.mark.parametrize("name", RUNS)
def test_every_record_of_a_family_has_the_same_keys(name):
    """Arrow types a column by its keys: a key that some records lack would come back as None in them."""
    config, options, _ = RUNS[name]
    _, family = load_family(config, pairs=bool(options.get("pairs")))
    pipeline = Pipeline(family, 0, "x_")
    shapes: Counter[str] = Counter()
    for first in range(0, 160, 8):
        for index, made in zip(range(first, first + 8), pipeline.produce_many(range(first, first + 8)), strict=True):
            shapes.update(_shape({key: meta[key] for key in ("label", "params")}) for meta, _ in
                          pipeline.docs(index, made))
    assert len(shapes) == 1, shapes


def _shape(value) -> str:
    """The keys of every object in ``value``, nested, as text."""
    if isinstance(value, dict):
        return "{" + ",".join(f"{key}:{_shape(item)}" for key, item in sorted(value.items())) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + "|".join(sorted({_shape(item) for item in value})) + "]"
    return ""


def test_the_card_names_the_split_and_counts(runs):
    config = RUNS["pairs"][0]
    card = (runs["pairs", "jsonl"] / "README.md").read_text()
    header = card.split("---")[1]
    assert "split: train" in header and f"path: {config}-*.jsonl.zst" in header
    assert "| samples | 3 |" in card and "| documents | 6 (2 per sample: a pair) |" in card
    assert f"scenegen make --config {config} -n 3 --seed 4 --split train --format jsonl" in card
    assert "Label balance (documents per value):" in card


# The readers a data loader deals a run out to (tests/test_torch.py serves them through PyTorch itself)


def every_reader(readers: RunReaders, ranks: int, workers: int, epoch: int) -> list[list[str]]:
    """What each reader of each rank yields, as document ids, in the order yielded."""
    return [[_id(document) for document, _ in readers.reader(reader, ranks * workers, epoch)]
            for reader in range(ranks * workers)]


def _id(document: dict) -> str:
    return document.get("name") or document["id"]


@pytest.mark.parametrize("workers", [2, 3])
@pytest.mark.parametrize("format", FORMATS)
def test_each_record_is_read_once_per_epoch_whatever_the_workers_and_ranks(runs, format, workers):
    folder = runs["scenes", format]
    everything = [_id(document) for document, _ in read(folder)]
    for shuffle_seed in (None, 7):
        readers = RunReaders(folder, shuffle_seed=shuffle_seed)
        for epoch in (0, 1):
            parts = every_reader(readers, 2, workers, epoch)
            assert sorted(chain.from_iterable(parts)) == sorted(everything), (shuffle_seed, epoch)
    readers = RunReaders(folder, shuffle_seed=7)
    first = list(chain.from_iterable(every_reader(readers, 2, workers, 1)))
    assert list(chain.from_iterable(every_reader(readers, 2, workers, 2))) != first  # a new order each epoch


# Damage is reported, never half read


@pytest.fixture
def shard_run(runs, tmp_path):
    copy = tmp_path / "run"
    convert(runs["scenes", "jsonl"], copy, "jsonl", shard_size=2)
    return copy


def test_a_truncated_shard_is_named_by_validate_and_never_half_read(shard_run, run_cli):
    name = open_run(shard_run).entries[1]["file"]
    shard = shard_run / name
    shard.write_bytes(shard.read_bytes()[:-20])
    got: list[tuple[dict[str, Any], dict[str, Any]]] = []
    with pytest.raises(DamagedRunError, match=rf"{re.escape(name)}: its content differs"):
        got.extend(read(shard_run))
    assert len(got) == 2  # the first shard's records; none of the damaged one
    result = run_cli("validate", str(shard_run))
    assert result.code == 1 and f"{name}: $: content differs from the sha256" in result.out


def test_a_shard_whose_hash_was_edited_is_reported(shard_run, run_cli):
    lines = (shard_run / MANIFEST).read_text().splitlines(keepends=True)
    entry = json.loads(lines[0])
    lines[0] = json.dumps({**entry, "sha256": "0" * 64}) + "\n"
    (shard_run / MANIFEST).write_text("".join(lines))
    with pytest.raises(DamagedRunError, match=re.escape(entry["file"])):
        next(read(shard_run))
    assert run_cli("validate", str(shard_run)).code == 1


def test_a_shard_truncated_with_its_hash_is_reported_by_validate(shard_run, run_cli):
    """A shard cut short and re-hashed passes the hash check; its decoding does not."""
    run = open_run(shard_run)
    shard = shard_run / run.entries[0]["file"]
    shard.write_bytes(shard.read_bytes()[: len(shard.read_bytes()) // 2])
    result = run_cli("validate", str(shard))
    assert result.code == 1 and "not a whole zstd stream" in result.out


def test_an_interrupted_run_is_refused_by_read(shard_run):
    with (shard_run / MANIFEST).open("ab") as manifest:
        manifest.write(b'{"file": "x-00009.jsonl.zst", "first_')
    with pytest.raises(DamagedRunError, match="torn line"):
        list(read(shard_run))


def test_a_folder_without_a_run_is_refused_by_read(tmp_path):
    with pytest.raises(DamagedRunError, match="not a scenegen run folder"):
        list(read(tmp_path))


# The command line


def test_format_options_that_mean_nothing_are_refused(run_cli, tmp_path):
    out = tmp_path / "out"
    result = run_cli("make", "--config", "tool_choice", "-n", "2", "--compression", "gzip", "--out", str(out))
    assert result.code == 2 and "--compression: applies to shards" in result.err and not out.exists()
    result = run_cli("make", "--config", "tool_choice", "-n", "2", "--shard-size", "0", "--format", "jsonl")
    assert result.code == 2 and "--shard-size" in result.err


def test_parquet_without_pyarrow_says_what_to_install(run_cli, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # import pyarrow now raises ImportError
    out = tmp_path / "out"
    result = run_cli("make", "--config", "tool_choice", "-n", "2", "--format", "parquet", "--out", str(out))
    assert result.code == 2 and "pip install 'scenegen[parquet]'" in result.err and not out.exists()


def test_convert_through_the_command_line(run_cli, runs, tmp_path):
    out = tmp_path / "converted"
    result = run_cli("convert", str(runs["records", "jsonl"]), "--format", "parquet", "--out", str(out))
    assert result.code == 0 and "wrote 5 documents" in result.out
    assert list(records(out)) == list(records(runs["records", "jsonl"]))
    again = run_cli("convert", str(runs["records", "jsonl"]), "--format", "parquet", "--out", str(out))
    assert again.code == 2 and "already holds a run" in again.err
    itself = run_cli("convert", str(out), "--format", "jsonl", "--out", str(out))
    assert itself.code == 2 and "another folder" in itself.err
    nothing = run_cli("convert", str(tmp_path), "--format", "jsonl", "--out", str(tmp_path / "x"))
    assert nothing.code == 1 and "not a scenegen run folder" in nothing.err


# What users would otherwise write by hand


@pytest.mark.parametrize("format", FORMATS)
@pytest.mark.parametrize("name", ["pairs_on_request", "pairs"])
def test_read_pairs_groups_each_samples_documents(runs, name, format):
    pairs = list(read_pairs(runs[name, format]))
    assert len(pairs) == samples(name)
    singles = list(read(runs[name, format]))
    for k, pair in enumerate(pairs):
        assert len(pair.documents) == 2 and pair.documents.keys() == pair.labels.keys()
        assert [(pair.documents[role], pair.labels[role]) for role in pair.documents] == singles[2 * k:2 * k + 2]
        assert isinstance(pair.record, dict)


def test_read_pairs_refuses_a_run_of_single_documents(runs):
    with pytest.raises(ValueError, match="not of pairs"):
        next(read_pairs(runs["scenes", "jsonl"]))


@pytest.mark.parametrize("format", FORMATS)
def test_a_dataset_record_leads_to_its_document(runs, tmp_path, format):
    folder = runs["scenes", format]
    rows = load(folder, tmp_path)["train"]
    assert [document(folder, row) for row in rows] == [scene for scene, _ in read(folder)]


def test_a_record_whose_file_was_changed_is_refused(runs, tmp_path):
    folder = tmp_path / "copy"
    shutil.copytree(runs["scenes", "files"], folder)
    row = load(folder, tmp_path / "cache")["train"][0]
    (folder / row["file"]).write_text("{}", encoding="utf-8")
    with pytest.raises(DamagedRunError, match="differs from the sha256"):
        document(folder, row)


# The card: what the hub shows, and the sizes datasets verifies


def _header(folder: Path) -> dict[str, Any]:
    return load_yaml((folder / "README.md").read_text(encoding="utf-8").split("---")[1])


@pytest.mark.parametrize("format", FORMATS)
def test_the_card_declares_the_split_size_license_and_categories(runs, format, tmp_path):
    header = _header(runs["pairs", format])
    assert header["dataset_info"]["splits"] == [{"name": "train", "num_bytes": header["dataset_info"]["splits"][0][
        "num_bytes"], "num_examples": 2 * samples("pairs")}]
    assert header["dataset_info"]["splits"][0]["num_bytes"] > 0
    assert header["license"] == "mit" and header["size_categories"] == ["n<1K"]
    for kind in ("pairs", "records"):
        _, family = load_family(RUNS[kind][0])
        assert _header(runs[kind, format])["task_categories"] == list(family.task_categories)
    card = (runs["pairs", format] / "README.md").read_text(encoding="utf-8")
    assert "PATH/TO" not in card
    loading = card.split("```python\n")[-1].split("```")[0].replace("    ...", "    pass")
    subprocess.run([sys.executable, "-c", loading], cwd=runs["pairs", format], check=True,
                   env={**os.environ, "HF_DATASETS_CACHE": str(tmp_path / "cache")})


def test_a_shard_that_lost_rows_fails_to_load_rather_than_shrink(runs, tmp_path):
    import zstandard

    folder = tmp_path / "copy"
    shutil.copytree(runs["scenes", "jsonl"], folder)
    shard = next(folder.glob("*.jsonl.zst"))
    lines = zstandard.ZstdDecompressor().decompressobj().decompress(shard.read_bytes()).splitlines(keepends=True)
    shard.write_bytes(zstandard.ZstdCompressor().compress(b"".join(lines[1:])))
    with pytest.raises(hf().exceptions.NonMatchingSplitsSizesError):
        load(folder, tmp_path / "cache")


def test_a_split_named_as_the_hub_names_splits_loads(tmp_path, run_cli):
    out = tmp_path / "run"
    assert run_cli("make", "--config", "caip", "-n", "3", "--split", "validation.v2", "--out", str(out)).code == 0
    assert list(load(out, tmp_path / "cache")) == ["validation.v2"]
    refused = run_cli("make", "--config", "caip", "-n", "3", "--split", "eval-7", "--out", str(tmp_path / "other"))
    assert refused.code == 2 and "parts joined by '.'" in refused.err and not (tmp_path / "other").exists()


def test_a_resumed_run_keeps_its_stats_page_linked_and_says_it_is_out_of_date(tmp_path, run_cli):
    out = tmp_path / "run"
    assert run_cli("make", "--config", "caip", "-n", "20", "--out", str(out)).code == 0
    assert run_cli("stats", str(out), "--html", str(out / "stats.html")).code == 0
    assert "[stats.html](stats.html)" in (out / "README.md").read_text(encoding="utf-8")
    assert run_cli("make", "--config", "caip", "-n", "40", "--out", str(out), "--resume").code == 0
    card = (out / "README.md").read_text(encoding="utf-8")
    assert "[stats.html](stats.html)" in card and "before it was resumed" in card
    assert run_cli("stats", str(out), "--html", str(out / "stats.html")).code == 0
    card = (out / "README.md").read_text(encoding="utf-8")
    assert card.count("[stats.html](stats.html)") == 1 and "before it was resumed" not in card


@pytest.mark.parametrize("format", ["jsonl", "parquet", "files"])
def test_two_runs_load_as_two_splits_of_one_dataset_in_one_call(tmp_path, format):
    """The README's recipe: a train and a validation run (each its own folder), one load_dataset call."""
    data = tmp_path / "data"
    for split, n in (("train", 6), ("validation", 3)):
        make(RunRequest(RUNS["scenes"][0], n, seed=2, split=split, out=data / split, progress=False, workers=1,
                        format=format))
    loader, pattern = {"jsonl": ("json", "*.jsonl.zst"), "parquet": ("parquet", "*.parquet"),
                       "files": ("json", "manifest.jsonl")}[format]
    loaded = hf().load_dataset(loader, data_files={split: str(data / split / pattern)
                                                       for split in ("train", "validation")},
                                   cache_dir=str(tmp_path / "cache"))
    assert {split: rows.num_rows for split, rows in loaded.items()} == {"train": 6, "validation": 3}
    assert set(loaded["validation"]["split"]) == {"validation"}
