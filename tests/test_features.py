"""Column types folded in record by record (scenegen.folder.features): the fast path for lists of leaves agrees
with folding each element in."""

from __future__ import annotations

import pytest

from scenegen.folder.features import TypeConflict, absorb, merge, type_of


@pytest.mark.parametrize(("kind", "value", "expected"), [
    (["list", "string"], ["a", None, "b"], ["list", "string"]),
    (["list", "float64"], [1, 2.5, None], ["list", "float64"]),
    (["list", "int64"], [1, 2.5], ["list", "float64"]),  # an integer column widens to a float one
    (["list", "int64"], [], ["list", "int64"]),
    (["list", "null"], ["a"], ["list", "string"]),
    (["list", ["list", "int64"]], [[1], [2]], ["list", ["list", "int64"]]),
    (["struct", {"kinds": ["list", "string"], "at": ["list", "int64"]}], {"kinds": ["row"], "at": [1, 0, 2]},
     ["struct", {"kinds": ["list", "string"], "at": ["list", "int64"]}]),
])
def test_absorbing_a_list_gives_the_merge_of_its_elements_types(kind, value, expected):
    assert absorb(kind, value) == expected == merge(expected, type_of(value))


@pytest.mark.parametrize(("kind", "value"), [
    (["list", "int64"], [True]),  # a bool is not an integer to Arrow
    (["list", "string"], ["a", 1]),
    (["list", "float64"], [{"a": 1}]),
])
def test_a_list_element_of_another_type_conflicts(kind, value):
    with pytest.raises(TypeConflict):
        absorb(kind, value)
