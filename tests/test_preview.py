"""`scenegen preview`: top-down SVG pictures of MCS scenes, strips of steps, contact sheets of runs, PNGs."""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from scenegen.factory.request import RunRequest
from scenegen.factory.run import make
from scenegen.mcs.preview.labels import Board, overlapping, spots
from scenegen.mcs.preview.roles import roles
from scenegen.mcs.preview.sheet import scene_svg, sheet_svg, strip_svg
from tests.kit import REFERENCE_SCENES
from tests.kit.preview import (
    SVG,
    TINY,
    drawn_as,
    footprint_points,
    make_runs,
    scene_item,
    scene_of,
    sheet_panels,
    svg_tree,
)

#: Every real scene: the curated ones of the tasks scenegen makes, more/, and eval7/ (the development half of every
#: task: steps written as 80.0, an id handed from a hidden object to the one shown in its place).
FIXTURES = sorted(REFERENCE_SCENES.rglob("*.json"))
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _box(left: float, right: float, near: float, far: float) -> set[tuple[float, float]]:
    """The page corners of a floor box from x ``left`` to ``right`` and z ``near`` to ``far`` (page y is -z)."""
    return {(x, -z) for x in (left, right) for z in (near, far)}


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: path.stem)
def test_every_object_is_drawn_once_with_its_id_and_type(path):
    scene = json.loads(path.read_text())
    root = svg_tree(strip_svg(scene, [0]))
    drawn = Counter((element.get("data-id"), element.get("data-type")) for element in root.iter()
                    if element.get("data-id"))
    assert drawn == Counter((item["id"], item["type"]) for item in scene["objects"])


def test_a_footprint_stands_where_its_moves_take_it():
    root = svg_tree(strip_svg(TINY, [0]))
    (box,) = drawn_as(root, "box")
    assert footprint_points(box) == _box(0, 2, 1.5, 2.5)
    (box,) = drawn_as(svg_tree(strip_svg(TINY, [4])), "box")
    assert footprint_points(box) == _box(0.4, 2.4, 1.5, 2.5)
    (box,) = drawn_as(svg_tree(strip_svg(TINY, [10])), "box")
    assert footprint_points(box) == _box(1, 3, 1.5, 2.5)


def test_a_footprint_turns_with_its_rotates():
    (box,) = drawn_as(svg_tree(strip_svg(TINY, [19])), "box")
    assert footprint_points(box) == _box(1.5, 2.5, 1, 3)  # turned a quarter: 1 m across x, 2 m along z


def test_the_target_is_marked_and_nothing_else():
    root = svg_tree(strip_svg(TINY, [0]))
    targets = [element for element in root.iter() if "target" in element.get("class", "").split()]
    assert [element.get("data-id") for element in targets] == ["ball"]


def test_the_route_and_its_steps_are_drawn():
    root = svg_tree(strip_svg(TINY, [0]))
    (route,) = [line for line in root.iter(f"{SVG}polyline") if line.get("data-ids") == "box"]
    assert route.get("points") == "1,-2 2,-2"
    marks = {text.text for group in root.iter(f"{SVG}g") if group.get("class") == "mark"
             for text in group.iter(f"{SVG}text")}
    assert marks == {"1", "10, 19"}  # starts at 1; ends its slide at 10, then (turning from 11) its turn at 19


