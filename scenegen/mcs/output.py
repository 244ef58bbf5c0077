"""MCS scenes as a family's output: exported by :mod:`scenegen.mcs.export`, checked by the scene schema and
:func:`scenegen.mcs.rules.mcs_problems`, stored in a dataset record as JSON text."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from scenegen.errors import Problem
from scenegen.mcs import export
from scenegen.mcs.rules import SCENE_SCHEMA, mcs_problems
from scenegen.plugin.outputs import Output


@dataclass(frozen=True)
class McsScenes(Output):
    """MCS scenes, one file each as the simulator runs them (a family's documents are
    :class:`scenegen.mcs.model.Scene`); a record holds its scene as a JSON string, ``scene``."""

    document_schema: str = SCENE_SCHEMA
    unit: str = "scenes"
    default_format: str = "files"
    shard_size: int = 1000

    def export(self, document: Any, name: str, shared: dict[int, Any]) -> dict[str, Any]:
        return export.to_document(document, name, shared)

    def format_problems(self, document: Mapping[str, Any]) -> list[Problem]:
        return mcs_problems(document)

    @property
    def record_keys(self) -> tuple[str, ...]:
        return ("scene",)

    def record_fields(self, document: Mapping[str, Any]) -> dict[str, Any]:
        # MCS objects vary in structure from one to the next: Arrow could type no column of them.
        return {"scene": orjson.dumps(document).decode()}

    def document(self, record: Mapping[str, Any]) -> dict[str, Any]:
        scene: dict[str, Any] = orjson.loads(record["scene"])
        return scene

    def contact_sheet(self, run_dir: Path) -> str | None:
        from scenegen.mcs.preview.sheet import sheet_svg  # drawing scenes: only a stats page needs it

        return sheet_svg(run_dir)


#: MCS scenes, the documents of every MCS family.
MCS_SCENES = McsScenes()
