"""True/False Belief: property tests over random seeds and random valid configs, checked by an independent
replay of the documents (:mod:`.true_false_belief_replay`), and example tests against the evaluation pair."""

from __future__ import annotations

import itertools
import json
import math
import statistics

import numpy as np
import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenegen.errors import ConfigError
from scenegen.families.true_false_belief import TrueFalseBelief
from scenegen.families.true_false_belief.declaration import OBJECT_TYPES
from tests.examples import examples
from tests.kit import REFERENCE_SCENES
from tests.kit.pairs import made_pairs
from tests.kit.support import (
    assert_passive_frame_matches,
    assert_same_grid_and_pillar,
    checked_sample,
    configured,
    cut_at_test,
    feasible,
    objects_by_prefix,
    value,
)

from .replay import REFERENCE, World, check_pair, derive_label


def family_for(config: dict) -> TrueFalseBelief:
    return configured(TrueFalseBelief, **config)


def reference(number: int) -> dict:
    return json.loads((REFERENCE_SCENES / REFERENCE.format(number)).read_text())


occluded = st.lists(st.booleans(), min_size=1, max_size=9)
configs = st.fixed_dictionaries({
    "belief": value(["true", "false"]),
    "move": value(["other_occluder", "same_occluder"]),
    "grid": st.fixed_dictionaries({"walls": value(["reference", "mirror"])}),
    "view": value(["isometric_front_right", "isometric"]),
    "trials": occluded.map(lambda flags: {"familiarization": len(flags), "occluded": flags}),
    "speed": value([0.05, 0.125, 0.15, 0.18, 0.26, 0.3], ranges=True),
    "object": st.fixed_dictionaries({
        "type": value(OBJECT_TYPES), "room": value(["upper", "lower"]),
        # A range at least 0.5 m wide, as moving behind the same occluder needs.
        "depth": st.sampled_from([{"min": 0.65, "max": 1.55}, {"min": 0.625, "max": 1.6}, {"min": 0.9, "max": 1.45},
                                  [0.65, 1.15], [0.7, 1.3, 1.55]]),
    }),
    "agents": st.fixed_dictionaries({"types": st.lists(st.sampled_from(
        ["blob_02", "blob_03", "blob_04", "blob_05", "blob_07", "blob_10", "blob_11", "blob_12"]),
        min_size=2, max_size=4, unique=True)}),
})


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_pair_is_valid_and_plays_out_as_labelled(config, seed, index):
    check_pair(feasible(TrueFalseBelief, {"family": "true_false_belief", **config}), seed, index)


@pytest.mark.parametrize("index", range(4))
def test_template_pairs(index):
    from tests.kit.support import load_family
    for template in ("true_false_belief.yaml", "eval7_true_false_belief"):
        _, family = load_family(template)
        assert isinstance(family, TrueFalseBelief)
        check_pair(family, 3, index)


def test_both_beliefs_and_both_moves_occur_and_label_files_apart():
    family = family_for({"move": ["other_occluder", "same_occluder"]})
    seen = set()
    for index in range(40):
        sample = family.generate(index, np.random.default_rng(index))
        assert sample.pair is not None
        seen.add((sample.pair["belief"], sample.pair["move"]))
        places = {sample.truth[suffix]["approaches"] for suffix in ("expected", "unexpected")}
        assert places == {"old", "new"}
        assert sample.truth["expected"]["approaches"] == ("new" if sample.pair["belief"] == "true" else "old")
    assert seen == {(b, m) for b in ("true", "false") for m in ("other_occluder", "same_occluder")}


# ---------------------------------------------------------------- the evaluation pair

def test_the_replay_reads_the_evaluation_pair():
    """The replay, run on the real pair, finds what the seed says of it: the primary agent watches (true
    belief); file _02 walks to the new place (expected), _01 to the old one (unexpected)."""
    first, second = (derive_label(World(reference(n))) for n in (1, 2))
    assert (first["belief"], first["approaches"], first["expected"]) == ("true", "old", False)
    assert (second["belief"], second["approaches"], second["expected"]) == ("true", "new", True)
    assert not first["same_occluder"] and first["carried"] == second["carried"] == [291, 347]


def test_family_checks_pass_on_the_evaluation_pair():
    for number, place in ((1, "old"), (2, "new")):
        document = reference(number)
        world = World(document)
        truth = {"primary_id": world.main["id"], "secondary_id": world.other["id"], "object_id": world.goal["id"],
                 "belief": "true", "approaches": place, "expected": place == "new"}
        assert family_for({}).check(document, None) == []
        assert family_for({}).check(document, truth) == []
        wrong = {**truth, "belief": "false"}
        assert family_for({}).check(document, wrong)


