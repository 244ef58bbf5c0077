"""Pages of panels: one scene at one step or at several (a strip), and the contact sheet of a run."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Iterator, Mapping, Sequence
from itertools import islice
from pathlib import Path
from typing import Any

from scenegen.mcs.preview.scene import NotDrawable, SceneView, Window
from scenegen.mcs.preview.svg import Drawn, page, panel
from scenegen.mcs.rules import SCENE_SCHEMA
from scenegen.plugin.outputs import Doc
from scenegen.reading.dataset import DamagedRunError, Run, open_run

#: Pixel widths of a panel's drawing: alone, in a strip, on a contact sheet.
SCENE_WIDTH, STRIP_WIDTH, SHEET_WIDTH = 640.0, 420.0, 300.0
SHEET_COLUMNS = 4
_GAP = 14.0
#: Characters of a label's text on one title line of a sheet panel, and lines it may take.
_LABEL_LINE, _LABEL_LINES = 50, 2


def strip_steps(text: str) -> list[int]:
    """The steps of a strip written ``0,80,200``; ValueError for anything but steps (whole numbers from 0)."""
    try:
        steps = [int(part) for part in text.split(",")]
    except ValueError:
        raise ValueError(f"{text!r} is not a list of steps such as 0,80,200") from None
    if min(steps) < 0:
        raise ValueError(f"{text!r}: steps start at 0")
    return steps


def strip_svg(document: Any, steps: Sequence[int]) -> str:
    """One scene at each of ``steps``, side by side, each panel titled ``step K`` (a single step's panel also
    names the scene). NotDrawable if ``document`` is not an MCS scene."""
    view = SceneView(document)
    if len(steps) == 1:
        name = view.document["name"]
        return _grid([[panel(view.picture(steps[0]), (f"{name}: step {steps[0]}",), SCENE_WIDTH)]], 1)
    return _grid([[panel(view.picture(step), (f"step {step}",), STRIP_WIDTH)] for step in steps], len(steps))


def sheet_svg(run_dir: Path, count: int = 16) -> str:
    """A contact sheet of the first ``count`` scenes of the run in ``run_dir``, four panels a row, each titled
    with the scene's id and its label's plain fields. The two scenes of a pair (records sharing a ``pair_id``)
    stand side by side on one frame. A scene whose label names a ``test_start`` (Helper/Hinderer) is drawn at its
    last step, with the routes of its test trial. NotDrawable if the folder is not a run of MCS scenes."""
    if count < 1:
        raise ValueError(f"a contact sheet shows at least one scene, not {count}")
    run = _scene_run(run_dir)
    groups = _pairs(islice(_documents(run), count))
    return _grid([[_sheet_panel(meta, document) for meta, document in group] for group in groups], SHEET_COLUMNS)


def _scene_run(run_dir: Path) -> Run:
    try:
        run = open_run(run_dir)
    except DamagedRunError as error:
        raise NotDrawable(str(error)) from None
    if run.output.document_schema != SCENE_SCHEMA:
        raise NotDrawable(f"{run_dir}: a run of {run.record['family']} {run.output.unit}, not MCS scenes: "
                          f"nothing to draw")
    return run


def _documents(run: Run) -> Iterator[Doc]:
    for entry in run.stream():  # read as taken: a sheet needs the first few of a run of millions
        yield from run.unit_docs(entry)


def _pairs(documents: Iterator[Doc]) -> list[list[Doc]]:
    """The documents in order, those of a pair (one ``pair_id``) together."""
    groups: dict[str, list[Doc]] = {}
    for meta, document in documents:
        groups.setdefault(meta.get("pair_id") or meta["id"], []).append((meta, document))
    return list(groups.values())


def _sheet_panel(meta: Mapping[str, Any], document: Any) -> Drawn:
    view = SceneView(document)
    label = meta.get("label") or {}
    step, window = _moment(view, label)
    lines = textwrap.wrap(_label_text(label), _LABEL_LINE, max_lines=_LABEL_LINES, placeholder=" …")
    # As many title lines on every panel, so that the panels of a row line up.
    lines += [""] * (_LABEL_LINES - len(lines))
    return panel(view.picture(step, window), (str(meta["id"]), *lines), SHEET_WIDTH)


def _moment(view: SceneView, label: Mapping[str, Any]) -> tuple[int, Window]:
    """The step to draw a scene at, and the steps whose routes to draw: for a scene with a test trial (its
    label's ``test_start``), its last step and the test trial; else the start and everything."""
    test_start = label.get("test_start")
    if isinstance(test_start, int):
        return view.last_step, (test_start, view.last_step)
    return 0, None


def _label_text(label: Mapping[str, Any]) -> str:
    """The label's plain fields (strings, booleans, integers) as ``key=value``, leaving out ids."""
    return " ".join(f"{key}={value if isinstance(value, str) else json.dumps(value)}"
                    for key, value in label.items()
                    if isinstance(value, (str, bool, int)) and not key.endswith(("id", "ids")))


def _grid(groups: Sequence[Sequence[Drawn]], columns: int) -> str:
    """Panels in rows of ``columns`` cells; a group's panels stay together in one row, on one frame when several."""
    cell = max(drawn.width for group in groups for drawn in group) + _GAP
    placed, frames = [], []
    column, widest, y, row_height = 0, 0, _GAP, 0.0
    for group in groups:
        if column + len(group) > columns and column > 0:
            column, y, row_height = 0, y + row_height + _GAP, 0.0
        height = max(drawn.height for drawn in group)
        if len(group) > 1:
            frames.append((_GAP / 2 + column * cell, y - _GAP / 2, len(group) * cell, height + _GAP))
        for drawn in group:
            placed.append((_GAP + column * cell, y, drawn))
            column += 1
        widest, row_height = max(widest, column), max(row_height, height)
    return page(placed, _GAP + widest * cell, y + row_height + _GAP, frames)
