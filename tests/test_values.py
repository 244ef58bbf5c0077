"""The value grammar: each shape compiles to a sampler that draws what it says."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from scenegen.errors import ConfigError
from scenegen.plugin.config import with_defaults
from scenegen.plugin.values import Choice, Constant, FloatRange, IntRange, Parameters, compile_value, lookup


def draws(spec, kind=object, n=2000, seed=0):
    value = compile_value(spec, "p", kind)
    rng = np.random.default_rng(seed)
    return value, [value.sample(rng) for _ in range(n)]


def test_constant():
    value, drawn = draws(0.5, float, n=5)
    assert value == Constant(0.5) and drawn == [0.5] * 5


def test_list_is_uniform():
    _, drawn = draws(["a", "b", "c"])
    assert {d: drawn.count(d) for d in "abc"} == pytest.approx(dict.fromkeys("abc", 667), abs=80)


def test_integer_range_is_inclusive_and_integral():
    value, drawn = draws({"min": 2, "max": 4}, int)
    assert isinstance(value, IntRange) and set(drawn) == {2, 3, 4} and all(type(d) is int for d in drawn)


def test_float_range_stays_within_bounds():
    value, drawn = draws({"min": 0, "max": 1}, float)
    assert isinstance(value, FloatRange) and min(drawn) >= 0 and max(drawn) <= 1 and len(set(drawn)) > 1000


def test_weighted_choice_follows_weights_and_zero_weight_never_drawn():
    value, drawn = draws({"choices": ["x", "y", "z"], "weights": [3, 1, 0]})
    assert drawn.count("z") == 0 and drawn.count("x") == pytest.approx(1500, abs=90)
    assert value.support() == ("x", "y")


def test_weighted_choice_without_weights_is_uniform():
    value, _ = draws({"choices": [1, 2]}, int)
    assert value == Choice((1, 2))


@pytest.mark.parametrize("spec, kind, message", [
    ([], object, "empty list"),
    ({"min": 3}, int, "both min and max"),
    ({"min": 3, "max": 1}, int, "min 3 is greater than max 1"),
    ({"min": 1, "max": 2}, object, "numeric"),
    ({"choices": [1], "weights": [1, 1]}, int, "2 weights for 1 choices"),
    ({"choices": [1, 2], "weights": [0, 0]}, int, "positive"),
    ({"choices": [1], "weights": ["a"]}, int, "numbers from 0 to 1,000,000"),
    ({"choices": []}, int, "non-empty"),
    ({"what": 1}, int, "neither a range"),
    (1.5, int, "not a whole number"),
    ("x", float, "not a number"),
    (True, float, "not a number"),
])
def test_errors_name_the_parameter(spec, kind, message):
    with pytest.raises(ConfigError, match=message) as error:
        compile_value(spec, "lava.near", kind)
    assert str(error.value).startswith("lava.near")


@given(low=st.integers(-50, 50), width=st.integers(0, 50), seed=st.integers(0, 2**32 - 1))
def test_same_generator_state_same_draw(low, width, seed):
    value = compile_value({"min": low, "max": low + width}, "p", int)
    assert value.sample(np.random.default_rng(seed)) == value.sample(np.random.default_rng(seed))


def test_defaults_are_filled_at_every_depth_without_touching_the_input():
    schema = {
        "type": "object",
        "properties": {
            "a": {"type": "integer", "default": 1},
            "group": {"$ref": "#/$defs/group", "default": {}},
        },
        "$defs": {"group": {"type": "object", "properties": {"b": {"default": [2]}, "c": {"default": 3}}}},
    }
    config = {"group": {"c": 9}}
    assert with_defaults(config, schema) == {"a": 1, "group": {"b": [2], "c": 9}}
    assert config == {"group": {"c": 9}}


def test_parameters_table_draws_every_value_and_knows_its_extremes():
    config = {"room": {"width": {"min": 10, "max": 20}}, "side": ["left", "right"], "n": [3, 7]}
    kinds = {"room.width": float, "side": object, "n": int}
    parameters = Parameters({path: compile_value(lookup(config, path), path, kind) for path, kind in kinds.items()})
    assert parameters.values["room.width"] == FloatRange(10.0, 20.0)
    assert lookup(config, "room.width") == {"min": 10, "max": 20}
    bounds = (parameters.low("room.width"), parameters.high("n"), parameters.support("side"))
    assert bounds == (10.0, 7, ("left", "right"))
    drawn = parameters.draw(np.random.default_rng(1))
    assert set(drawn) == {"room.width", "side", "n"} and drawn["room.width"] == round(drawn["room.width"], 4)



SHAPES = [({"min": 1, "max": 9}, int), (["a", "b", "c"], object), ({"choices": [1, 2], "weights": [1, 3]}, int),
          ({"min": 0.5, "max": 2.0}, float), (4, int)]


@given(seed=st.integers(0, 2**32 - 1), picks=st.lists(st.sampled_from(SHAPES), max_size=8))
def test_a_table_draw_takes_the_numbers_one_sample_per_parameter_takes(seed, picks):
    parameters = Parameters({f"p{i}": compile_value(spec, f"p{i}", kind) for i, (spec, kind) in enumerate(picks)})
    table, one_by_one = np.random.default_rng(seed), np.random.default_rng(seed)
    sampled = {path: value.sample(one_by_one) for path, value in parameters.values.items()}
    assert parameters.draw(table) == {
        path: round(drawn, 4) if isinstance(parameters.values[path], FloatRange) else drawn
        for path, drawn in sampled.items()
    }
    assert table.random() == one_by_one.random()
