"""What a run will make, and where: a request resolved before anything is written.

:func:`plan_run` reads and checks the config, builds its family and decides the
file prefix, the storage and the run folder; the run loop then works from the
:class:`RunPlan` alone. Every bad option or config is refused here, with nothing
written yet.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scenegen import __version__
from scenegen.factory.config_file import read_config, resolve_config_path
from scenegen.factory.jobs import RunSpec
from scenegen.factory.request import RunRequest
from scenegen.folder.names import check_prefix
from scenegen.folder.storage import Storage
from scenegen.plugin.config import configured_family
from scenegen.plugin.family import Family


@dataclass(frozen=True)
class RunPlan:
    """A request with its config read and checked: the family built from it, the config file's ``stem`` (the
    default folder name and file prefix), the file ``prefix``, the ``storage`` and the run folder ``out``."""

    request: RunRequest
    family: Family
    stem: str
    prefix: str
    storage: Storage
    out: Path

    @property
    def record(self) -> dict[str, Any]:
        """What run.json holds: what shapes the run's output, which a resumed run must match."""
        return {"family": self.family.name, "seed": self.request.seed, "split": self.request.split,
                "prefix": self.prefix, "stem": self.stem, "storage": self.storage.record(),
                "config": self.family.config, "scenegen": __version__}

    @property
    def documents_per_sample(self) -> int:
        """The documents each sample writes (two for a pair)."""
        return self.family.pairing.documents_per_sample(self.family.config)

    @property
    def sample_word(self) -> str:
        """What the progress bar counts: a pair, or one of the family's documents (a scene, a record)."""
        return "pair" if self.documents_per_sample > 1 else self.family.output.unit.removesuffix("s")

    def spec(self, root: Path) -> RunSpec:
        """The run as its workers rebuild it, writing into ``root``."""
        request = self.request
        return RunSpec(self.family.name, self.family.config, request.seed, request.split, self.prefix,
                       request.check, root, self.stem, self.storage)

    def command_line(self, samples: int) -> str:
        """A command that makes this run's output of ``samples`` samples (the options that shape it, not where or
        how fast it runs)."""
        request = self.request
        words = ["scenegen", "make", "--config", request.config, "-n", str(samples), "--seed", str(request.seed),
                 "--split", request.split]
        if request.prefix is not None:
            words += ["--prefix", request.prefix]
        if request.pairs:
            words.append("--pairs")
        return shlex.join(words + self.storage.options())


def plan_run(request: RunRequest) -> RunPlan:
    """Read and check the request's config, build its family and decide the prefix, storage and folder."""
    path = resolve_config_path(request.config)
    config, stem = read_config(path), path.stem
    # The options first: a bad prefix is refused before the family is built.
    prefix = check_prefix(request.prefix if request.prefix is not None else f"{stem}_")
    family = configured_family(config, pairs=request.pairs)
    return RunPlan(
        request=request,
        family=family,
        stem=stem,
        prefix=prefix,
        storage=Storage.of(family.output, request.format, request.compression, request.shard_size),
        out=request.out or Path("output") / stem,
    )

