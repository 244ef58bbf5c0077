"""`scenegen preview --animate`: a scene, or a run's contact sheet, as an animated GIF or APNG over its steps."""

from __future__ import annotations

import json
import sys

import pytest

from scenegen.mcs.preview.animate import frame_steps
from scenegen.mcs.preview.scene import SceneView
from scenegen.mcs.preview.sheet import animation_frames, sheet_frames, sheet_svg
from tests.kit.preview import SVG, TINY, make_runs, scene_item, scene_of, sheet_panels, svg_tree


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return make_runs(tmp_path_factory.mktemp("runs"))


def test_an_animation_has_a_frame_per_k_steps_each_with_its_step(run_cli, tmp_path):
    image = pytest.importorskip("PIL.Image")
    pytest.importorskip("resvg_py")
    scene = tmp_path / "scene.json"
    scene.write_text(json.dumps(TINY))
    frames = animation_frames(TINY, every=5)
    titles = [next(text.text for text in svg_tree(frame).iter(f"{SVG}text") if text.get("class") == "title")
              for frame in frames]
    assert titles == [f"tiny: step {step}" for step in (0, 5, 10, 15, 19)]  # every 5th, and the last motion's
    for name, kind in (("a.gif", "GIF"), ("a.apng", "PNG")):
        result = run_cli("preview", str(scene), "--animate", "--every", "5", "-o", str(tmp_path / name))
        assert result.code == 0, result.err
        with image.open(tmp_path / name) as animation:
            assert (animation.format, animation.n_frames) == (kind, 5)
    result = run_cli("preview", str(scene), "--animate")
    assert result.code == 0 and (tmp_path / "scene.gif").exists()


def test_an_animated_sheet_shows_every_scene_at_each_frame_s_step(runs, run_cli, tmp_path):
    """Each frame lays the sheet's scenes out as the still sheet does, each at the frame's step, or held at the
    last step it moves on once it has stopped."""
    still = sheet_panels(svg_tree(sheet_svg(runs / "hh")))
    frames = sheet_frames(runs / "hh", every=400)
    ends = {title: SceneView(json.loads((runs / "hh" / f"{title}.json").read_text())).motion_end for title in still}
    assert len(frames) == len(frame_steps(max(ends.values()), 400))
    for frame, step in zip(frames, frame_steps(max(ends.values()), 400), strict=True):
        panels = sheet_panels(svg_tree(frame))
        assert sorted(panels) == sorted(f"{title}: step {min(step, ends[title])}" for title in still)
        assert [position[:2] for position in panels.values()] == [position[:2] for position in still.values()]
    image = pytest.importorskip("PIL.Image")
    pytest.importorskip("resvg_py")
    result = run_cli("preview", "--sheet", str(runs / "hh"), "--animate", "--every", "400", "-o",
                     str(tmp_path / "sheet.gif"))
    assert result.code == 0, result.err
    with image.open(tmp_path / "sheet.gif") as animation:
        assert animation.n_frames == len(frames)


def test_too_many_frames_are_refused(run_cli, tmp_path):
    long = scene_of([scene_item("box", "cube", (0, 0.5, 0), (1, 1, 1),
                         moves=[{"stepBegin": 1, "stepEnd": 400, "vector": {"x": 0.01, "y": 0, "z": 0}}])])
    scene = tmp_path / "scene.json"
    scene.write_text(json.dumps(long))
    result = run_cli("preview", str(scene), "--animate", "--every", "1")
    assert result.code == 2 and len(result.err.splitlines()) == 1 and "--every 3" in result.err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["scene.json"]
    assert len(frame_steps(400)) <= 61


def test_animating_without_pillow_says_what_to_install(run_cli, tmp_path, monkeypatch):
    pytest.importorskip("resvg_py")
    monkeypatch.setitem(sys.modules, "PIL", None)
    scene = tmp_path / "scene.json"
    scene.write_text(json.dumps(TINY))
    result = run_cli("preview", str(scene), "--animate")
    assert result.code == 1 and "pip install 'scenegen[animate]'" in result.err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["scene.json"]
