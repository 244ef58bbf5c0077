"""Set Rotation and Hidden Set Rotation: property tests over random valid configs, pairs, conventions, errors.

Geometry and answers are recomputed independently of the generator and of the
family's checks: containers as shapely squares, the turntable and tube as
discs, the answer by replaying the scene's moves, rotates and forced actions
(``tracking_replay``).
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.geometry import Point

from scenegen.errors import ConfigError
from scenegen.families.set_rotation import SetRotation
from scenegen.mcs.tracking.params import RedrawLimit
from scenegen.plugin.schemas import document_problems
from tests.examples import examples
from tests.kit import REFERENCE_SCENES
from tests.kit.support import checked_sample, configured, feasible, load_family, manifest_entries, pair_of
from tests.kit.tracking_replay import (
    answer,
    assert_apart,
    assert_room_holds,
    assert_timings,
    containers,
    differing_keys,
    differing_objects,
    performer_poses,
    square,
    start,
    the_ball,
    the_table,
    turn,
    value,
    without_ids,
)

PERFORMER_RADIUS = 0.25

configs = st.fixed_dictionaries({
    "family": st.just("set_rotation"),
    "pairs": st.booleans(),
    "pair_factor": value(["ball_container", "rotation_direction", "rotation_angle"], ranges=False),
    "motion": value(["turntable", "performer"]),
    "direction": value(["clockwise", "counter_clockwise"]),
    "degrees": value([90, 180, 270, 360], ranges=False),
    "hidden": value([False, True], ranges=False),
    "containers": st.fixed_dictionaries({
        "count": value(range(1, 7)), "size": value([0.3, 0.4, 0.5]),
        "spacing": st.one_of(value(["even", 0.6, 0.8]), value([0.6, 0.8, 1.0])), "spread": value([0.6, 0.9]),
        "odd": value([False, True], ranges=False), "odd_index": value(["any", 0, 3], ranges=False),
        "offset": value([-0.5, 0.0, 0.3])}),
    "ball": st.fixed_dictionaries({"container": value(["first", "any"], ranges=False)}),
    "turntable": st.fixed_dictionaries({"radius": value([1.5, 2.0, 2.5]), "z": value([0.5, 1.0, 1.5])}),
    "tube": st.fixed_dictionaries({"margin": value([0.3, 0.6])}),
    "room": st.fixed_dictionaries({"width": value([12, 14]), "depth": value([12, 14])}),
    "performer": st.fixed_dictionaries({"z": value([-3.5, -4.0])}),
})


def build(config) -> SetRotation:
    return feasible(SetRotation, config)


def family(**config) -> SetRotation:
    return configured(SetRotation, **config)


@settings(max_examples=examples(150), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_scene_is_valid_and_its_answer_replays(config, seed, index):
    generator = build(config)
    sample, documents, scenes = checked_sample(generator, seed, "sr_", index)
    for scene, truth in scenes:
        assert document_problems(scene, generator, truth) == []
        assert_layout(scene)
        assert_timings(scene)
        assert_answer(scene, truth)
    if config["pairs"]:
        assert_twins(sample, documents)


def assert_layout(scene):
    """Containers on the turntable, apart from each other, at the start and the end; all in the room."""
    turntable = the_table(scene)
    disc = Point(turntable.centre.real, turntable.centre.imag).buffer(turntable.radius, 256)
    angle = turntable.angle()
    for when, turned in (("start", 0.0), ("end", angle)):
        shapes = {item["id"]: square(turn(start(item), turned, turntable.centre), item["shows"][0]["scale"]["x"],
                                     turned) for item in containers(scene)}
        assert_apart(shapes)
        for key, shape in shapes.items():
            assert disc.buffer(1e-6).contains(shape), (when, key)
    floor = {item["id"]: Point(start(item).real, start(item).imag).buffer(item["shows"][0]["scale"]["x"] / 2, 64)
             for item in scene["objects"] if item["type"] in ("rotating_cog", "tube_wide")}
    assert_room_holds(scene, floor)
    # The performer stays in the room and clear of the turntable (and tube) on every step of a walk.
    outer = max(item["shows"][0]["scale"]["x"] / 2 for item in scene["objects"]
                if item["type"] in ("rotating_cog", "tube_wide"))
    walk = {f"performer {i}": Point(p.at.real, p.at.imag).buffer(PERFORMER_RADIUS, 16)
            for i, p in enumerate(performer_poses(scene))}
    assert_room_holds(scene, walk)
    assert all(abs(p.at - turntable.centre) >= outer + PERFORMER_RADIUS - 1e-6 for p in performer_poses(scene))


def assert_answer(scene, truth):
    """The replayed answer is the manifest's; the performer ends facing the turntable."""
    replayed = answer(scene)
    assert replayed.container_id == truth["container_id"]
    assert the_ball(scene)["id"] == truth["target_id"] == scene["goal"]["metadata"]["target"]["id"]
    assert abs(replayed.final - complex(truth["final_position"]["x"], truth["final_position"]["z"])) < 1e-4
    pose = truth["performer_final"]
    assert abs(replayed.performer.at - complex(pose["x"], pose["z"])) < 1e-4
    assert abs(replayed.performer.heading - pose["rotation_y"]) < 1e-9
    seen = truth["relative_position"]
    assert abs(replayed.seen[0] - seen["right"]) < 1e-4 and abs(replayed.seen[1] - seen["ahead"]) < 1e-4
    # Facing the turntable: the performer turns in 10-degree steps, so its centre lies ahead within half a step.
    centre = replayed.performer.view(the_table(scene).centre)
    assert centre[1] > 0 and math.degrees(math.atan2(abs(centre[0]), centre[1])) <= 5.0
    # The turn covers the degrees the manifest names, in its direction; a walk goes the other way round, so that
    # the containers turn that way as the performer sees them.
    turned = the_table(scene).angle() if truth["moved"] == "turntable" else -replayed.performer.heading
    assert turned == (1 if truth["direction"] == "clockwise" else -1) * truth["degrees"]


