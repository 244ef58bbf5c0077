"""Start-up: `scenegen make` imports what its run needs and nothing else.

Every process of a run (the command, each parallel worker, each Ray task) pays
for what it imports; `make bench` prints the time (tests/benchmarks/startup.py).
"""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.metadata import EntryPoint, entry_points
from typing import Any

import jsonschema
import pytest
import yaml

from scenegen.errors import ConfigError
from scenegen.factory import collector
from scenegen.factory.config_file import read_config
from scenegen.plugin import discovery as plugins
from scenegen.plugin.config import _compiled_says_valid, check_config
from scenegen.plugin.discovery import bundled_templates
from tests.hostile.test_configs import BAD_VALUES

# Runs `make` as the console script does, in a fresh interpreter, and prints the modules it imported.
_MAKE_AND_LIST_MODULES = """
import json, sys
sys.argv = ["scenegen", "make", "--config", "tool_choice", "-n", "1", "--out", sys.argv[1], "--quiet"]
from scenegen.cli import main
try:
    main()
except SystemExit as done:
    assert not done.code, done.code
print(json.dumps(sorted(sys.modules)))
"""

#: Modules a run of one family never needs: the `validate` command's, the pure-Python schema validator
#: (jsonschema-rs judges a valid config), meshes and every other family.
NOT_IMPORTED_BY_MAKE = (
    "scenegen.reading.validate", "jsonschema", "referencing", "trimesh", "scenegen.mcs.geometry.meshes",
    "scenegen.families.caip", "scenegen.families.helper_hinderer", "scenegen.families.set_rotation",
    "scenegen.families.shell_game",
)


