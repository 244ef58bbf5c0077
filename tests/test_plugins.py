"""Families are found through entry points; a third-party family works like a built-in one."""

from __future__ import annotations

import copy
import json
from importlib.metadata import EntryPoint

import pytest

from scenegen.mcs.family import McsFamily
from scenegen.mcs.geometry import Boxes, InRect, InsideRoom, place_one
from scenegen.mcs.model import Goal, Materials, Scene
from scenegen.mcs.objects import object_id, soccer_ball
from scenegen.plugin import discovery as plugins
from scenegen.plugin.family import Sample
from scenegen.plugin.outputs import OPTIONAL_PAIRS


class Juggling(McsFamily):
    """A minimal third-party family: one ball in an empty room."""

    name = "juggling"
    description = "One soccer ball, somewhere."

    @classmethod
    def config_schema(cls):
        return {"type": "object", "additionalProperties": False,
                "properties": {"family": {"const": "juggling"}, "balls": {"type": "integer", "default": 1}}}

    def generate(self, index, rng):
        ball = soccer_ball(object_id(rng), float(rng.uniform(-2, 2)), 0.0)
        scene = Scene(room=(10.0, 3.0, 10.0), materials=Materials("c", "f", "w"), performer_position=(0.0, 0.0, -4.0),
                      objects=[ball], goal=Goal("retrieval", 100, metadata={"target": {"id": ball.id}}))
        return Sample({"": scene}, {"x": ball.shows[0].position[0]}, {"target_id": ball.id})


class JugglingPairs(Juggling):
    """The same ball, and a twin with the ball mirrored: a counterfactual pair."""

    name = "juggling_pairs"
    description = "One soccer ball and its mirror image."
    pairing = OPTIONAL_PAIRS

    @classmethod
    def config_schema(cls):
        return {"type": "object", "additionalProperties": False,
                "properties": {"family": {"const": "juggling_pairs"}, "pairs": {"type": "boolean", "default": False}}}

    def generate(self, index, rng):
        sample = super().generate(index, rng)
        if not self.config["pairs"]:
            return sample
        twin = copy.deepcopy(sample.documents[""])
        x, y, z = twin.objects[0].shows[0].position
        twin.objects[0].shows[0].position = (-x, y, z)
        return Sample({"a": sample.documents[""], "b": twin}, sample.params,
                      {"a": sample.truth, "b": sample.truth}, pair={"differs": "ball x mirrored"})


class Impossible(Juggling):
    """Asks the solver for a placement that cannot exist."""

    name = "impossible"
    description = "A box bigger than its room."

    @classmethod
    def config_schema(cls):
        return {"type": "object", "properties": {"family": {"const": cls.name}}}

    def generate(self, index, rng):
        place_one("a 20 m crate", Boxes.from_size([(0, 0)], [(20, 20)]), InRect((-5, -5), (5, 5)),
                  [InsideRoom((10, 10))], Boxes.empty(), rng)


class Buggy(Juggling):
    """A bug: an exception no family should raise."""

    name = "buggy"

    @classmethod
    def config_schema(cls):
        return {"type": "object", "properties": {"family": {"const": cls.name}}}

    def generate(self, index, rng):
        known: dict[str, object] = {}
        return known["missing"]


class FailsThird(Impossible):
    """Makes two scenes, then asks for the impossible placement."""

    name = "fails_third"

    def generate(self, index, rng):
        return Juggling.generate(self, index, rng) if index < 2 else super().generate(index, rng)


class FailsFirst(Impossible):
    """Cannot make its first scene; makes every other."""

    name = "fails_first"

    def generate(self, index, rng):
        return Juggling.generate(self, index, rng) if index else super().generate(index, rng)


@pytest.fixture
def with_juggling(monkeypatch):
    real = plugins.entry_points

    def fake_entry_points(group):
        extra = [EntryPoint(name, f"{__name__}:{cls}", plugins.GROUP)
                 for name, cls in (("juggling", "Juggling"), ("juggling_pairs", "JugglingPairs"),
                                   ("impossible", "Impossible"), ("fails_third", "FailsThird"),
                                   ("fails_first", "FailsFirst"), ("buggy", "Buggy"))]
        return [*real(group=group), *extra]

    monkeypatch.setattr(plugins, "entry_points", fake_entry_points)
    plugins.installed_families.cache_clear()
    yield
    plugins.installed_families.cache_clear()


def test_builtin_family_is_registered_through_its_entry_point():
    assert "tool_choice" in plugins.installed_families()


def test_the_list_lines_up_every_family_s_description(run_cli):
    lines = run_cli("list").out.splitlines()
    names = [line.split()[0] for line in lines]
    assert names == sorted(plugins.installed_families())
    assert len({len(line) - len(line[len(name):].lstrip()) for line, name in zip(lines, names, strict=True)}) == 1


