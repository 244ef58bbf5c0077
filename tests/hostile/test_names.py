"""A misspelt template, family or key gets a "did you mean"; ``.yml`` names a bundled template as ``.yaml`` does;
a folder here named like a bundled template does not hide it."""

from __future__ import annotations

import pytest

from scenegen.factory.config_file import resolve_config_path
from scenegen.plugin.discovery import bundled_templates


@pytest.mark.parametrize(("config", "says"), [
    ("tool_choise", "no config file 'tool_choise' (did you mean 'tool_choice'?)"),
    ("eval7_shel_game.yaml", "(did you mean 'eval7_shell_game'?)"),
])
def test_a_misspelt_template_name_gets_a_suggestion(run_cli, tmp_path, config, says):
    result = run_cli("make", "--config", config, "-n", "1", "--out", str(tmp_path / "run"))
    assert result.code == 2 and says in result.err and not (tmp_path / "run").exists()


@pytest.mark.parametrize(("config", "says"), [
    ("family: tool_choise\n", "unknown family 'tool_choise' (did you mean 'tool_choice'?)"),
    ("family: tool_choice\ncorrect_sid: left\n", "unknown key 'correct_sid' (did you mean 'correct_side'?)"),
    ("family: caip\nactoin_type: build\n", "(did you mean 'action_type'?)"),
])
def test_a_misspelt_family_or_key_gets_a_suggestion(run_cli, write_config, tmp_path, config, says):
    result = run_cli("make", "--config", str(write_config(config)), "-n", "1", "--out", str(tmp_path / "run"))
    assert result.code == 2 and says in result.err, result.err
    assert not (tmp_path / "run").exists()


def test_nothing_is_suggested_for_a_name_like_no_other(run_cli, tmp_path):
    result = run_cli("make", "--config", "zzzz", "-n", "1", "--out", str(tmp_path / "run"))
    assert result.code == 2 and "did you mean" not in result.err


def test_yml_names_the_bundled_yaml_template():
    assert resolve_config_path("tool_choice.yml") == bundled_templates()["tool_choice.yaml"]


def test_a_folder_named_like_a_template_does_not_hide_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "caip").mkdir()
    assert resolve_config_path("caip") == bundled_templates()["caip.yaml"]
    (tmp_path / "mine").mkdir()
    with pytest.raises(Exception, match="a folder"):
        resolve_config_path("mine")
