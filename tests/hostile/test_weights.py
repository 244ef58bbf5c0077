"""Weighted choices with hostile weights (subnormal, tiny beside large, zero): a choice of positive weight is
drawn, or the config is refused (exit 2); never a crash (subnormal weights were an IndexError, exit 3)."""

from __future__ import annotations

import json
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scenegen.errors import ConfigError
from scenegen.plugin.values import MAX_WEIGHT, compile_value

from .conftest import write

#: The largest uniform number a draw can be: just below 1.
LAST_UNIT = 1 - 2**-53

#: Any finite weight from 0, often a subnormal one (float_info.min is the smallest normal float).
WEIGHT = (st.floats(min_value=0, allow_nan=False, allow_infinity=False) | st.integers(0, 10**7)
          | st.floats(0, sys.float_info.min, allow_subnormal=True))


@given(st.lists(WEIGHT, min_size=1, max_size=8), st.floats(0, 1, exclude_max=True))
def test_a_weighted_choice_draws_only_choices_of_positive_weight(weights, unit):
    spec = {"choices": list(range(len(weights))), "weights": weights}
    if max(weights) == 0 or max(weights) > MAX_WEIGHT:
        with pytest.raises(ConfigError, match=r"^p\.weights: "):
            compile_value(spec, "p", int)
        return
    value = compile_value(spec, "p", int)
    assert all(weights[value.at(u)] > 0 for u in (0.0, unit, LAST_UNIT))
    assert weights.index(max(weights)) in value.support()
    assert all(weights[choice] > 0 for choice in value.support())


SUBNORMAL_WEIGHTS = {
    "both subnormal": ("[1.0e-320, 5.0e-324]", {"none", "broken"}),
    "the smallest beside zero": ("[5.0e-324, 0]", {"none"}),
    "zero beside the smallest": ("[0, 5.0e-324]", {"broken"}),
    "the smallest beside a normal weight": ("[1, 5.0e-324]", {"none", "broken"}),
    "the smallest beside the largest": ("[1000000, 5.0e-324]", {"none", "broken"}),
}


@pytest.mark.parametrize("weights, possible", SUBNORMAL_WEIGHTS.values(), ids=SUBNORMAL_WEIGHTS.keys())
def test_subnormal_weights_make_a_run(attempt, sandbox, weights, possible):
    config = write(sandbox / "config.yaml",
                   f"family: tool_choice\nother_side: {{choices: [none, broken], weights: {weights}}}\n")
    result = attempt("make", "--config", str(config), "-n", "8", "--out", "out", "--quiet")
    assert result.code == 0, result
    lines = (sandbox / "work" / "out" / "manifest.jsonl").read_text().splitlines()
    assert {json.loads(line)["params"]["other_side"] for line in lines} <= possible
