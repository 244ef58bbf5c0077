"""The contract every family plugin fulfils.

A family is a class registered in the ``scenegen.families`` entry-point group.
The pipeline builds it once per run from a validated config, then asks it for
one :class:`Sample` per index with a generator derived from (seed, index).
A family never writes files and never validates its own output: the pipeline
exports, validates and writes what it returns.
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar, Protocol

import numpy as np

from scenegen.errors import Problem
from scenegen.plugin.outputs import NO_PAIRS, Output, Pairing
from scenegen.plugin.params import Declaration
from scenegen.plugin.values import Parameters


@dataclass(frozen=True)
class Sample:
    """What a family makes for one index.

    ``documents`` maps a file-name suffix to a document of the family's output:
    a :class:`scenegen.mcs.model.Scene` for scene files, a JSON-ready dict for record shards.
    A single scene uses the suffix ``""``; pairs use two suffixes (e.g. ``"expected"``
    and ``"unexpected"``) and describe themselves in ``pair`` (what differs, which
    is expected...). For a sample of several documents, ``truth`` maps each suffix
    to that document's ground truth.
    """

    documents: Mapping[str, Any]
    params: Mapping[str, Any]
    truth: Mapping[str, Any]
    pair: Mapping[str, Any] | None = field(default=None)


@dataclass(frozen=True)
class Evidence:
    """What a task gives an agent to read an answer off (the ball going into a container says which container holds
    it): the regularity an agent is meant to use, which the shortcut probe leaves out of every document before
    looking for another way to the answer (``scenegen stats`` names it: "left out as the task's evidence: ...").

    ``remove`` returns a copy of a document without the evidence, found by what it is (an object's kind, its
    relation to another), not by its place in a list, so that it holds whatever order the document lists things in.
    """

    about: str
    remove: Callable[[Mapping[str, Any]], Mapping[str, Any]]


class DocumentStats(Protocol):
    """A family's own statistics of its documents, gathered in one streaming pass in flat memory."""

    def add(self, document: Mapping[str, Any]) -> None:
        """Count one exported document."""

    def report(self) -> dict[str, Any]:
        """What was counted, by title: each ``{"kind": "categorical", "counts": {...}}``,
        ``{"kind": "histogram", "bins": {...}}`` or ``{"kind": "count", "value": n, "note": "..."}``."""


class Family(abc.ABC):
    """Base class of family plugins.

    A family declares its config once (:attr:`declaration`), what its documents
    become (:attr:`output`) and whether they come in pairs (:attr:`pairing`); the
    run loop asks these and knows no family's keys.
    """

    #: Name used in configs (``family: <name>``) and on the command line.
    name: ClassVar[str]
    #: One line shown by ``scenegen list``.
    description: ClassVar[str]
    #: What the family makes, and what a document's label holds: the README's family table is written from these.
    about: ClassVar[str] = ""
    label_about: ClassVar[str] = ""
    #: The tasks of a published benchmark this family makes, by that benchmark's own names (an MCS family names
    #: headings of the MCS task list, ``docs/mcs_tasks.md``); the README's family table says them.
    makes: ClassVar[tuple[str, ...]] = ()
    #: The config's parameters and settings; its schema, draw table and reference derive from it.
    #: A family without one overrides :meth:`config_schema`.
    declaration: ClassVar[Declaration | None] = None
    #: What the documents are (every family declares it; MCS families inherit it from
    #: :class:`scenegen.mcs.family.McsFamily`). An instance may narrow it where its config changes what a valid
    #: document is (the run loop, the checker and the audit read it from the instance).
    output: Output
    #: Whether samples come as counterfactual pairs: never, on request (``--pairs``) or always.
    pairing: ClassVar[Pairing] = NO_PAIRS
    #: The label fields (paths such as ``moved[0].container_index``) an agent must infer: ``scenegen stats`` warns
    #: when a parameter or a cue predicts one. None: every categorical label field.
    answers: ClassVar[tuple[str, ...] | None] = None
    #: Types of record fields (the document's fields, ``label``, ``params``) that the records alone may not show:
    #: a field some configs leave empty (None in every record of a run), or a label field that is a class
    #: (``["class", [names...]]``, loaded by Hugging Face as an integer). In the dataset card's plain-JSON form
    #: (:mod:`scenegen.folder.features`), laid over the types inferred from a run's records, so that a family's
    #: dataset has one schema whatever its config.
    record_types: ClassVar[Mapping[str, Any]] = {}
    #: Where the family's prompts and scorer are (``"module:attribute"`` naming a
    #: :class:`scenegen.plugin.benchmark.Benchmark`), for ``scenegen export`` and ``scenegen score``; None: its runs
    #: are not a benchmark.
    benchmark: ClassVar[str | None] = None
    #: The Hugging Face task categories a dataset card gives this family's runs.
    task_categories: ClassVar[tuple[str, ...]] = ("other",)
    #: Label fields an agent sees in the scene that should not give an answer away (e.g. which container is
    #: dragged first); with the parameters, the features a shortcut is looked for in.
    cues: ClassVar[tuple[str, ...]] = ()
    #: For an answer (one of :attr:`answers`) that the task itself shows, what shows it: the probe looks for a
    #: shortcut to that answer in the documents without it.
    evidence: ClassVar[Mapping[str, Evidence]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        unknown = sorted(set(cls.evidence) - set(cls.answers or ()))
        if unknown:
            raise TypeError(f"family {cls.__name__} declares evidence for {', '.join(map(repr, unknown))}, "
                            f"which is not one of its answers {cls.answers!r}")

    def __init__(self, config: Mapping[str, Any]) -> None:
        """Build the family from a config already validated against its schema (defaults filled in).

        Raise :class:`scenegen.errors.ConfigError` for a problem the schema cannot
        express (e.g. a range whose minimum exceeds its maximum).
        """
        self.config = config

    def __reduce__(self) -> tuple[Any, ...]:
        # A family is rebuilt from its config wherever it is unpickled: its samplers hold closures.
        return type(self), (self.config,)

    @cached_property
    def parameters(self) -> Parameters:
        """The declared parameters, compiled from the config on first use (a ConfigError if one cannot be)."""
        return Parameters(self.declaration.draw_table(self.config) if self.declaration else {})

    @classmethod
    def config_schema(cls) -> dict[str, Any]:
        """The JSON Schema of this family's config, derived from its declaration."""
        if cls.declaration is None:
            raise NotImplementedError(f"family {cls.name!r} has no declaration; it must define config_schema()")
        return cls.declaration.schema()

    @abc.abstractmethod
    def generate(self, index: int, rng: np.random.Generator) -> Sample:
        """Make sample ``index``; all randomness comes from ``rng``."""

    def document_stats(self) -> DocumentStats | None:
        """What ``scenegen stats`` counts in this family's documents beyond their labels and params (None:
        nothing; its labels and params say it all)."""
        return None

    def check(self, document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
        """Semantic checks on an exported document beyond its JSON Schema.

        ``truth`` is the ground truth of this document (for a pair, the entry of its
        suffix) when known.
        The default finds nothing.
        """
        return []