def test_reference_structure_is_matched():
    """Keys, units, objects, flags, materials, walls, timings and keyframe style of the evaluation pair."""
    theirs = reference(1)
    family = family_for({"grid": {"walls": "reference"}, "object": {"room": "upper"}, "belief": "true"})
    _, documents, _ = checked_sample(family, 0, "tfb_", 0)
    ours = documents["expected"]
    assert_passive_frame_matches(ours, theirs)

    mine, real = objects_by_prefix(ours), objects_by_prefix(theirs)
    # Walls: the same cells and cubes, and the very same border.
    assert_same_grid_and_pillar(mine, real)
    for item, twin in zip(mine["occluder"], real["occluder"], strict=True):
        assert {k: v for k, v in item.items() if k not in ("id", "shows")} == \
            {k: v for k, v in twin.items() if k not in ("id", "shows")}
        assert item["shows"][0]["scale"] == twin["shows"][0]["scale"]
        assert len(item["shows"]) == len(twin["shows"]) == 9
        assert {s["position"]["z"] for s in item["shows"]} == {s["position"]["z"] for s in twin["shows"]}
    goal, twin = mine["object"][0], real["object"][0]
    assert set(goal) | {"hides"} == set(twin) and goal["type"] in OBJECT_TYPES
    assert {s["position"]["z"] for s in goal["shows"][:9]} == {s["position"]["z"] for s in twin["shows"][:9]}
    for kind in ("agent", "other_agent"):
        item, twin = mine[kind][0], real[kind][0]
        assert set(item) | {"hides"} == set(twin) | {"hides"}
        assert item["type"].startswith("blob_") and item["kinematic"] and item["physics"]
        assert "scale" in item["shows"][0] and all("scale" not in s for s in item["shows"][1:])
    hides = [h["stepBegin"] for h in mine["other_agent"][0]["hides"]]
    assert len(hides) == len(real["other_agent"][0]["hides"]) == 9 and hides[0] == 0
    home, twin_home = mine["agent"][0]["shows"][0]["position"], real["agent"][0]["shows"][0]["position"]
    assert (home["x"], home["z"]) == (twin_home["x"], twin_home["z"])
    assert 300 < ours["goal"]["last_step"] < 520  # the reference: 409 and 411
    assert 80_000 < len(orjson.dumps(ours, option=orjson.OPT_INDENT_2)) < 250_000  # the reference: 125 KB


def test_the_other_view_mirrors_the_world_in_z_as_the_evaluation_does():
    """Seen not from the front right (eval7 pair 0003), the evaluation mirrors the world in z: the tall border
    wall is the front one, the agents wait and walk outside at z > 0 and leave toward z < 0."""
    theirs = json.loads((REFERENCE_SCENES / "eval7" / "eval_7_passive_agents_true_false_belief_0003_01.json")
                        .read_text())
    family = family_for({"grid": {"walls": "reference"}, "belief": "true", "view": "isometric"})
    _, documents, _ = checked_sample(family, 0, "tfb_", 0)
    ours = documents["expected"]
    assert (ours["isometric"], ours["isometricFrontRight"]) == (theirs["isometric"], theirs["isometricFrontRight"])
    mine, real = objects_by_prefix(ours), objects_by_prefix(theirs)
    assert_same_grid_and_pillar(mine, real)
    for kind in ("agent", "other_agent"):
        test_start = World(ours).test_start
        first = next(s for s in mine[kind][0]["shows"] if s["stepBegin"] >= test_start)["position"]
        twin = next(s for s in real[kind][0]["shows"] if s["stepBegin"] >= World(theirs).test_start)["position"]
        assert (first["x"], first["z"]) == (twin["x"], twin["z"]), kind
    assert mine["other_agent"][0]["shows"][-1]["position"] == {**real["other_agent"][0]["shows"][-1]["position"],
                                                               "y": mine["other_agent"][0]["shows"][0]["position"]["y"]}


def test_false_belief_hides_the_primary_agent_from_the_test_start_until_it_walks_in():
    family = family_for({"belief": "false"})
    _, documents, _ = checked_sample(family, 2, "tfb_", 0)
    for document in documents.values():
        world = World(document)
        main = world.main
        assert main["hides"] == [{"stepBegin": world.test_start}]
        back = next(s["stepBegin"] for s in main["shows"] if s["stepBegin"] > world.test_start)
        assert not world.visible(main, back - 1) and world.visible(main, back)
        assert not world.on_grid(world.position(main, back))