def test_what_rests_on_a_turntable_turns_with_it():
    table = scene_item("table", "rotating_cog", (0, 0.05, 0), (4, 5, 4), structure=True,
                       rotates=[{"stepBegin": 1, "stepEnd": 18, "vector": {"x": 0, "y": -5, "z": 0}}])
    container = scene_item("box", "separate_container", (1.5, 0.1, 0), (0.4, 0.4, 0.4), receptacle=True)
    ball = scene_item("ball", "soccer_ball", (1.5, 1, 0), (1, 1, 1), togglePhysics=[{"stepBegin": 0}])
    lid = scene_item("lid", "lid", (1.5, 2, 0), (0.4, 0.4, 0.4),
                     lidAttachment={"stepBegin": 0, "lidAttachmentObjId": "box"})
    root = svg_tree(strip_svg(scene_of([table, container, ball, lid]), [18]))
    # Turned -90 degrees (counter-clockwise from above): (1.5, 0) goes to (0, 1.5).
    assert footprint_points(drawn_as(root, "box")[0]) == _box(-0.2, 0.2, 1.3, 1.7)
    assert footprint_points(drawn_as(root, "lid")[0]) == _box(-0.2, 0.2, 1.3, 1.7)
    ball_points = footprint_points(drawn_as(root, "ball")[0])
    assert {round(sum(axis) / len(ball_points), 3) for axis in zip(*ball_points, strict=True)} == {0.0, -1.5}


def test_a_strip_has_one_panel_per_step(run_cli, tmp_path):
    scene = tmp_path / "scene.json"
    scene.write_text(json.dumps(TINY))
    result = run_cli("preview", str(scene), "--strip", "0,5,19", "-o", str(tmp_path / "strip.svg"))
    assert result.code == 0, result.err
    root = svg_tree((tmp_path / "strip.svg").read_text())
    titles = [text.text for text in root.iter(f"{SVG}text") if text.get("class") == "title"]
    assert titles == ["step 0", "step 5", "step 19"]
    assert len(drawn_as(root, "box")) == 3


def test_a_scene_is_drawn_beside_itself_by_default(run_cli, tmp_path):
    scene = tmp_path / "scene.json"
    scene.write_text(json.dumps(TINY))
    result = run_cli("preview", str(scene), "--step", "7")
    assert result.code == 0, result.err
    assert drawn_as(svg_tree((tmp_path / "scene.svg").read_text()), "box")


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return make_runs(tmp_path_factory.mktemp("runs"))


def test_a_sheet_shows_a_pair_side_by_side_in_its_test_trial(runs):
    root = svg_tree(sheet_svg(runs / "hh"))
    panels = sheet_panels(root)
    labels = {json.loads(line)["id"]: json.loads(line)["label"] for line in (runs / "hh" / "manifest.jsonl").open()}
    assert set(panels) == set(labels)
    assert len(root.findall(f"{SVG}rect[@class='pair']")) == 2
    for pair in ("helper_hinderer_000000", "helper_hinderer_000001"):
        expected_x, expected_y, _ = panels[f"{pair}_expected"]
        unexpected_x, unexpected_y, _ = panels[f"{pair}_unexpected"]
        assert expected_y == unexpected_y and unexpected_x > expected_x
    for scene_id, (_, _, group) in panels.items():
        steps = [int(step) for mark in group.iter(f"{SVG}g") if mark.get("class") == "mark"
                 for text in mark.iter(f"{SVG}text") for step in (text.text or "").split(", ")]
        assert steps and min(steps) >= labels[scene_id]["test_start"]  # the test trial's routes only


def test_a_sheet_reads_a_jsonl_run_and_writes_outside_it(runs, run_cli, tmp_path, monkeypatch):
    before = sorted((runs / "tc").iterdir())
    monkeypatch.chdir(tmp_path)
    result = run_cli("preview", "--sheet", str(runs / "tc"))
    assert result.code == 0, result.err
    panels = sheet_panels(svg_tree((tmp_path / "sheet.svg").read_text()))
    assert set(panels) == {"tool_choice_000000", "tool_choice_000001", "tool_choice_000002"}
    assert any("correct_side=" in text.text for _, _, group in panels.values() for text in group.iter(f"{SVG}text")
               if text.text)
    assert sorted((runs / "tc").iterdir()) == before


def test_png_is_rasterised(run_cli, tmp_path):
    pytest.importorskip("resvg_py")
    scene = tmp_path / "scene.json"
    scene.write_text(json.dumps(TINY))
    result = run_cli("preview", str(scene), "--png")
    assert result.code == 0, result.err
    assert (tmp_path / "scene.png").read_bytes().startswith(PNG_MAGIC)


