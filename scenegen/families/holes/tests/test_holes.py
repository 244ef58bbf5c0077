"""Holes: property tests over random valid configs, checked by an independent replay (:mod:`.navigation_replay`),
the evaluation's holes scenes against the family's checks, and every config error (:mod:`.navigation_cases`)."""

from __future__ import annotations

import pytest

from scenegen.families.holes import Holes
from tests.kit.navigation_cases import *  # noqa: F403  (the shared tests, collected here for Holes)
from tests.kit.navigation_cases import Navigation


@pytest.fixture(scope="module")
def navigation() -> Navigation:
    return Navigation(Holes, "holes")