def test_durations_and_steps_match_the_evaluation():
    """docs/mcs_facts.md 12.3-12.4: familiarisation trials of about 18 to 28 steps, a test trial of about 225,
    steps on the grid of 0.15-0.18 m at the median, 0.125 m outside."""
    family = family_for({})
    trials, tests, steps = [], [], []
    for index in range(20):
        sample, documents, _ = checked_sample(family, 7, "tfb_", index)
        assert sample.pair is not None
        trials += [trial["end"] - trial["start"] for trial in sample.params["trials"]]
        document = documents["expected"]
        tests.append(document["goal"]["last_step"] - sample.pair["test_start"])
        world = World(document)
        for item in (world.main, world.other):
            for a, b in itertools.pairwise(item["shows"]):
                if b["stepBegin"] == a["stepBegin"] + 1:
                    points = [(s["position"]["x"], s["position"]["z"]) for s in (a, b)]
                    if all(world.on_grid(p) for p in points):
                        steps.append(math.dist(*points))
    assert 18 <= statistics.median(trials) <= 30 and max(trials) <= 45
    assert 190 <= statistics.median(tests) <= 260
    assert 0.14 <= statistics.median(steps) <= 0.2


def test_reference_pair_differs_only_in_the_test_trial():
    """The property tested on our pairs holds for the evaluation pair too, once its fresh ids are mapped."""
    first, second = reference(1), reference(2)
    for document in (first, second):
        cut_at_test(document)
        document["name"] = "pair"
        document["goal"] = {k: v for k, v in document["goal"].items() if k not in ("last_step", "action_list")}
    assert orjson.dumps(first) == orjson.dumps(second)


def test_pairs_are_reproducible_and_share_ids():
    family = family_for({})
    one = checked_sample(family, 5, "tfb_", 7)[1]
    two = checked_sample(family, 5, "tfb_", 7)[1]
    assert orjson.dumps(one) == orjson.dumps(two)
    assert [o["id"] for o in one["expected"]["objects"]] == [o["id"] for o in one["unexpected"]["objects"]]


def test_the_object_room_and_walls_are_as_asked():
    for room, walls in (("upper", "reference"), ("lower", "mirror")):
        family = family_for({"object": {"room": room}, "grid": {"walls": walls}})
        for index in range(3):
            params = family.generate(index, np.random.default_rng(index)).params
            assert (params["old_place"][1] > 0) == (room == "upper")
            assert (params["old_place"][0] < 0) == (walls == "reference")


@pytest.mark.parametrize(("config", "path", "words"), [
    ({"trials": {"occluded": [True, False]}}, "trials.occluded", "2 entries for 8"),
    ({"agents": {"types": ["blob_02"]}}, "agents.types", ""),
    ({"agents": {"colours": ["Custom/Materials/Blue"]}}, "agents.colours", ""),
    ({"move": "same_occluder", "object": {"depth": {"min": 0.8, "max": 1.2}}}, "object.depth", "0.5 m apart"),
    ({"object": {"depth": 2.0}}, "object.depth", ""),
    ({"speed": 0.5}, "speed", ""),
    ({"belief": True}, "belief", ""),
    ({"move": "teleport"}, "move", ""),
    ({"grid": {"walls": "flip"}}, "grid.walls", ""),
    ({"trials": {"familiarization": 0}}, "trials.familiarization", ""),
    ({"object": {"room": "middle"}}, "object.room", ""),
])
def test_config_errors_name_the_key(config, path, words):
    with pytest.raises(ConfigError) as raised:
        family_for(config)
    assert raised.value.path.startswith(path) and words in str(raised.value)


def test_pairs_flag_is_accepted_and_pairs_cannot_be_switched_off():
    from tests.kit.support import load_family
    assert load_family("true_false_belief.yaml", pairs=True)[1].config["pairs"] is True
    with pytest.raises(ConfigError, match="pairs"):
        family_for({"pairs": False})


def test_make_writes_pairs_and_manifest(run_cli, tmp_path):
    out = tmp_path / "tfb"
    for expected, unexpected in made_pairs(run_cli, out, "true_false_belief.yaml", "--check"):
        pair = json.loads(expected["pair"])
        assert pair == json.loads(unexpected["pair"]) and pair["rate_higher"] == "expected"
        assert pair["task"] == "true_false_belief" and pair["belief"] in ("true", "false")
        assert expected["label"]["expected"] is True and unexpected["label"]["expected"] is False
        assert expected["label"]["primary_id"] == pair["primary_id"]
        for entry in (expected, unexpected):
            document = json.loads((out / entry["file"]).read_text())
            derived = derive_label(World(document))
            assert derived["expected"] == entry["label"]["expected"] and derived["belief"] == pair["belief"]
    assert run_cli("validate", str(out)).code == 0
