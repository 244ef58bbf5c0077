"""The contract every family plugin fulfils.

A family is a class registered in the ``scenegen.families`` entry-point group.
The pipeline builds it once per run from a validated config, then asks it for
one :class:`Sample` per index with a generator derived from (seed, index).
A family never writes files and never validates its own output: the pipeline
exports, validates and writes what it returns.
"""

from __future__ import annotations

import abc
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from . import resources
from .errors import Problem


@dataclass(frozen=True)
class Sample:
    """What a family makes for one index.

    ``documents`` maps a file-name suffix to a document: a :class:`scenegen.model.Scene`
    for families whose ``output`` is ``"mcs"``, a JSON-ready dict for ``"jsonl"``.
    A single scene uses the suffix ``""``; pairs use two suffixes (e.g. ``"expected"``
    and ``"unexpected"``) and describe themselves in ``pair`` (what differs, which
    is expected...). For a sample of several documents, ``truth`` maps each suffix
    to that document's ground truth.
    """

    documents: Mapping[str, Any]
    params: Mapping[str, Any]
    truth: Mapping[str, Any]
    pair: Mapping[str, Any] | None = field(default=None)


class Family(abc.ABC):
    """Base class of family plugins."""

    #: Name used in configs (``family: <name>``) and on the command line.
    name: ClassVar[str]
    #: One line shown by ``scenegen list``.
    description: ClassVar[str]
    #: ``"mcs"`` (one MCS scene file per document) or ``"jsonl"`` (records in shards).
    output: ClassVar[str] = "mcs"
    #: The schema every exported document must pass: ``schema/<document_schema>.schema.json``.
    document_schema: ClassVar[str] = "mcs_scene"

    def __init__(self, config: Mapping[str, Any]) -> None:
        """Build the family from a config already validated against its schema.

        Raise :class:`scenegen.errors.ConfigError` for a problem the schema cannot
        express (e.g. a range whose minimum exceeds its maximum).
        """
        self.config = config

    @classmethod
    def config_schema(cls) -> dict[str, Any]:
        """The JSON Schema of this family's config; built-ins ship ``schema/<name>.config.schema.json``."""
        return resources.load_schema(f"{cls.name}.config")

    @abc.abstractmethod
    def generate(self, index: int, rng: np.random.Generator) -> Sample:
        """Make sample ``index``; all randomness comes from ``rng``."""

    def check(self, document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
        """Semantic checks on an exported document beyond its JSON Schema.

        ``truth`` is the ground truth of this document (for a pair, the entry of its
        suffix) when known.
        The default finds nothing.
        """
        return []
