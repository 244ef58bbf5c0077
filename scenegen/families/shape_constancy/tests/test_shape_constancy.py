"""Shape Constancy: property tests over random seeds and random valid configs, checked by an independent replay of
the documents (:mod:`.replay`), the refusals of bad configs, and the scenes' keys and types held to the real
files'."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenegen.errors import ConfigError
from scenegen.families.shape_constancy import ShapeConstancy
from scenegen.mcs.passive_physics import TOYS
from tests.examples import examples
from tests.kit.conformance import written_keys
from tests.kit.fidelity import generated_samples, real_samples
from tests.kit.support import configured, feasible, load_family, value

from .replay import changes, check_pair


def side(xs: list[float]) -> st.SearchStrategy:
    """One side's occluder and toy, as a config may write them."""
    return st.fixed_dictionaries({"toy": value(sorted(TOYS)), "x": value(xs, ranges=True),
                                  "width": value([0.9, 1.2, 1.6], ranges=True),
                                  "z": value([1.6, 3.35, 4.6], ranges=True),
                                  "offset": value([-1, 0, 0.5, 1], ranges=True)})


configs = st.fixed_dictionaries({
    "toys": st.fixed_dictionaries({
        "count": value([1, 2]), "single": value(["left", "right"]), "changed": value(["one", "all"]),
        "stand_ins": st.lists(st.sampled_from(sorted(TOYS)), min_size=2, max_size=5, unique=True)}),
    "drop_step": value([35, 60, 81], ranges=True),
    "change_step": value([100, 117, 140], ranges=True),
    "left": side([-2.5, -1.1172, -0.9]), "right": side([0.9, 1.086, 2.5]),
})


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_pair_is_valid_and_the_replay_agrees_with_the_label(config, seed, index):
    family = feasible(ShapeConstancy, {"family": "shape_constancy", **config})
    check_pair(family, seed, index)  # a config whose draws seldom lay out is refused, never run


@pytest.mark.parametrize("template", ["shape_constancy", "eval7_shape_constancy"])
@pytest.mark.parametrize("index", range(6))
def test_template_pairs(template, index):
    _, family = load_family(template)
    assert isinstance(family, ShapeConstancy)
    check_pair(family, 5, index)


@pytest.mark.parametrize(("config", "key", "reason"), [
    ({"change_step": 20}, "change_step", "hide what is behind them from step 29 to 144"),
    ({"change_step": 150}, "change_step", "from step 29 to 144"),
    ({"drop_step": 120, "change_step": 117}, "drop_step", "would not be down before the change"),
    ({"last_step": 130, "change_step": 117}, "change_step", "to 114 only"),
    ({"toys": {"stand_ins": ["taxi"]}, "left": {"toy": "taxi"}}, "toys.stand_ins", "could not change shape"),
])
def test_bad_configs_are_refused_with_the_key_and_the_reason(config, key, reason):
    with pytest.raises(ConfigError) as raised:
        configured(ShapeConstancy, **config)
    assert raised.value.path == key and reason in str(raised.value)


def test_one_or_every_toy_changes():
    counts = {(len(changes(sample["unexpected"])), sum(not item.get("structure") for item in
                                                       sample["expected"]["objects"]))
              for sample in generated_samples("eval7_shape_constancy", 60)}
    assert counts == {(1, 1), (1, 2), (2, 2)}


def test_keys_and_types_are_those_of_the_real_files():
    real = [scene for sample in real_samples("passive_physics_shape_constancy") for scene in sample.values()]
    made = [scene for template in ("shape_constancy", "eval7_shape_constancy")
            for sample in generated_samples(template, 40) for scene in sample.values()]
    written, allowed = written_keys(made), written_keys(real)
    for part in ("top", "goal", "metadata", "object", "show"):
        assert written[part] <= allowed[part], part
    eval7 = [scene for sample in generated_samples("eval7_shape_constancy", 40) for scene in sample.values()]
    assert written_keys(eval7)["types"] <= allowed["types"]