def test_png_without_the_renderer_says_what_to_install(run_cli, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "resvg_py", None)
    scene = tmp_path / "scene.json"
    scene.write_text(json.dumps(TINY))
    result = run_cli("preview", str(scene), "--png")
    assert result.code == 1
    assert len(result.err.splitlines()) == 1 and "pip install 'scenegen[png]'" in result.err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["scene.json"]


@pytest.fixture
def caip_run(tmp_path):
    make(RunRequest("caip", 2, out=tmp_path / "caip", progress=False, workers=1))
    return tmp_path / "caip"


BAD_SCENES = {"not JSON": "{not json", "not a scene": json.dumps({"objects": "none"}),
              "a list": json.dumps([TINY])}


@pytest.mark.parametrize("content", BAD_SCENES.values(), ids=BAD_SCENES.keys())
def test_a_bad_scene_exits_2_and_writes_nothing(run_cli, tmp_path, content):
    scene = tmp_path / "scene.json"
    scene.write_text(content)
    result = run_cli("preview", str(scene))
    assert result.code == 2 and len(result.err.splitlines()) == 1 and str(scene) in result.err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["scene.json"]


@pytest.mark.parametrize("options", [("--step", "-1"), ("--strip", "0,a"), ("--strip", "-3"), ("--strip", ""),
                                     ("--step", "1", "--strip", "2"), ("--sheet", "."), ("--png", "-o", "x.svg"),
                                     ("-o", "x.jpg"), ("-o", "x"), ("--animate", "-o", "x.svg"),
                                     ("--animate", "--png"), ("--animate", "--step", "3"), ("--every", "2"),
                                     ("--animate", "--every", "0")],
                         ids=["negative step", "not steps", "negative strip", "empty strip", "step and strip",
                              "scene and sheet", "png named svg", "a JPEG", "no extension", "animation named svg",
                              "animated png flag", "animated step", "every without animate", "every 0"])
def test_bad_options_exit_2_and_write_nothing(run_cli, tmp_path, options):
    scene = tmp_path / "scene.json"
    scene.write_text(json.dumps(TINY))
    result = run_cli("preview", str(scene), *options)
    assert result.code == 2 and len(result.err.splitlines()) == 1
    assert sorted(path.name for path in tmp_path.iterdir()) == ["scene.json"]


def test_a_sheet_of_what_is_not_a_run_of_scenes_exits_2(run_cli, tmp_path, monkeypatch, caip_run):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "empty").mkdir()
    for folder, says in ((tmp_path / "empty", "not a scenegen run folder"), (caip_run, "not MCS scenes")):
        result = run_cli("preview", "--sheet", str(folder))
        assert result.code == 2 and len(result.err.splitlines()) == 1 and says in result.err
    assert not (tmp_path / "sheet.svg").exists()


def test_a_preview_is_small():
    scene = json.loads(next(path for path in FIXTURES if "shell_game" in path.name).read_text())
    assert len(strip_svg(scene, [0]).encode()) < 30_000


def test_the_sheet_function_takes_a_path(runs):
    assert isinstance(runs, Path) and sheet_svg(runs / "tc", count=1).count('class="title"') == 1


def test_out_named_png_writes_a_png(run_cli, tmp_path):
    pytest.importorskip("resvg_py")
    scene = tmp_path / "scene.json"
    scene.write_text(json.dumps(TINY))
    result = run_cli("preview", str(scene), "-o", str(tmp_path / "x.png"))
    assert result.code == 0, result.err
    assert (tmp_path / "x.png").read_bytes().startswith(PNG_MAGIC)


def test_a_bad_extension_is_one_clear_message(run_cli, tmp_path):
    scene = tmp_path / "scene.json"
    scene.write_text(json.dumps(TINY))
    result = run_cli("preview", str(scene), "-o", str(tmp_path / "x.jpg"))
    assert result.code == 2
    (line,) = result.err.splitlines()
    assert "x.jpg" in line and ".svg, .png" in line


