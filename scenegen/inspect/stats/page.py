"""Write a run's stats page, with its contact sheet, and link it from the run's dataset card."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from scenegen.folder.card import link_page
from scenegen.folder.files import write_atomic
from scenegen.inspect.stats.html import report_html
from scenegen.reading.dataset import open_run


def write_page(root: Path, report: Mapping[str, Any], page: Path) -> None:
    """Write ``report`` of the run in ``root`` as the page ``page``; link it from the card when it is inside."""
    sheet = open_run(root).output.contact_sheet(root)
    write_atomic(page, report_html(report, sheet).encode())
    if page.resolve().parent == root.resolve():
        link_page(root, page.name)
