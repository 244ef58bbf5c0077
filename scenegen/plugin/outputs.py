"""What a family's documents are, and whether they come in pairs: each family declares both.

An :class:`Output` says how a family's documents are exported and checked, and
how one becomes the fields of a dataset record (the uniform row that every
storage format holds, :mod:`scenegen.folder.storage`) and back. A :class:`Pairing` says
what ``--pairs`` means and which roles a pair's documents play. The run loop, the
writers and ``scenegen validate`` ask these, so none of them names a family or a
config key.
"""

from __future__ import annotations

import abc
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any, TypeVar

import orjson

from scenegen.errors import ConfigError, Problem

#: One document of a run with its record metadata (id, index, family, split, pair fields, label, params).
Doc = tuple[dict[str, Any], dict[str, Any]]

T = TypeVar("T")


@dataclass(frozen=True)
class Output(abc.ABC):
    """A kind of document: how it is exported and checked, and how it is stored in a dataset record.

    ``document_schema`` names the bundled schema every exported document must pass
    (``schema/<document_schema>.schema.json``); ``unit`` is what a document is
    called; ``default_format`` is the storage format of a run that names none,
    and ``shard_size`` the samples a shard holds by default.
    """

    document_schema: str
    unit: str
    default_format: str
    shard_size: int

    @abc.abstractmethod
    def export(self, document: Any, name: str, shared: dict[int, Any]) -> dict[str, Any]:
        """A JSON-ready document named ``name``; ``shared`` is a cache shared by the documents of one sample."""

    def format_problems(self, document: Mapping[str, Any]) -> list[Problem]:
        """Rules of the format beyond its schema (none by default)."""
        return []

    @property
    @abc.abstractmethod
    def record_keys(self) -> tuple[str, ...]:
        """The keys of :meth:`record_fields`."""

    @abc.abstractmethod
    def record_fields(self, document: Mapping[str, Any]) -> dict[str, Any]:
        """The fields an exported document adds to its dataset record: the same keys and types in every record
        (a structure that varies from one document to the next is a JSON string), so that Arrow can type them."""

    @abc.abstractmethod
    def document(self, record: Mapping[str, Any]) -> dict[str, Any]:
        """The exported document a dataset record holds: the inverse of :meth:`record_fields`."""

    def contact_sheet(self, run_dir: Path) -> str | None:
        """An SVG picture of the first documents of the run in ``run_dir`` for its stats page (None: none)."""
        return None


@dataclass(frozen=True)
class Records(Output):
    """JSON records (a family's documents are JSON-ready dicts, given their ``id``), written as shards by default.

    ``fields`` are a record's fields besides its id, each in every dataset record
    (None where a document has none); ``json_fields`` are those whose structure
    varies, stored as JSON strings.
    """

    unit: str = "records"
    default_format: str = "jsonl"
    shard_size: int = 10000
    fields: tuple[str, ...] = ()
    json_fields: tuple[str, ...] = ()

    def export(self, document: Any, name: str, shared: dict[int, Any]) -> dict[str, Any]:
        return {"id": name, **document}

    @property
    def record_keys(self) -> tuple[str, ...]:
        return self.fields

    def record_fields(self, document: Mapping[str, Any]) -> dict[str, Any]:
        fields = {key: document.get(key) for key in self.fields}
        for key in self.json_fields:
            if fields[key] is not None:
                fields[key] = orjson.dumps(fields[key]).decode()
        return fields

    def document(self, record: Mapping[str, Any]) -> dict[str, Any]:
        document = {"id": record["id"]}
        for key in self.fields:
            value = record[key]
            if value is not None:
                document[key] = orjson.loads(value) if key in self.json_fields else value
        return document


@dataclass(frozen=True)
class Pairing:
    """Whether a family makes counterfactual pairs: never, when its boolean config ``key`` is set
    (``--pairs`` sets it), or always (``key`` None and ``always``); ``roles`` are the suffixes of a pair's
    documents, in order (e.g. ``expected`` and ``unexpected``)."""

    key: str | None = None
    always: bool = False
    roles: tuple[str, ...] = ()

    def requested(self, config: Mapping[str, Any], family: str) -> dict[str, Any]:
        """``config`` with pairs asked for (``--pairs``), or a ConfigError if the family makes none."""
        if self.always:
            return dict(config)
        if self.key is None:
            raise ConfigError("--pairs", f"family {family!r} makes no counterfactual pairs")
        return {**config, self.key: True}

    def documents_per_sample(self, config: Mapping[str, Any]) -> int:
        """How many documents a sample of a run with ``config`` holds: a pair's, or one."""
        pairs = self.always or (self.key is not None and bool(config.get(self.key)))
        return len(self.roles) if pairs else 1


def batched(items: Iterable[T], size: int) -> Iterator[list[T]]:
    """``items`` in consecutive lists of ``size`` (the last may be shorter), drawn lazily."""
    iterator = iter(items)
    while batch := list(islice(iterator, size)):
        yield batch


NO_PAIRS = Pairing()
#: Expected and unexpected twins in every sample (e.g. helper/hinderer).
ALWAYS_PAIRS = Pairing(always=True, roles=("expected", "unexpected"))
#: Twins ``a`` and ``b`` on request (the config's ``pairs``, or ``--pairs``).
OPTIONAL_PAIRS = Pairing("pairs", roles=("a", "b"))
#: Two scenes in every sample whose kinds (expected, unexpected or no-expectation) vary from sample to sample:
#: the sample's ``pair`` names each file's kind and the one an agent should rate higher (e.g. approach, imitation).
RATED_PAIRS = Pairing(always=True, roles=("a", "b"))
