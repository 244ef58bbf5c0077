"""Issue 39: the default template's figures are people's, at 100,000 records made in-process (no files)."""

from __future__ import annotations

import pytest

from .people import HUMAN, figures

N = 100_000

pytestmark = pytest.mark.statistical


@pytest.fixture(scope="module")
def generated() -> dict[str, float]:
    return figures(N)


@pytest.mark.parametrize("name", HUMAN)
def test_the_default_template_matches_people(generated, name):
    assert HUMAN[name].holds(generated[name]), (name, str(HUMAN[name]), generated[name])
