"""The README's pictures are what `make pictures` draws today (tests/pictures.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.pictures import ALL, PICTURES, drawings, frames_digest, recorded_digests

README = Path(__file__).resolve().parent.parent / "README.md"


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    return drawings(tmp_path_factory.mktemp("pictures"))


@pytest.mark.parametrize("picture", ALL, ids=lambda picture: picture.name)
def test_a_readme_picture_is_current(picture, drawn):
    pages = drawn[picture.name]
    path = PICTURES / picture.name
    stale = f"{path} is stale: run `make pictures`"
    if path.suffix == ".svg":
        assert path.read_text() == pages[0], stale
    else:
        assert path.exists() and recorded_digests().get(picture.name) == frames_digest(pages), stale


def test_the_readme_shows_every_picture_and_no_other():
    shown = set(re.findall(r"\]\(docs/pictures/([^)]+)\)", README.read_text()))
    assert shown == {picture.name for picture in ALL}
