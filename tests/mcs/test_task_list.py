"""The MCS task list in `docs/mcs_tasks.md` (its 38 headings, from the task list's table of contents) and the
families' `makes`: every task a family names is one of the list, and the doc's "made by" column says exactly which
installed families make each task."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from scenegen.mcs.output import MCS_SCENES
from scenegen.plugin.discovery import installed_families

TASK_LIST = Path(__file__).resolve().parents[2] / "docs" / "mcs_tasks.md"


def documented() -> dict[str, set[str]]:
    """Each task of the list, with the families the doc says make it."""
    tasks: dict[str, set[str]] = {}
    for line in TASK_LIST.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0][:1].isdigit():
            tasks[cells[2]] = {name.strip(" `") for name in cells[3].split(",") if name.strip()}
    return tasks


def declared() -> dict[str, set[str]]:
    """Each task some installed family makes, with those families."""
    makers: dict[str, set[str]] = defaultdict(set)
    for name, family in installed_families().items():
        for task in family.makes:
            makers[task].add(name)
    return dict(makers)


def test_the_list_holds_the_38_tasks_of_the_evaluation():
    assert len(documented()) == 38


def test_every_task_a_family_makes_is_on_the_list():
    assert set(declared()) <= set(documented())


def test_the_doc_names_the_families_that_make_each_task():
    makers = declared()
    assert {task: families for task, families in documented().items() if families} == makers


def test_every_mcs_family_names_its_task():
    assert [name for name, family in installed_families().items()
            if family.output is MCS_SCENES and not family.makes] == []
