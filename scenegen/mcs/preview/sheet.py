"""Pages of panels: one scene at one step, at several (a strip) or trial by trial, and the contact sheet of a run."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Iterator, Mapping, Sequence
from itertools import islice
from pathlib import Path
from typing import Any

from scenegen.mcs.preview.animate import frame_steps
from scenegen.mcs.preview.routes import Window
from scenegen.mcs.preview.scene import NotDrawable, SceneView
from scenegen.mcs.preview.svg import Drawn, page, panel
from scenegen.mcs.rules import SCENE_SCHEMA
from scenegen.plugin.outputs import Doc
from scenegen.reading.dataset import DamagedRunError, Run, open_run

#: Pixel widths of a panel's drawing: alone, in a strip, on a contact sheet or a page of trials, in an animation.
SCENE_WIDTH, STRIP_WIDTH, SHEET_WIDTH, ANIMATION_WIDTH = 640.0, 420.0, 300.0, 480.0
SHEET_COLUMNS = 4
#: A passive-agent scene's nine trials (eight familiarisation trials and the test) in three rows of three.
TRIAL_COLUMNS = 3
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


def scene_svg(document: Any, steps: Sequence[int] | None = None, label: Mapping[str, Any] | None = None) -> str:
    """One scene at ``steps`` (:func:`strip_svg`); without steps, a passive-agent scene one panel per trial
    (:func:`trials_svg`), another at step 0. ``label`` (its line in its run's manifest) names more roles.
    NotDrawable if ``document`` is not an MCS scene."""
    view = SceneView(document, label)
    if steps is None and len(view.trials()) > 1:
        return _trials(view)
    return _strip(view, [0] if steps is None else steps)


def strip_svg(document: Any, steps: Sequence[int], label: Mapping[str, Any] | None = None) -> str:
    """One scene at each of ``steps``, side by side, each panel titled ``step K`` (a single step's panel also
    names the scene); in a passive-agent scene, with the routes of the step's trial up to it. NotDrawable if
    ``document`` is not an MCS scene."""
    return _strip(SceneView(document, label), steps)


def animation_frames(document: Any, every: int | None = None, label: Mapping[str, Any] | None = None) -> list[str]:
    """The frames of an animation of one scene, as SVG pages of one panel: at the steps :func:`frame_steps`
    picks up to the last on which anything moves, each titled with its step, routes drawn as far as they have
    gone (in a passive-agent scene, in the step's trial). NotDrawable if ``document`` is not an MCS scene,
    TooManyFrames if ``every`` makes too many."""
    view = SceneView(document, label)
    name = view.document["name"]
    return [_grid([[panel(view.picture(step, _so_far(view, step)), (f"{name}: step {step}",), ANIMATION_WIDTH)]], 1)
            for step in frame_steps(view.motion_end, every)]


def label_beside(scene: Path) -> Mapping[str, Any] | None:
    """The label of the scene file ``scene`` from the manifest of the run folder it lies in (the line whose id is
    the file's name less ``.json``); None when the folder is no run, or the run does not list it."""
    try:
        run = open_run(scene.parent)
        return next((entry.get("label") for entry in run.stream() if entry.get("id") == scene.stem), None)
    except DamagedRunError:
        return None


def _strip(view: SceneView, steps: Sequence[int]) -> str:
    if len(steps) == 1:
        name = view.document["name"]
        return _grid([[panel(view.picture(steps[0], _trial_so_far(view, steps[0])),
                             (f"{name}: step {steps[0]}",), SCENE_WIDTH)]], 1)
    return _grid([[panel(view.picture(step, _trial_so_far(view, step)), (f"step {step}",), STRIP_WIDTH)]
                  for step in steps], len(steps))


def _trial_so_far(view: SceneView, step: int) -> Window:
    """The steps of ``step``'s trial up to it, in a scene of several trials (so that eight trials' routes do not
    pile up); None (every step) in another."""
    trial = view.trial_of(step)
    return None if trial is None else (trial[0], step)


def _so_far(view: SceneView, step: int) -> Window:
    """The steps whose routes a frame shows: its trial's (or the scene's) up to it."""
    return _trial_so_far(view, step) or (0, step)


def _trials(view: SceneView) -> str:
    trials = view.trials()
    panels = [panel(view.picture(last, (first, last)), (_trial_title(number, len(trials), first, last),),
                    SHEET_WIDTH) for number, (first, last) in enumerate(trials, start=1)]
    return _grid([[drawn] for drawn in panels], TRIAL_COLUMNS)


def _trial_title(number: int, count: int, first: int, last: int) -> str:
    """``trial 3 of 8: steps 40-59``; the last trial is the test."""
    name = "test" if number == count else f"trial {number} of {count - 1}"
    return f"{name}: steps {first}-{last}"


def sheet_svg(run_dir: Path, count: int = 16) -> str:
    """A contact sheet of the first ``count`` scenes of the run in ``run_dir``, four panels a row, each titled
    with the scene's id and its label's plain fields. The two scenes of a pair (records sharing a ``pair_id``)
    stand side by side on one frame. A scene whose label names a ``test_start`` (Helper/Hinderer) is drawn at its
    last step, with the routes of its test trial. NotDrawable if the folder is not a run of MCS scenes."""
    groups = _sheet_groups(run_dir, count)
    return _grid([[_sheet_panel(meta, document) for meta, document in group] for group in groups], SHEET_COLUMNS)


def sheet_frames(run_dir: Path, every: int | None = None, count: int = 16) -> list[str]:
    """The frames of an animated contact sheet: the scenes of :func:`sheet_svg`, laid out as there, every one at
    the frame's step (one that has stopped moving held at its last moving step), each titled with its id, the
    step and its label, routes drawn as far as they have gone; steps as :func:`frame_steps` picks them up to the
    longest motion. NotDrawable as :func:`sheet_svg`, TooManyFrames if ``every`` makes too many."""
    groups = [[(meta, SceneView(document, meta.get("label") or {})) for meta, document in group]
              for group in _sheet_groups(run_dir, count)]
    longest = max(view.motion_end for group in groups for _, view in group)
    return [_grid([[_frame_panel(meta, view, step) for meta, view in group] for group in groups], SHEET_COLUMNS)
            for step in frame_steps(longest, every)]


def _sheet_groups(run_dir: Path, count: int) -> list[list[Doc]]:
    """The first ``count`` documents of the run in ``run_dir``, those of a pair together."""
    if count < 1:
        raise ValueError(f"a contact sheet shows at least one scene, not {count}")
    return _pairs(islice(_documents(_scene_run(run_dir)), count))


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
    label = meta.get("label") or {}
    view = SceneView(document, label)
    step, window = _moment(view, label)
    return panel(view.picture(step, window), (str(meta["id"]), *_label_lines(label)), SHEET_WIDTH)


def _frame_panel(meta: Mapping[str, Any], view: SceneView, step: int) -> Drawn:
    at = min(step, view.motion_end)
    titles = (f"{meta['id']}: step {at}", *_label_lines(meta.get("label") or {}))
    return panel(view.picture(at, _so_far(view, at)), titles, SHEET_WIDTH)


def _label_lines(label: Mapping[str, Any]) -> list[str]:
    """A label's plain fields on as many title lines on every panel, so that the panels of a row line up."""
    lines = textwrap.wrap(_label_text(label), _LABEL_LINE, max_lines=_LABEL_LINES, placeholder=" …")
    return lines + [""] * (_LABEL_LINES - len(lines))


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
