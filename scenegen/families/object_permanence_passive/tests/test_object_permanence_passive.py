"""Object Permanence (Passive): property tests over random seeds and random valid configs, checked by an
independent replay of the documents (:mod:`.replay`), the refusals of bad configs, and the scenes' keys and types
held to the real files'."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenegen.errors import ConfigError
from scenegen.families.object_permanence_passive import ObjectPermanencePassive
from scenegen.families.object_permanence_passive.declaration import EVENTS
from scenegen.mcs.passive_physics import TOYS
from tests.examples import examples
from tests.kit.conformance import written_keys
from tests.kit.fidelity import generated_samples, real_samples
from tests.kit.support import configured, feasible, load_family, value

from .replay import check_pair

configs = st.fixed_dictionaries({
    "event": value(EVENTS),
    "enter_step": value([80, 100, 133], ranges=True),
    "event_step": value([140, 156, 169, 199], ranges=True),
    "object": st.fixed_dictionaries({
        "type": value(tuple(TOYS)), "side": value(["left", "right"]),
        "start_x": value([3.0, 4.16, 4.5], ranges=True), "z": value([1.3, 1.6, 3.45, 4.5], ranges=True),
        "offset": value([-1, -0.5, 0.0, 0.7, 1], ranges=True), "push": value([450, 670, 1200], ranges=True),
        "height": value([0, 0.5, 1], ranges=True), "angle": value([0, 20, 45], ranges=True),
        "toss": value([0, 0.5, 1.0], ranges=True),
    }),
    "occluder": st.fixed_dictionaries({
        "x": value([-2.0, -0.1423, 1.0], ranges=True), "width": value([0.9, 2.0, 3.6662], ranges=True),
        "style": value(["upright", "sideways", "by_event"]),
    }),
})


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_pair_is_valid_and_the_replay_agrees_with_the_label(config, seed, index):
    family = feasible(ObjectPermanencePassive, {"family": "object_permanence_passive", **config})
    check_pair(family, seed, index)  # a config whose draws seldom lay out is refused, never run


@pytest.mark.parametrize("template", ["object_permanence_passive", "eval7_object_permanence_passive"])
@pytest.mark.parametrize("index", range(6))
def test_template_pairs(template, index):
    _, family = load_family(template)
    assert isinstance(family, ObjectPermanencePassive)
    check_pair(family, 5, index)


@pytest.mark.parametrize(("config", "key", "reason"), [
    ({"event_step": 60}, "event_step", "the occluder hides what is behind it from step 77 to 200"),
    ({"event_step": 205}, "event_step", "from step 77 to 200"),
    ({"enter_step": 160, "event_step": 156}, "enter_step", "would not be in before the event"),
    ({"last_step": 200, "event_step": 170}, "event_step", "to 160 only"),
    ({"occluder": {"x": 4.5, "width": 2}}, "occluder.x", "does not fit"),
])
def test_bad_configs_are_refused_with_the_key_and_the_reason(config, key, reason):
    with pytest.raises(ConfigError) as raised:
        configured(ObjectPermanencePassive, **config)
    assert raised.value.path == key and reason in str(raised.value)


def test_every_event_makes_its_pair():
    found = set()
    for sample in generated_samples("object_permanence_passive", 60):
        toy = next(item for item in sample["unexpected"]["objects"] if not item.get("structure"))
        found.add(("hides" if "hides" in toy else "appears", "forces" in toy))
    assert found == {("appears", False), ("hides", True), ("hides", False)}


def test_keys_and_types_are_those_of_the_real_files():
    real = [scene for sample in real_samples("passive_physics_object_permanence") for scene in sample.values()]
    made = [scene for template in ("object_permanence_passive", "eval7_object_permanence_passive")
            for sample in generated_samples(template, 40) for scene in sample.values()]
    written, allowed = written_keys(made), written_keys(real)
    for part in ("top", "goal", "metadata", "object", "show"):
        assert written[part] <= allowed[part], part
    eval7 = [scene for sample in generated_samples("eval7_object_permanence_passive", 40) for scene in sample.values()]
    assert written_keys(eval7)["types"] <= allowed["types"]