def _fixture(name: str) -> dict:
    return json.loads(next(path for path in FIXTURES if path.stem == name).read_text())


def _view(root: ET.Element) -> tuple[float, float, float, float]:
    """The page box ``(left, top, right, bottom)`` in metres the panels of one scene show (their nested svgs'
    one viewBox)."""
    (box,) = {element.get("viewBox", "") for element in root.iter(f"{SVG}svg") if element.get("class") == "view"}
    left, top, width, height = map(float, box.split())
    return left, top, left + width, top + height


def _polyline_points(root: ET.Element) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for line in root.iter(f"{SVG}polyline")
            for x, y in (pair.split(",") for pair in line.get("points", "").split())]


ZOOMED = ["eval_7_interactive_shell_game_0001_01", "eval_7_passive_agents_helper_hinderer_0001_01",
          "eval_7_passive_agents_imitation_0001_01"]


@pytest.mark.parametrize("name", ZOOMED)
def test_a_scene_where_things_move_is_zoomed_to_them(name):
    scene = _fixture(name)
    root = svg_tree(scene_svg(scene))  # a shell game at step 0, a passive-agent scene trial by trial
    left, top, right, bottom = _view(root)
    room = scene["roomDimensions"]
    assert (right - left) * (bottom - top) < 0.5 * room["x"] * room["z"]
    points = _polyline_points(root)
    assert points and all(left <= x <= right and top <= y <= bottom for x, y in points)
    target = scene["goal"].get("metadata", {}).get("target", {}).get("id")
    for element in drawn_as(root, target) if target else []:
        assert all(left <= x <= right and top <= y <= bottom for x, y in footprint_points(element))
    assert any("zoomed in" in (text.text or "") for text in root.iter(f"{SVG}text"))


def test_a_scene_where_nothing_moves_shows_the_whole_room():
    scene = _fixture("eval_7_interactive_tool_choice_0001_01")
    left, top, right, bottom = _view(svg_tree(strip_svg(scene, [0])))
    room = scene["roomDimensions"]
    assert right - left >= room["x"] and bottom - top >= room["z"]