def test_third_party_family_is_listed_and_used(with_juggling, run_cli, write_config, tmp_path):
    listing = run_cli("list")
    assert "juggling" in listing.out and "One soccer ball" in listing.out
    result = run_cli("make", "--config", str(write_config({"family": "juggling"})), "-n", "2",
                     "--out", str(tmp_path / "out"))
    assert result.code == 0, result.err
    scene = json.loads((tmp_path / "out" / "config_000001.json").read_text())
    assert scene["objects"][0]["type"] == "soccer_ball"


def test_pairs_are_written_recorded_and_validated(with_juggling, run_cli, write_config, tmp_path):
    config = write_config({"family": "juggling_pairs"}, name="jp.yaml")
    out = tmp_path / "out"
    made = run_cli("make", "--config", str(config), "-n", "2", "--out", str(out), "--pairs")
    assert made.code == 0 and "wrote 2 pairs (4 scenes)" in made.out and "pairs/s" in made.out
    a = json.loads((out / "jp_000001_a.json").read_text())
    b = json.loads((out / "jp_000001_b.json").read_text())
    assert a["name"] == "jp_000001_a" and b["name"] == "jp_000001_b"
    assert a["objects"][0]["shows"][0]["position"]["x"] == -b["objects"][0]["shows"][0]["position"]["x"]
    a, b = (json.loads(line) for line in (out / "manifest.jsonl").read_text().splitlines()[2:])
    assert (a["file"], b["file"]) == ("jp_000001_a.json", "jp_000001_b.json")
    assert a["pair_id"] == b["pair_id"] == "jp_000001" and json.loads(a["pair"]) == {"differs": "ball x mirrored"}
    result = run_cli("validate", str(out))
    assert result.code == 0 and "4 of 4 files valid" in result.out


def test_a_placement_that_cannot_be_made_is_a_clear_error(with_juggling, run_cli, write_config, tmp_path):
    config = write_config({"family": "impossible"})
    result = run_cli("make", "--config", str(config), "-n", "3", "--seed", "5", "--out", str(tmp_path / "out"))
    assert result.code == 1
    assert ("sample 0 (seed 5) of 'impossible': cannot place a 20 m crate: 100% rejected by inside room"
            in result.err)
    assert "Traceback" not in result.err
    assert not (tmp_path / "out").exists()  # nothing was recorded, so the fresh folder is removed


def test_a_bug_is_one_line_exit_3_and_leaves_nothing(with_juggling, run_cli, write_config, tmp_path):
    result = run_cli("make", "--config", str(write_config({"family": "buggy"})), "-n", "2",
                     "--out", str(tmp_path / "out"))
    assert result.code == 3
    assert result.err.startswith("bug: KeyError: 'missing'; please report it") and result.err.count("\n") == 1
    assert not (tmp_path / "out").exists()


def test_the_scenes_made_before_a_failing_one_are_written(with_juggling, run_cli, write_config, tmp_path):
    out = tmp_path / "out"
    result = run_cli("make", "--config", str(write_config({"family": "fails_third"})), "-n", "5",
                     "--out", str(out))
    assert result.code == 1 and "sample 2 (seed 0)" in result.err
    assert sorted(path.name for path in out.glob("config_*.json")) == ["config_000000.json", "config_000001.json"]
    assert [json.loads(line)["index"] for line in (out / "manifest.jsonl").read_text().splitlines()] == [0, 1]


def test_a_fresh_run_that_records_nothing_leaves_no_folder_though_workers_wrote(with_juggling, run_cli,
                                                                               write_config, tmp_path):
    # The first job fails at once; the second worker writes its 64 scenes, which are never recorded.
    result = run_cli("make", "--config", str(write_config({"family": "fails_first"})), "-n", "256",
                     "--workers", "2", "--out", str(tmp_path / "out"))
    assert result.code == 1 and "sample 0 (seed 0)" in result.err, result
    assert not (tmp_path / "out").exists()


def test_schema_command_prints_the_config_schema(run_cli):
    result = run_cli("schema", "tool_choice")
    schema = json.loads(result.out)
    assert schema["properties"]["family"] == {"const": "tool_choice", "description": "Selects this family."}
    assert "default" in schema["properties"]["lava"]["properties"]["near"]


def test_plugin_that_fails_to_import_is_left_out_with_a_warning(monkeypatch):
    monkeypatch.setattr(plugins, "entry_points", lambda group: [
        EntryPoint("ghost", "no_such_module_anywhere:Ghost", plugins.GROUP),
        EntryPoint("juggling", f"{__name__}:Juggling", plugins.GROUP),
    ])
    plugins.installed_families.cache_clear()
    with pytest.warns(UserWarning, match="'ghost' could not be loaded"):
        assert list(plugins.installed_families()) == ["juggling"]
    plugins.installed_families.cache_clear()


def test_entry_point_that_is_not_a_family_is_reported(monkeypatch):
    monkeypatch.setattr(plugins, "entry_points", lambda group: [EntryPoint("bad", "json:dumps", plugins.GROUP)])
    plugins.installed_families.cache_clear()
    with pytest.raises(TypeError, match="not a scenegen Family"):
        plugins.installed_families()
    plugins.installed_families.cache_clear()