def assert_twins(sample, documents):
    """Twins differ in the one factor the pair record names, and their answers differ."""
    a, b = documents["a"], documents["b"]
    factor = sample.pair["factor"]
    truth_a, truth_b = sample.truth["a"], sample.truth["b"]
    objects, keys = differing_objects(a, b), differing_keys(a, b)
    ball = the_ball(a)
    if factor == "ball_container":
        placer = next(i["id"] for i in a["objects"] if i["type"] == "cylinder" and start(i) == start(ball))
        assert objects == {ball["id"], placer} and keys == set()
        assert truth_a["container_id"] != truth_b["container_id"]
    else:
        turntable = next(i["id"] for i in a["objects"] if i["type"] == "rotating_cog")
        assert objects <= {turntable} and keys <= {"goal.action_list"} and (objects or keys)
        assert truth_a["container_id"] == truth_b["container_id"]
        field = "direction" if factor == "rotation_direction" else "degrees"
        assert truth_a[field] != truth_b[field]
        if factor == "rotation_direction":  # same timing, the other way round
            assert truth_a["motion_steps"] == truth_b["motion_steps"]
    assert sample.pair["a"] != sample.pair["b"]
    seen_a, seen_b = answer(a), answer(b)
    assert abs(complex(*seen_a.seen) - complex(*seen_b.seen)) > 0.1  # the performer must look elsewhere


def test_clockwise_is_positive_rotates_and_seen_from_above():
    """Pinned convention: clockwise = rotates.y +5; the turntable's near edge moves to the performer's left.

    A container on the left of the centre (x < 0) goes away from the performer (+z) under a
    clockwise quarter turn, and toward it under a counter-clockwise one.
    """
    for direction, sign in (("clockwise", 1), ("counter_clockwise", -1)):
        generator = family(motion="turntable", direction=direction, degrees=90, containers={"count": 1},
                           pairs=False)
        scene = checked_sample(generator, 0, "sr_", 0)[1][""]
        turntable = next(i for i in scene["objects"] if i["type"] == "rotating_cog")
        (rotation,) = turntable["rotates"]
        assert rotation["vector"]["y"] == sign * 5 and rotation["stepEnd"] - rotation["stepBegin"] + 1 == 18
        replayed = answer(scene)
        centre = the_table(scene).centre
        assert start(containers(scene)[0]).real < 0
        assert abs(replayed.final - (centre + sign * 1.62j)) < 1e-6
        # The near edge (toward the performer, -z) goes to the performer's left under clockwise.
        near = turn(centre - 1j, rotation["vector"]["y"] * 18, centre)
        assert (near.real < 0) == (direction == "clockwise")


def test_forced_walks_circle_against_the_named_turn():
    """The containers seem to turn counter-clockwise to a performer walking clockwise round them (MoveLeft +
    RotateRight, off to its left), as the evaluation walks with its counter-clockwise turns."""
    for direction, moves in (("counter_clockwise", {"MoveLeft", "RotateRight"}), ("clockwise",
                                                                                  {"MoveRight", "RotateLeft"})):
        generator = family(motion="performer", direction=direction, degrees=90, pairs=False)
        scene = checked_sample(generator, 0, "sr_", 0)[1][""]
        actions = [a for (a,) in scene["goal"]["action_list"]]
        assert set(actions) - {"Pass"} == moves
        poses = performer_poses(scene)
        # A quarter walk clockwise from the near side (-z) ends on the left (-x) side, facing +x.
        end = poses[-1]
        assert (end.at.real < 0) == (direction == "counter_clockwise")
        assert end.heading == (90 if direction == "counter_clockwise" else -90)
        # The reference walk: 30-degree blocks of 10, 2, 2, 10 moves.
        forced = [a for a in actions if a != "Pass"]
        assert len(forced) == 81 and forced.count(forced[0]) == 72


