"""Shell Game: property tests over random valid configs, pairs, the evaluation scenes' structure, errors.

Geometry and answers are recomputed independently of the generator and of the
family's checks: containers as shapely squares replayed step by step through
every drag, the answer by replaying the scene's moves (``tracking_replay``).
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.geometry import Point

from scenegen.errors import ConfigError
from scenegen.families.shell_game import ShellGame
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
    moved,
    square,
    start,
    the_ball,
    value,
    without_ids,
)

PERFORMER_RADIUS = 0.25

configs = st.fixed_dictionaries({
    "family": st.just("shell_game"),
    "pairs": st.booleans(),
    "pair_factor": value(["ball_container", "dragged_container"], ranges=False),
    "order": value(["drop_first", "move_first"]),
    "containers": st.fixed_dictionaries({"count": value(range(2, 5)), "size": value([0.3, 0.4, 0.45]),
                                         "odd": value([False, True], ranges=False),
                                         "odd_index": value(["any", 0, 2], ranges=False)}),
    "row": st.fixed_dictionaries({"slots": value(range(4, 8)), "spacing": value([0.5, 0.75, 1.0]),
                                  "z": value([3.0, 4.0]), "layout": value(["any", "evaluation"], ranges=False)}),
    "drag": st.fixed_dictionaries({"moved": value([1, 2], ranges=False), "toward": value(range(3, 9)),
                                   "sideways": value([1, 2]),
                                   "first": value(["ball", "other", "any"], ranges=False)}),
    "room": st.fixed_dictionaries({"width": value([8, 10]), "depth": value([10, 12])}),
    "performer": st.fixed_dictionaries({"z": value([-2.0, -3.0])}),
})


def build(config) -> ShellGame:
    return feasible(ShellGame, config)


def family(**config) -> ShellGame:
    return configured(ShellGame, **config)


@settings(max_examples=examples(150), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_scene_is_valid_and_its_answer_replays(config, seed, index):
    generator = build(config)
    sample, documents, scenes = checked_sample(generator, seed, "sg_", index)
    for scene, truth in scenes:
        assert document_problems(scene, generator, truth) == []
        assert_layout(scene)
        assert_timings(scene)
        assert_draggers_carry(scene)
        assert_answer(scene, truth)
    if config["pairs"]:
        assert_twins(sample, documents)


def assert_layout(scene):
    """Containers apart and in the room at every step (through every drag), and clear of the performer."""
    boxes = containers(scene)
    last = len(scene["goal"]["action_list"])
    steps = sorted({0, last} | {s for item in boxes for m in item.get("moves", [])
                                 for s in range(m["stepBegin"], m["stepEnd"] + 1)})
    performer = scene["performerStart"]["position"]
    body = Point(performer["x"], performer["z"]).buffer(PERFORMER_RADIUS, 32)
    for step in steps:
        shapes = {item["id"]: square(moved(item, step), item["shows"][0]["scale"]["x"]) for item in boxes}
        assert_apart(shapes)
        assert_room_holds(scene, shapes)
        assert all(not shape.intersects(body) for shape in shapes.values())
    # At rest (start and end), in the row.
    for step in (0, last):
        assert len({moved(item, step).imag for item in boxes}) == 1


def assert_draggers_carry(scene):
    """Each dragger comes down onto its container, then makes exactly the container's moves."""
    draggers = [i for i in scene["objects"] if i["type"] == "cylinder" and i["materials"] == ["Custom/Materials/Cyan"]]
    dragged = [i for i in containers(scene) if i.get("moves")]
    assert len(draggers) == len(dragged) >= 1
    for dragger in draggers:
        down, *legs, up = dragger["moves"]
        (item,) = [c for c in dragged if c["moves"] == legs]
        at = moved(item, down["stepEnd"])
        size = item["shows"][0]["scale"]["x"]
        assert abs(moved(dragger, down["stepEnd"]) - (at - 0.4j * size)) < 1e-4  # positions kept to 0.1 mm
        bottom = dragger["shows"][0]["position"]["y"] - dragger["shows"][0]["scale"]["y"] + sum(
            (m["stepEnd"] - m["stepBegin"] + 1) * m["vector"]["y"] for m in [down])
        assert abs(bottom - size) < 1e-4  # its lower end rests on the container's top
        assert up["stepBegin"] > legs[-1]["stepEnd"] and legs[0]["stepBegin"] > down["stepEnd"]
        # toward, sideways, away: back into the row
        assert legs[0]["vector"]["z"] < 0 and legs[1]["vector"]["z"] == 0 and legs[2]["vector"]["z"] > 0


