"""A family is one package: its templates, tests and benchmark are found in it, through its entry point."""

from __future__ import annotations

import pytest

from scenegen.plugin.discovery import bundled_template, bundled_templates, family_packages, installed_families
from scenegen.plugin.resources import load_yaml

PACKAGES = family_packages()


@pytest.mark.parametrize("name", sorted(installed_families()))
def test_every_family_bundles_a_template_named_after_it(name):
    path = bundled_templates().get(f"{name}.yaml")
    assert path is not None, f"no templates/{name}.yaml in the package of family {name!r}"
    assert load_yaml(path.read_text(encoding="utf-8"))["family"] == name
    assert path.parent.parent in PACKAGES.values()


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_every_family_package_holds_its_tests_and_benchmark(package):
    tests = PACKAGES[package] / "tests"
    assert (tests / "__init__.py").is_file(), f"{package} has no tests/ package"
    assert list(tests.glob("test_*.py")), f"{package}/tests holds no test_*.py"
    assert (tests / "bench.py").is_file(), f"{package}/tests has no bench.py for make bench"


def test_no_two_families_bundle_a_template_of_one_name():
    names = [path.name for folder in PACKAGES.values() for path in (folder / "templates").glob("*.yaml")]
    assert len(names) == len(set(names))


def test_a_template_found_by_its_family_s_name_is_the_one_of_the_full_list():
    everything = bundled_templates()
    assert {name: bundled_template(name) for name in everything} == everything
    assert bundled_template("no_such_template.yaml") is None


def test_an_unknown_template_name_is_refused_with_the_bundled_ones(run_cli, tmp_path):
    refused = run_cli("make", "--config", "no_such_template", "-n", "1", "--out", str(tmp_path / "run"))
    assert refused.code == 2 and "bundled templates: " in refused.err and "tool_choice.yaml" in refused.err
    assert not (tmp_path / "run").exists()