REAL_SCENES = sorted([*(REFERENCE_SCENES / "eval7").glob("eval_7_interactive_set_rotation_*.json"),
                      *REFERENCE_SCENES.glob("eval_7_interactive_set_rotation_*.json")])


def _factors(scene) -> dict:
    """The evaluation factors of a real scene: hidden, what moves, by how much, the containers."""
    kinds = [item["type"] for item in scene["objects"]]
    rotations = the_table(scene).rotates
    turned = sum((r["stepEnd"] - r["stepBegin"] + 1) * abs(r["vector"]["y"]) for r in rotations)
    walked = 10 * sum(action == ["RotateRight"] for action in scene["goal"]["action_list"])
    violet = any(item["materials"] == ["Custom/Materials/Violet"] for item in containers(scene))
    return {"hidden": "tube_wide" in kinds, "motion": "turntable" if rotations else "performer",
            "degrees": int(turned or walked), "containers": {"count": len(containers(scene)), "odd": violet}}


@pytest.mark.parametrize("path", REAL_SCENES, ids=lambda path: path.stem)
def test_the_evaluation_template_makes_each_real_scene(path):
    """Every Set Rotation scene of the development half, object for object in its order, step for step, with its
    states (ids aside; numbers compared by value), from the eval7 template with the scene's factors."""
    reference = json.loads(path.read_text())
    config = load_family("eval7_set_rotation")[1].config
    factors = _factors(reference)
    generator = family(**{**config, **factors, "containers": {**config["containers"], **factors["containers"]}})
    scene = checked_sample(generator, 0, "sr_", 0)[1][""]
    assert without_ids(scene) == without_ids(reference)


def test_states_follow_the_colour_changes():
    """As the evaluation writes them (docs/mcs_facts.md 3.2): active while holding, and the list ends at the
    release with one inactive entry, a step ahead of the colour change."""
    scene = checked_sample(family(pairs=False), 3, "sr_", 0)[1][""]
    for placer in (o for o in scene["objects"] if o["id"].startswith("placer_")):
        cyan = placer["changeMaterials"][0]["stepBegin"]
        assert placer["states"] == [["active"]] * (cyan - 1) + [["inactive"]]


def test_default_design_covers_the_factorial():
    generator = family()
    seen: dict[str, set[object]] = {"count": set(), "degrees": set(), "motion": set(), "direction": set(), "odd": set()}
    for index in range(300):
        sample = generator.generate(index, np.random.default_rng(index))
        seen["count"].add(sample.params["containers.count"])
        for key in ("degrees", "motion", "direction"):
            seen[key].add(sample.params[key])
        seen["odd"].add(sample.truth["odd_container_index"] is not None)
    assert seen == {"count": {1, 3, 5}, "degrees": {90, 180, 270, 360}, "motion": {"turntable", "performer"},
                    "direction": {"clockwise", "counter_clockwise"}, "odd": {False, True}}


def test_pairs_cover_every_factor_and_respect_the_allowed_ones():
    generator = family(pairs=True)
    factors = {pair_of(generator.generate(i, np.random.default_rng(i)))["factor"] for i in range(60)}
    assert factors == {"ball_container", "rotation_direction", "rotation_angle"}
    only = family(pairs=True, pair_factor="rotation_direction")
    for i in range(30):
        sample = only.generate(i, np.random.default_rng(i))
        assert pair_of(sample)["factor"] == "rotation_direction" and sample.params["degrees"] in (90, 270)