def assert_answer(scene, truth):
    replayed = answer(scene)
    assert replayed.container_id == truth["container_id"]
    assert the_ball(scene)["id"] == truth["target_id"] == scene["goal"]["metadata"]["target"]["id"]
    assert abs(replayed.final - complex(truth["final_position"]["x"], truth["final_position"]["z"])) < 1e-6
    assert sorted(m["container_id"] for m in truth["moved"]) == sorted(i["id"] for i in containers(scene)
                                                                      if i.get("moves"))
    # The performer stays put and is frozen until the last placer has risen.
    assert set(map(tuple, scene["goal"]["action_list"])) == {("Pass",)}
    assert len(scene["goal"]["action_list"]) == truth["performer_free_step"] - 1


def assert_twins(sample, documents):
    a, b = documents["a"], documents["b"]
    factor = sample.pair["factor"]
    truth_a, truth_b = sample.truth["a"], sample.truth["b"]
    objects, keys = differing_objects(a, b), differing_keys(a, b)
    assert keys == set()
    ball = the_ball(a)
    ball_placers = {i["id"] for i in a["objects"] if i["type"] == "cylinder" and i["shows"][0]["scale"]["x"] == 0.05}
    if factor == "ball_container":
        assert objects == {ball["id"], *ball_placers}
        assert truth_a["container_id"] != truth_b["container_id"]
    else:
        (first,), (second,) = truth_a["moved"], truth_b["moved"]
        boxes = {first["container_id"], second["container_id"]}
        draggers = {i["id"] for i in a["objects"] if i["type"] == "cylinder" and i["shows"][0]["scale"]["y"] == 2.0}
        assert len(boxes) == 2 and boxes | draggers <= objects
        allowed = boxes | draggers
        if truth_a["order"] == "move_first":  # the ball and lids go where the containers stand after the drag
            lids = {i["id"] for i in a["objects"] if i["type"] == "lid"
                    and i["lidAttachment"]["lidAttachmentObjId"] in boxes}
            lid_placers = {i["id"] for i in a["objects"] if i["type"] == "cylinder"
                           and any(start(i) == start(lid) for lid in a["objects"] if lid["id"] in lids)}
            allowed |= {ball["id"], *ball_placers, *lids, *lid_placers}
        assert objects <= allowed
        assert truth_a["container_id"] == truth_b["container_id"]
    assert sample.pair["a"] != sample.pair["b"]
    assert abs(answer(a).final - answer(b).final) > 0.1  # the correct container ends elsewhere


def _legs_by_start(scene):
    """Each container's start x -> the step counts of its drag's legs."""
    return {start(i).real: [m["stepEnd"] - m["stepBegin"] + 1 for m in i.get("moves", [])] for i in containers(scene)}


def _ends(scene):
    """Each container's start x -> its end x."""
    return {start(i).real: moved(i).real for i in containers(scene)}


REAL_SCENES = sorted([*(REFERENCE_SCENES / "eval7").glob("eval_7_interactive_shell_game_*.json"),
                      *REFERENCE_SCENES.glob("eval_7_interactive_shell_game_*.json")])


@pytest.mark.parametrize("path", REAL_SCENES, ids=lambda path: path.stem)
def test_the_evaluation_layout_makes_each_real_scene(path):
    """Every Shell Game scene of the development half, object for object in its order, step for step, with
    its states (ids aside; numbers compared by value): the evaluation layout draws each of them."""
    reference = json.loads(path.read_text())
    order = "drop_first" if the_ball(reference)["moves"][0]["stepBegin"] == 0 else "move_first"
    dragged = sum(1 for item in containers(reference) if item.get("moves"))
    generator = family(order=order, containers={"count": len(containers(reference))}, row={"layout": "evaluation"},
                       drag={"moved": dragged, "first": "ball"})
    for index in range(2000):
        scene = checked_sample(generator, 0, "sg_", index)[1][""]
        if _legs_by_start(scene) == _legs_by_start(reference) and _ends(scene) == _ends(reference):
            break
    else:
        pytest.fail("no sample matched the reference's arrangement")
    assert without_ids(scene) == without_ids(reference)


def test_the_first_drag_takes_the_ball_container_or_another_as_asked():
    for first in ("ball", "other"):
        generator = family(drag={"first": first, "moved": [1, 2]})
        for index in range(30):
            truth = checked_sample(generator, 1, "sg_", index)[0].truth
            assert (truth["moved"][0]["container_index"] == truth["container_index"]) == (first == "ball"), first


