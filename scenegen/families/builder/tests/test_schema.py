"""The record schema accepts what the family makes and rejects what breaks the seed's formats; the config
schema and the templates' data reject what cannot be used."""

from __future__ import annotations

import copy
import re
import shutil

import pytest

from scenegen.errors import ConfigError, ScenegenError
from scenegen.families.builder import lexicon
from scenegen.plugin.schemas import schema_problems

from .support import build, records


@pytest.fixture(scope="module")
def made():
    return [{"id": f"builder_{i:06d}", **record} for i, record in enumerate(records(build({"clarification": 0.5}),
                                                                                     100))]


def test_made_records_pass_the_schema(made):
    assert all(schema_problems(record, "builder_record") == [] for record in made)


@pytest.mark.parametrize("change", [
    lambda r: r["target"].append([6, 0, 0, "red"]),
    lambda r: r["target"].append([0, -1, 0, "red"]),
    lambda r: r["target"].append([0, 0, 0, "pink"]),
    lambda r: r["target"].append([0, 0, 0]),
    lambda r: r["turns"][0]["answer"].pop("remove"),
    lambda r: r["turns"][0]["answer"].update(confidence=2),
    lambda r: r["turns"][0].update(clarification={"missing": ["size"], "question": "?", "answer": "!"}),
    lambda r: r["turns"][0]["world_after"].append([0, 0]),
    lambda r: r["parts"][0].update(kind="house"),
], ids=["x out", "y below", "colour", "short block", "no remove", "confidence", "missing", "world", "kind"])
def test_the_schema_rejects(made, change):
    record = copy.deepcopy(made[0])
    change(record)
    assert schema_problems(record, "builder_record")


def test_instructions_never_say_a_coordinate(made):
    for record in made:
        for turn in record["turns"]:
            texts = [turn["instruction"], *turn.get("clarification", {}).values()]
            assert not any(re.search(r"\d", text) for text in texts if isinstance(text, str)), turn


@pytest.mark.parametrize(("config", "key"), [
    ({"height": 5}, "height"),
    ({"kind": ["house"]}, "kind"),
    ({"missing": {"choices": ["colour", "count"], "weights": [1]}}, "missing"),
    ({"parts": {"min": 4, "max": 2}}, "parts"),
])
def test_the_config_rejects(config, key):
    with pytest.raises(ConfigError, match=key):
        build(config)


def test_a_kind_without_words_is_rejected(tmp_path, monkeypatch):
    shutil.copytree(lexicon.DATA, tmp_path / "builder")
    data = (tmp_path / "builder" / "lexicon.yaml").read_text(encoding="utf-8")
    without = data.replace("  pyramid: [pyramid, ziggurat]\n", "")
    (tmp_path / "builder" / "lexicon.yaml").write_text(without, encoding="utf-8")
    monkeypatch.setattr(lexicon, "DATA", tmp_path / "builder")
    lexicon.load.cache_clear()
    try:
        with pytest.raises(ScenegenError, match="pyramid"):
            lexicon.load()
    finally:
        lexicon.load.cache_clear()


def test_a_template_with_a_right_before_its_place_is_rejected(tmp_path, monkeypatch):
    """An instruction is kept split at its place, with "a" or "an" decided before the place is known: "a" right
    before the place could not be made right."""
    shutil.copytree(lexicon.DATA, tmp_path / "builder")
    path = tmp_path / "builder" / "instructions.yaml"
    data = path.read_text(encoding="utf-8")
    path.write_text(data.replace('"place a {colour} block[ {where}]"', '"place a[ {where}] {colour} block"'),
                    encoding="utf-8")
    monkeypatch.setattr(lexicon, "DATA", tmp_path / "builder")
    lexicon.load.cache_clear()
    try:
        family = build({"kind": "block", "clarification": 0})
        with pytest.raises(ScenegenError, match="'a' right before the place"):
            records(family, 20)
    finally:
        lexicon.load.cache_clear()


def test_a_template_drops_an_optional_phrase_whose_slot_is_empty():
    template = "build a {colour} wall[, starting {where}]"
    assert lexicon.fill(template, {"colour": "red", "where": "at the center"}) == \
        "build a red wall, starting at the center"
    assert lexicon.fill(template, {"where": "at the center"}) == "build a wall, starting at the center"
    assert lexicon.fill(template, {"colour": "red"}) == "build a red wall"
    assert lexicon.articles("build a orange wall") == "build an orange wall"
