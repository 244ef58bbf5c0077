"""One declaration per parameter: the config schema, the draw table and the reference all derive from it."""

from __future__ import annotations

from importlib.metadata import entry_points

import jsonschema
import numpy as np
import pytest

from scenegen.errors import ConfigError
from scenegen.plugin.config import check_config
from scenegen.plugin.params import FLAG, Declaration, Param, Setting, number, one_of
from scenegen.plugin.reference import built_in_families, derived_files

FAMILIES = built_in_families()

TOY = Declaration(
    family="toy",
    title="Toy config",
    description="A declaration for tests.",
    entries=(
        Param("size", number("size", 1, 5, "metres"), 2, "How big."),
        Param("room.side", one_of("side", ("left", "right"), "a side"), ["left", "right"], "Which side."),
        Param("room.lit", FLAG, True, "Lights on."),
        Setting("last_step", {"type": "integer", "minimum": 1}, 10, "The last step."),
    ),
    sections={"room": "The room."},
)


def test_every_built_in_family_has_a_declaration_named_after_it_and_its_readme_row():
    shipped = {point.name for point in entry_points(group="scenegen.families")
               if point.value.startswith("scenegen.families.")}
    assert {family.name for family in FAMILIES} == shipped
    for family in FAMILIES:
        assert family.declaration is not None and family.declaration.family == family.name
        assert family.about and family.label_about, f"{family.name}: the README's family table needs both"


@pytest.mark.parametrize("path", sorted(derived_files()), ids=lambda path: path.name)
def test_the_derived_files_are_current(path):
    """schema/*.config.schema.json, docs/config/*.md and the README's family table are written from the families by
    `make schemas`."""
    assert path.is_file(), f"{path} is missing; run `make schemas`"
    assert path.read_text(encoding="utf-8") == derived_files()[path], f"{path} is stale; run `make schemas`"


@pytest.mark.parametrize("family", FAMILIES, ids=lambda family: family.name)
def test_every_default_is_valid_and_compiles(family):
    schema = family.config_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    config = check_config({"family": family.name}, schema)
    table = family.declaration.draw_table(config)
    assert list(table) == [param.path for param in family.declaration.params]


def test_a_declaration_nests_sections_and_shares_the_value_grammar():
    schema = TOY.schema()
    room = schema["properties"]["room"]
    assert room["description"] == "The room." and room["additionalProperties"] is False
    assert room["properties"]["side"] == {"$ref": "#/$defs/side_value", "description": "Which side.",
                                          "default": ["left", "right"]}
    assert schema["properties"]["last_step"]["default"] == 10
    assert {"size", "size_value", "side", "side_value", "flag", "flag_value"} <= set(schema["$defs"])


@pytest.mark.parametrize(("config", "valid"), [
    ({"size": 3}, True),
    ({"size": {"min": 1, "max": 4}}, True),
    ({"size": [1, 2.5]}, True),
    ({"size": {"choices": [1, 5], "weights": [1, 2]}}, True),
    ({"size": 9}, False),
    ({"size": {"min": 0, "max": 4}}, False),
    ({"room": {"side": "up"}}, False),
    ({"room": {"side": {"min": 0, "max": 1}}}, False),
    ({"room": {"colour": "red"}}, False),
    ({"last_step": 0}, False),
])
def test_the_derived_schema_takes_the_value_grammar_and_refuses_the_rest(config, valid):
    validator = jsonschema.Draft202012Validator(TOY.schema())
    assert validator.is_valid({"family": "toy", **config}) is valid


def test_the_draw_table_compiles_each_parameter_in_declaration_order():
    config = check_config({"family": "toy", "size": {"min": 1, "max": 4}}, TOY.schema())
    table = TOY.draw_table(config)
    assert list(table) == ["size", "room.side", "room.lit"]
    drawn = table["size"].sample(np.random.default_rng(0))
    assert 1 <= drawn <= 4


def test_a_range_whose_minimum_exceeds_its_maximum_is_a_config_error():
    config = check_config({"family": "toy", "size": {"min": 4, "max": 2}}, TOY.schema())
    with pytest.raises(ConfigError, match="size"):
        TOY.draw_table(config)


def test_two_domains_of_one_name_are_a_declaration_bug():
    clash = Declaration("clash", "Clash", "Two domains named alike.", (
        Param("a", number("n", 0, 1), 0, "A."), Param("b", number("n", 0, 2), 0, "B.")))
    with pytest.raises(ValueError, match="two domains named 'n'"):
        clash.schema()


def test_the_reference_lists_every_entry_with_its_default():
    table = TOY.reference()
    assert table.splitlines()[0] == "| key | default | allowed | meaning |"
    for path in ("size", "room.side", "room.lit", "last_step"):
        assert f"| `{path}` |" in table
    assert "| `size` | `2` | number, from 1, to 5, metres (or a range) | How big. |" in table


@pytest.mark.parametrize("family", [family for family in FAMILIES if family.pairing.always], ids=lambda f: f.name)
def test_a_family_that_always_pairs_refuses_to_be_asked_for_single_scenes(family):
    """`pairs: false` is a bad config for a family whose every sample is a pair; `--pairs` asks what it does anyway."""
    from tests.kit.support import load_family

    with pytest.raises(ConfigError, match="pairs"):
        check_config({"family": family.name, "pairs": False}, family.config_schema())
    assert load_family(f"{family.name}.yaml", pairs=True)[1].name == family.name
