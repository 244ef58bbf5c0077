"""Write a run's stats page, with its contact sheet, and link it from the run's dataset card."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..card import link_page
from ..dataset import open_run
from ..files import write_atomic
from ..outputs import McsScenes
from .html import report_html


def write_page(root: Path, report: Mapping[str, Any], page: Path) -> None:
    """Write ``report`` of the run in ``root`` as the page ``page``; link it from the card when it is inside."""
    sheet = None
    if isinstance(open_run(root).output, McsScenes):
        from ..preview.sheet import sheet_svg  # drawing scenes: only a page of an MCS run needs it

        sheet = sheet_svg(root)
    write_atomic(page, report_html(report, sheet).encode())
    if page.resolve().parent == root.resolve():
        link_page(root, page.name)