def test_move_first_places_ball_and_lids_where_the_containers_end():
    generator = family(order="move_first", drag={"moved": 1, "first": "ball"})
    for index in range(20):
        sample, documents = checked_sample(generator, 1, "sg_", index)[:2]
        scene = documents[""]
        ball = the_ball(scene)
        (item,) = [i for i in containers(scene) if i["id"] == sample.truth["container_id"]]
        assert start(ball) == moved(item) != start(item)
        # The dragger starts on step 1, the ball's placer on the step the dragger is up.
        dragger = next(i for i in scene["objects"] if i["type"] == "cylinder" and i["shows"][0]["scale"]["y"] == 2.0)
        assert dragger["moves"][0]["stepBegin"] == 1
        assert ball["moves"][0]["stepBegin"] == dragger["moves"][-1]["stepEnd"]
        assert scene["objects"][len(containers(scene)) * 2 + 1]["id"] == dragger["id"]  # draggers listed first


def test_states_follow_the_colour_changes():
    """As the evaluation writes them (docs/mcs_facts.md 3.2): a drop placer's list ends at its release, inactive
    one step ahead of its colour change; a dragger's is active from the grab and runs 13 steps past letting go."""
    scene = checked_sample(family(order="drop_first"), 2, "sg_", 0)[1][""]
    for placer in (o for o in scene["objects"] if o["id"].startswith("placer_")):
        states = placer["states"]
        changes = [c["stepBegin"] for c in placer["changeMaterials"]]
        if len(changes) == 1:  # a drop placer: holding until it lets go
            let_go = changes[0]
            assert states == [["active"]] * (let_go - 1) + [["inactive"]]
        else:  # a dragger: active from the grab until it lets go
            grab, let_go = changes
            assert states == [["inactive"]] * grab + [["active"]] * (let_go - grab) + [["inactive"]] * 13


def test_default_design_covers_the_evaluation_factors():
    generator = family()
    seen: dict[str, set[object]] = {"count": set(), "order": set(), "moved": set(), "toward": set(), "sideways": set()}
    for index in range(300):
        sample = generator.generate(index, np.random.default_rng(index))
        seen["count"].add(sample.params["containers.count"])
        seen["order"].add(sample.params["order"])
        seen["moved"].add(len(sample.truth["moved"]))
        seen["toward"].update(m["toward_steps"] for m in sample.truth["moved"])
        seen["sideways"].update(abs(m["sideways_steps"]) for m in sample.truth["moved"])
    assert seen == {"count": {2, 3}, "order": {"drop_first", "move_first"}, "moved": {1, 2},
                    "toward": {4, 5, 6, 7, 8}, "sideways": {3, 6}}


def test_pairs_flip_only_allowed_factors():
    generator = family(pairs=True)
    factors = {pair_of(generator.generate(i, np.random.default_rng(i)))["factor"] for i in range(60)}
    assert factors == {"ball_container", "dragged_container"}
    only = family(pairs=True, pair_factor="dragged_container")
    for i in range(30):
        sample = only.generate(i, np.random.default_rng(i))
        assert pair_of(sample)["factor"] == "dragged_container" and len(sample.truth["a"]["moved"]) == 1


@pytest.mark.parametrize(("config", "path", "words"), [
    ({"containers": {"count": 5}, "row": {"slots": 5}}, "drag", ["5 containers in 5 slots leave no room"]),
    ({"containers": {"count": 3}, "row": {"slots": 4}, "drag": {"moved": 2, "sideways": 3}}, "drag",
     ["a second of 3 slot(s)"]),
    ({"containers": {"size": 0.5}, "row": {"spacing": 0.5}}, "row.spacing", ["rejected by overlap"]),
    ({"row": {"slots": 9, "spacing": 1.5}}, "room", ["10.0 x 10.0 m room", "rejected by inside the room"]),
    ({"drag": {"toward": 1}}, "drag.toward", ["do not pull a 0.4 m container clear of the row"]),
    ({"drag": {"toward": 24}}, "drag.toward", ["rejected by clear of the performer"]),
    ({"performer": {"z": -4.9}}, "performer.z", ["does not fit"]),
    ({"last_step": 150}, "last_step", ["before the placers finish"]),
    ({"pairs": True, "pair_factor": "dragged_container", "drag": {"moved": 2}}, "pair_factor",
     ["dragged_container needs scenes with a single drag"]),
    ({"row": {"spacing": 0.6}}, "row.spacing", ["multiple of 0.25"]),
    ({"row": {"spacing": {"min": 0.5, "max": 1.0}}}, "row.spacing", ["is not allowed here"]),
    ({"row": {"z": -3.0}}, "row.z", ["not in front of a performer"]),
    ({"row": {"slots": 2}}, "row.slots", ["minimum of 3"]),
    ({"order": "random"}, "order", ["random"]),
    ({"drag": {"moved": {"min": 1, "max": 2}}}, "drag.moved", ["is not allowed here"]),
    ({"drag": {"pull": 4}}, "drag", ["unknown key 'pull'"]),
    ({"drag": {"toward": {"min": 8, "max": 4}}}, "drag.toward", ["min 8 is greater than max 4"]),
])
def test_config_errors_name_the_problem(config, path, words):
    with pytest.raises(ConfigError) as error:
        family(**config)
    assert error.value.path.startswith(path), error.value
    for word in words:
        assert word in str(error.value), (word, str(error.value))