@pytest.fixture(scope="module")
def make_modules(tmp_path_factory):
    out = tmp_path_factory.mktemp("startup") / "out"
    done = subprocess.run([sys.executable, "-c", _MAKE_AND_LIST_MODULES, str(out)],
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert (out / "tool_choice_000000.json").is_file()
    return set(json.loads(done.stdout.splitlines()[-1]))


def test_make_imports_its_family(make_modules):
    assert {"scenegen.families.tool_choice", "scenegen.factory.run", "jsonschema_rs"} <= make_modules


@pytest.mark.parametrize("module", NOT_IMPORTED_BY_MAKE)
def test_make_does_not_import(make_modules, module):
    assert module not in make_modules


def test_help_still_lists_every_command():
    done = subprocess.run([sys.executable, "-m", "scenegen", "--help"],
                          capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    assert all(command in done.stdout for command in ("make", "validate", "list", "schema"))


_PROBE_THE_COLLECTOR_AT_EXIT = """
import atexit, gc, sys
atexit.register(lambda: print("frozen at exit:", gc.get_freeze_count() > 0))  # runs after the command's own
sys.argv = ["scenegen", "list"]
from scenegen.cli import main
print("frozen in the run:", gc.get_freeze_count() > 0)
main()
"""


def test_the_command_leaves_its_objects_out_of_the_collections_at_exit():
    done = subprocess.run([sys.executable, "-c", _PROBE_THE_COLLECTOR_AT_EXIT],
                          capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "frozen in the run: False" in done.stdout
    assert done.stdout.rstrip().endswith("frozen at exit: True")


_PROBE_THE_ENTRY_POINT = """
import gc, sys
from scenegen.factory import collector
tune = collector.tuned_for_command
def probed():
    print("cli imported when the collector is tuned:", "scenegen.cli" in sys.modules)
    tune()
collector.tuned_for_command = probed
sys.argv = ["scenegen", "list"]
from scenegen.__main__ import main
main()
print("young threshold:", gc.get_threshold()[0])
"""


def test_the_console_script_tunes_the_collector_before_it_imports_the_command_line():
    done = subprocess.run([sys.executable, "-c", _PROBE_THE_ENTRY_POINT],
                          capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "cli imported when the collector is tuned: False" in done.stdout
    assert f"young threshold: {collector.COMMAND_THRESHOLD}" in done.stdout


# Records the order in which the console script's entry point first asks for these modules.
_WATCH_THE_IMPORT_ORDER = """
import json, sys
order = []
class Watch:
    def find_spec(self, name, path, target=None):
        if name in ("numpy", "scenegen.cli", "scenegen.factory.blas"):
            order.append(name)
sys.meta_path.insert(0, Watch())
sys.argv = ["scenegen", "list"]
from scenegen.__main__ import main
main()
print(json.dumps(order))
"""


def test_the_console_script_imports_numpy_at_the_bottom_of_the_stack_after_setting_blas_threads():
    """numpy first, before the command line's own imports nest it: CPython then maps a frame-stack chunk ~20
    times instead of ~800 (see scenegen/__main__.py); BLAS's thread count is set before numpy reads it."""
    done = subprocess.run([sys.executable, "-c", _WATCH_THE_IMPORT_ORDER],
                          capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == ["scenegen.factory.blas", "numpy", "scenegen.cli"]


# --- plugins: one family's entry point, read as importlib.metadata reads it


def test_entry_points_are_read_as_importlib_metadata_reads_them():
    declared = sorted(plugins._declared_entry_points())
    assert declared == sorted((ep.name, ep.value) for ep in entry_points(group=plugins.GROUP))
    assert ("tool_choice", "scenegen.families.tool_choice:ToolChoice") in declared


def test_family_named_is_the_installed_family():
    for name, family in plugins.installed_families().items():
        assert plugins._load_entry_point_named(name) is family


def test_an_entry_point_named_otherwise_is_found_by_loading_all(monkeypatch):
    """A third-party entry point need not be named like its family: family_named then looks through all."""
    monkeypatch.setattr(plugins, "entry_points", lambda group: [
        EntryPoint("tools", "scenegen.families.tool_choice:ToolChoice", plugins.GROUP)])
    plugins.installed_families.cache_clear()
    try:
        assert plugins._entry_point_named("tool_choice") is None
        assert plugins.family_named("tool_choice").name == "tool_choice"
    finally:
        plugins.installed_families.cache_clear()


def test_an_entry_point_that_fails_to_import_is_reported_as_listing_reports_it(monkeypatch):
    monkeypatch.setattr(plugins, "entry_points", lambda group: [
        EntryPoint("ghost", "no_such_module_anywhere:Ghost", plugins.GROUP),
        EntryPoint("tool_choice", "scenegen.families.tool_choice:ToolChoice", plugins.GROUP)])
    plugins.installed_families.cache_clear()
    try:
        with pytest.warns(UserWarning, match="'ghost' could not be loaded"), \
                pytest.raises(ConfigError, match="unknown family 'ghost'; installed: tool_choice"):
            plugins.family_named("ghost")
    finally:
        plugins.installed_families.cache_clear()


def test_unknown_family_lists_the_installed_ones():
    plugins.installed_families.cache_clear()
    installed = ", ".join(sorted(plugins.installed_families()))
    with pytest.raises(ConfigError, match=f"unknown family 'juggling'; installed: {installed}$"):
        plugins.family_named("juggling")


def test_an_object_reference_is_loaded_as_importlib_metadata_loads_it():
    assert plugins._load_reference("scenegen.plugin.discovery:family_named") is plugins.family_named
    spaced = "scenegen.plugin.discovery : installed_families [extra]"
    assert plugins._load_reference(spaced) is plugins.installed_families
    assert plugins._load_reference("os.path") is __import__("os").path
    with pytest.raises(ValueError, match="not an object reference"):
        plugins._load_reference("not a reference")


# --- config: jsonschema-rs passes a valid config; jsonschema judges (and explains) everything else


def _reference_valid(config, schema) -> bool:
    return jsonschema.Draft202012Validator(schema).is_valid(config)


def _configs(tmp_path):
    """Every bundled template, and the bad configs of the hostile tests that parse as YAML."""
    paths = sorted(bundled_templates().values())
    for text, _expected in BAD_VALUES.values():
        path = tmp_path / f"{len(paths)}.yaml"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    for path in paths:
        try:
            config = read_config(path)
        except ConfigError:  # refused before its schema is asked
            continue
        if config["family"] in plugins.installed_families():
            yield path, config


def test_the_compiled_validator_agrees_with_jsonschema(tmp_path):
    judged = 0
    for path, config in _configs(tmp_path):
        schema = plugins.family_named(config["family"]).config_schema()
        assert _compiled_says_valid(config, schema) == _reference_valid(config, schema), path.read_text()
        judged += 1
    assert judged >= 40


def test_the_error_of_a_bad_config_is_jsonschemas(tmp_path, monkeypatch):
    """An invalid config's message is the same whether or not jsonschema-rs was asked first."""
    for _path, config in _configs(tmp_path):
        schema = plugins.family_named(config["family"]).config_schema()
        outcomes: list[dict[str, Any] | str] = []
        for compiled_first in (True, False):
            if not compiled_first:
                monkeypatch.setattr("scenegen.plugin.config._compiled_says_valid", lambda _config, _schema: False)
            try:
                outcomes.append(check_config(config, schema))
            except ConfigError as error:
                outcomes.append(str(error))
        monkeypatch.undo()
        assert outcomes[0] == outcomes[1]


def test_a_value_jsonschema_rs_cannot_take_is_judged_by_jsonschema():
    schema = plugins.family_named("tool_choice").config_schema()
    config = {"family": "tool_choice", "lava": {"near": yaml.safe_load("2024-01-01")}}  # a YAML date
    assert not _compiled_says_valid(config, schema)
    with pytest.raises(ConfigError, match=r"lava\.near: datetime\.date\(2024, 1, 1\)"):
        check_config(config, schema)


def test_only_plain_json_is_judged_by_jsonschema_rs():
    """On anything else the two validators may differ (jsonschema-rs takes a tuple for an array)."""
    schema = {"type": "object", "properties": {"sizes": {"type": "array"}}}
    assert _compiled_says_valid({"sizes": [1, 2.5, "a", True, None, {"k": []}]}, schema)
    assert not _compiled_says_valid({"sizes": (1, 2)}, schema)
    with pytest.raises(ConfigError, match=r"sizes: \(1, 2\) is not of type 'array'"):
        check_config({"sizes": (1, 2)}, schema)
