"""Helper/Hinderer's scenes written as the real files write them: goal keys, every object's keys (``hides`` and
``changeMaterials`` present or not, empty or not) per role, and integers where the real files write integers."""

from __future__ import annotations

import pytest

from tests.kit.pairs import conformance_problems


@pytest.mark.parametrize("template", ["helper_hinderer", "eval7_helper_hinderer"])
def test_scenes_are_written_as_the_real_files_write_them(template):
    found = conformance_problems("helper_hinderer", template, 4)
    assert not found, "\n".join(f"{count} x {problem}" for problem, count in found.most_common())