def test_infeasible_config_exits_2_with_the_solvers_reason(run_cli, write_config, tmp_path):
    path = write_config({"family": "shell_game", "containers": {"size": 0.6}, "row": {"spacing": 0.5}})
    result = run_cli("make", "--config", str(path), "-n", "3", "--out", str(tmp_path / "out"), "--quiet")
    assert result.code == 2 and "rejected by overlap" in result.err


def test_template_makes_valid_pairs(run_cli, tmp_path):
    out = tmp_path / "pairs"
    result = run_cli("make", "--config", "shell_game.yaml", "-n", "6", "--pairs", "--out", str(out), "--quiet")
    assert result.code == 0, result.err
    entries = manifest_entries(out)
    assert len(entries) == 12
    for a, b in zip(entries[::2], entries[1::2], strict=True):
        assert (a["role"], b["role"]) == ("a", "b") and a["pair_id"] == b["pair_id"] and a["pair"] == b["pair"]
        assert json.loads(a["pair"])["factor"] in ("ball_container", "dragged_container")
        assert a["label"]["final_position"] != b["label"]["final_position"]
    assert run_cli("validate", "--check", str(out)).code == 0
    assert load_family("shell_game.yaml")[1].config["row"]["spacing"] == 0.75


def test_checks_find_what_is_wrong():
    """The family's document checks reject broken scenes (each mutation of a valid one)."""
    generator = family(order="drop_first", containers={"count": 3}, drag={"moved": 1})
    sample, documents = checked_sample(generator, 4, "sg_", 0)[:2]
    scene, truth = documents[""], sample.truth
    assert generator.check(scene, truth) == []

    def problems(mutate, told=truth):
        broken = json.loads(json.dumps(scene))
        mutate(broken)
        return " | ".join(str(p) for p in generator.check(broken, told))

    boxes = [i for i, o in enumerate(scene["objects"]) if o["type"] == "separate_container"]
    other = next(o["id"] for o in scene["objects"] if o["type"] == "separate_container"
                 and o["id"] != truth["container_id"])
    assert "the manifest says" in problems(lambda s: None, {**truth, "container_id": other})
    assert "ends at" in problems(lambda s: None, {**truth, "final_position": {"x": 9.0, "z": 9.0}})

    def early_lid(s):
        lid = next(o for o in s["objects"] if o["type"] == "lid")
        lid["lidAttachment"]["stepBegin"] = 5
    assert "before the ball is let go" in problems(early_lid)

    def stack(s):
        s["objects"][boxes[1]]["shows"][0]["position"] = dict(s["objects"][boxes[0]]["shows"][0]["position"])
    assert "overlaps" in problems(stack)

    def late(s):
        s["goal"]["action_list"] = s["goal"]["action_list"][:50]
    assert "after the performer is free" in problems(late)

    def acting(s):
        s["goal"]["action_list"][1] = ["MoveAhead"]
    assert "while the performer acts" in problems(acting)

    def miss(s):
        the_ball(s)["shows"][0]["position"]["x"] += 0.2
    assert "not let go over exactly one container" in problems(miss)

    def second_lid(s):
        lids = [o for o in s["objects"] if o["type"] == "lid"]
        lids[1]["lidAttachment"]["lidAttachmentObjId"] = lids[0]["lidAttachment"]["lidAttachmentObjId"]
    assert "2 lids attached" in problems(second_lid)