@pytest.mark.parametrize(("config", "path", "words"), [
    ({"containers": {"count": 6, "size": 0.8}, "turntable": {"radius": 1.0}}, "containers",
     ["6 containers of 0.8 m on a turntable of radius 1.0 m", "cannot place container",
      "rejected by on the turntable"]),
    ({"containers": {"count": 5, "spacing": 0.35}}, "containers", ["rejected by overlap"]),
    ({"containers": {"count": 3, "spacing": 1.9}}, "containers", ["rejected by on the turntable"]),
    ({"turntable": {"radius": 5.0}, "hidden": True}, "turntable",
     ["12.0 x 12.0 m room", "rejected by inside the room"]),
    ({"performer": {"z": -1.0}}, "performer.z", ["inside the turntable"]),
    ({"performer": {"z": -5.5}, "motion": "performer"}, "performer.z", ["not inside the room"]),
    ({"hidden": True, "tube": {"margin": 2.0}, "performer": {"z": -3.3}}, "performer.z", ["clear of the tube"]),
    ({"last_step": 300, "hidden": True, "motion": "performer"}, "last_step", ["before the script does"]),
    ({"pairs": True, "pair_factor": "rotation_direction", "degrees": [180, 360]}, "pair_factor",
     ["no allowed factor"]),
    ({"pairs": True, "pair_factor": "ball_container", "containers": {"count": 1}}, "pair_factor",
     ["two or more containers"]),
    ({"degrees": {"min": 90, "max": 360}}, "degrees", ["is not allowed here"]),
    ({"degrees": 45}, "degrees", ["45"]),
    ({"containers": {"spread": 0}}, "containers.spread", ["0"]),
    ({"containers": {"spacing": "wide"}}, "containers.spacing", ["'even' was expected"]),
    ({"turntable": {"radius": 2, "colour": "red"}}, "turntable", ["unknown key 'colour'"]),
])
def test_config_errors_name_the_problem(config, path, words):
    with pytest.raises(ConfigError) as error:
        family(**config)
    assert error.value.path.startswith(path), error.value
    for word in words:
        assert word in str(error.value), (word, str(error.value))


def test_infeasible_config_exits_2_with_the_solvers_reason(run_cli, write_config, tmp_path):
    path = write_config({"family": "set_rotation", "containers": {"count": 6, "size": 0.8},
                         "turntable": {"radius": 1}})
    result = run_cli("make", "--config", str(path), "-n", "3", "--out", str(tmp_path / "out"), "--quiet")
    assert result.code == 2
    assert "rejected by on the turntable" in result.err and "container 1 of 6" in result.err
    assert not (tmp_path / "out" / "manifest.jsonl").exists()


def test_hidden_template_makes_valid_pairs(run_cli, tmp_path):
    out = tmp_path / "hidden"
    result = run_cli("make", "--config", "hidden_set_rotation.yaml", "-n", "6", "--pairs", "--out", str(out),
                     "--quiet")
    assert result.code == 0, result.err
    entries = manifest_entries(out)
    assert len(entries) == 12 and sorted(p.name for p in out.glob("*.json") if p.name != "run.json") == sorted(
        e["file"] for e in entries)
    for a, b in zip(entries[::2], entries[1::2], strict=True):
        assert (a["role"], b["role"]) == ("a", "b") and json.loads(a["pair"])["factor"] in (
            "ball_container", "rotation_direction", "rotation_angle")
        assert a["label"]["hidden"] and a["file"].endswith("_a.json")
        scene = json.loads((out / a["file"]).read_text())
        assert any(o["type"] == "tube_wide" for o in scene["objects"])
    assert run_cli("validate", "--check", str(out)).code == 0


def test_bundled_templates_load():
    for name in ("set_rotation.yaml", "hidden_set_rotation.yaml"):
        _, generator = load_family(name)
        assert isinstance(generator, SetRotation)
    assert load_family("hidden_set_rotation.yaml")[1].config["hidden"] is True
    assert math.isclose(load_family("set_rotation.yaml", pairs=True)[1].config["turntable"]["radius"], 2.0)


def test_checks_find_a_wrong_answer():
    """The family's checks replay the turn and the walk: a manifest that disagrees is reported."""
    for motion in ("turntable", "performer"):
        generator = family(motion=motion, degrees=90, containers={"count": 3}, pairs=False)
        sample, documents = checked_sample(generator, 0, "sr_", 0)[:2]
        scene, truth = documents[""], sample.truth
        assert generator.check(scene, truth) == []
        flipped = json.loads(json.dumps(scene))
        if motion == "turntable":
            rotation = next(o for o in flipped["objects"] if o["type"] == "rotating_cog")["rotates"][0]
            rotation["vector"]["y"] = -rotation["vector"]["y"]
            assert "the ball's container ends at" in " ".join(map(str, generator.check(flipped, truth)))
        else:
            flipped["goal"]["action_list"] = [[{"MoveLeft": "MoveRight", "RotateRight": "RotateLeft",
                                                "MoveRight": "MoveLeft", "RotateLeft": "RotateRight"}.get(a, a)]
                                              for (a,) in flipped["goal"]["action_list"]]
            assert "the performer ends at" in " ".join(map(str, generator.check(flipped, truth)))


def test_pairs_give_up_loudly_when_no_draw_can_flip():
    """A config whose flippable draws are (almost) never drawn fails with a message, not an endless loop."""
    generator = family(pairs=True, pair_factor="rotation_direction",
                       degrees={"choices": [90, 180], "weights": [1e-12, 1]})
    with pytest.raises(RedrawLimit, match="no draw in 1000 allows a pair_factor"):
        generator.generate(0, np.random.default_rng(0))