def _text_boxes(view: ET.Element) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Each text drawn in a panel's view with the box it covers, estimated as the drawing does: 0.6 of the font
    size a character, 1.2 a line, centred where it stands (step numbers are 0.9 of the size)."""
    (drawing,) = view.findall(f"{SVG}g")
    font = float(drawing.get("font-size", ""))
    boxes = []
    for group in drawing.findall(f"{SVG}g"):
        size = font * (0.9 if group.get("class") == "marks" else 1.0)
        for text in group.iter(f"{SVG}text"):
            x, y, words = float(text.get("x", "")), float(text.get("y", "")), text.text or ""
            # Less the millimetre to which positions are written: texts placed side by side may touch.
            half_w, half_h = len(words) * 0.6 * size / 2 - 0.001, 0.6 * size - 0.001
            boxes.append((words, (x - half_w, y - half_h, x + half_w, y + half_h)))
    return boxes


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: path.stem)
def test_no_two_texts_overlap(path):
    scene = json.loads(path.read_text())
    for svg in (strip_svg(scene, [0]), scene_svg(scene)):
        views = [element for element in svg_tree(svg).iter(f"{SVG}svg") if element.get("class") == "view"]
        assert sum(len(_text_boxes(view)) for view in views) >= 2  # the test reads the texts it checks
        for view in views:
            boxes = _text_boxes(view)
            for i, (text, box) in enumerate(boxes):
                for other, other_box in boxes[i + 1:]:
                    assert not overlapping(box, other_box), (text, other)


def test_a_label_takes_the_first_free_spot_around_its_anchor():
    board = Board((-10.0, -10.0, 10.0, 10.0), [])
    anchor = (0.0, 0.0, 0.1, 0.1)
    first, second = board.place(anchor, "ball", 0.2), board.place(anchor, "ball", 0.2)
    assert first == spots_centre(anchor, "ball", 0)
    assert second == spots_centre(anchor, "ball", 1)  # the first is taken
    crowded = Board((-0.2, -0.2, 0.3, 0.3), [])
    assert crowded.place(anchor, "a long name", 0.2) is None  # no spot inside the panel: left out


def spots_centre(anchor, text: str, index: int) -> tuple[float, float]:
    left, top, right, bottom = spots(anchor, text, 0.2)[index]
    return (left + right) / 2, (top + bottom) / 2


def _texts(svg: str) -> set[str]:
    return {text.text or "" for text in svg_tree(svg).iter(f"{SVG}text")}


def test_roles_come_from_the_scene():
    texts = _texts(strip_svg(_fixture("eval_7_passive_agents_helper_hinderer_0001_01"), [0]))
    assert {"main agent", "other agent", "goal object"} <= texts


def test_roles_come_from_the_label(runs, run_cli, tmp_path):
    texts = _texts(sheet_svg(runs / "hh", count=2))
    assert {"main agent", "hinderer"} <= texts and any("helper" in text for text in texts)
    scene = runs / "hh" / "helper_hinderer_000000_expected.json"
    result = run_cli("preview", str(scene), "--step", "0", "-o", str(tmp_path / "one.svg"))
    assert result.code == 0, result.err
    assert "hinderer" in _texts((tmp_path / "one.svg").read_text())


def test_roles_name_decoys_by_the_labelled_type():
    ball = scene_item("ball", "soccer_ball", (0, 0.1, 0), (1, 1, 1))
    cups = [scene_item(f"cup{i}", "separate_container", (i, 0, 2), (0.4, 0.4, 0.4)) for i in range(3)]
    scene = scene_of([ball, *cups], goal={"metadata": {"target": {"id": "ball"}}})
    assert roles(scene, {"target_id": "ball", "container_id": "cup1", "count": 3}) == {
        "ball": ("target",), "cup1": ("container",), "cup0": ("decoy",), "cup2": ("decoy",)}
    assert roles(scene) == {"ball": ("target",)}


def test_a_passive_agent_scene_has_a_panel_per_trial():
    scene = _fixture("eval_7_passive_agents_helper_hinderer_0001_01")
    ends = [step for step, allowed in enumerate(scene["goal"]["action_list"], start=1) if "EndHabituation" in allowed]
    root = svg_tree(scene_svg(scene))
    titles = [text.text or "" for text in root.iter(f"{SVG}text") if text.get("class") == "title"]
    assert len(ends) == 8 and len(titles) == 9
    assert titles[0] == f"trial 1 of 8: steps 0-{ends[0]}"
    assert titles[-1] == f"test: steps {ends[-1] + 1}-{scene['goal']['last_step']}"
    # Each panel shows its own trial's routes: the step numbers of a panel lie in its trial.
    for group, title in zip(_panel_groups(root), titles, strict=True):
        first, last = map(int, title.split("steps ")[1].split("-"))
        steps = [int(step) for mark in group.iter(f"{SVG}g") if mark.get("class") == "mark"
                 for text in mark.iter(f"{SVG}text") for step in (text.text or "").split(", ") if step != "…"]
        assert all(first - 1 <= step <= last for step in steps)


def _panel_groups(root: ET.Element) -> list[ET.Element]:
    return root.findall(f"{SVG}g")


def test_a_held_ball_is_drawn_with_its_holder():
    scene = _fixture("eval_7_interactive_lava_0001_22")
    (ball,) = [item for item in scene["objects"] if "associatedWithAgent" in item]
    (holder,) = [item for item in scene["objects"] if item["id"] == ball["associatedWithAgent"]]
    root = svg_tree(strip_svg(scene, [0]))
    points = footprint_points(drawn_as(root, ball["id"])[0])
    centre = tuple(round(sum(axis) / len(points), 2) for axis in zip(*points, strict=True))
    at = holder["shows"][0]["position"]
    assert centre == (round(at["x"], 2), round(-at["z"], 2))
    assert any("held" in text for text in _texts(strip_svg(scene, [0])))
