"""Every real Eval 7 scene of ``tests/fixtures/mcs_scenes`` (all three folders) round-trips through the scene model.

``from_document`` reads a scene into :mod:`scenegen.mcs.model`, ``to_document`` writes it
back, and what it writes, serialised and parsed again, must equal the real file as
parsed JSON: the same keys, and the same values of the same JSON types (a boolean is
not a number, ``"true"`` is not ``true``, ``null`` is not a missing key). Only how a
number is written may differ (``0.0`` against ``0``), and the order of keys. The
schema and format rules are held to the same files in ``tests/test_mcs_schema.py``.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from scenegen.factory.pipeline import Pipeline
from scenegen.mcs.export import to_document
from scenegen.mcs.load import from_document
from tests.kit import REFERENCE_SCENES
from tests.kit.support import load_family

NAMES = sorted(str(path.relative_to(REFERENCE_SCENES)) for path in REFERENCE_SCENES.rglob("*.json"))


Documents = dict[str, dict[str, Any]]


@pytest.fixture(scope="session")
def documents() -> Documents:
    """Every fixture scene, parsed once for the whole session (about 8 MB)."""
    return {name: json.loads((REFERENCE_SCENES / name).read_bytes()) for name in NAMES}


def differences(expected: Any, actual: Any, path: str = "$") -> list[str]:
    """Where ``actual`` differs from ``expected`` as parsed JSON, numbers compared by value."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        found = [f"{path}.{key}: {'left out' if key in expected else 'added'}"
                 for key in expected.keys() ^ actual.keys()]
        for key in expected.keys() & actual.keys():
            found += differences(expected[key], actual[key], f"{path}.{key}")
        return found
    if isinstance(expected, list) and isinstance(actual, list):
        if len(expected) != len(actual):
            return [f"{path}: {len(actual)} items for {len(expected)}"]
        return [found for i, pair in enumerate(zip(expected, actual, strict=True))
                for found in differences(*pair, f"{path}[{i}]")]
    if _is_number(expected) and _is_number(actual):
        return [] if expected == actual else [f"{path}: {actual!r} for {expected!r}"]
    if type(expected) is type(actual) and expected == actual:
        return []
    return [f"{path}: {actual!r} for {expected!r}"]


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _round_trip(document: dict[str, Any]) -> Any:
    return json.loads(json.dumps(to_document(*from_document(document))))


def test_all_three_folders_are_there() -> None:
    assert len(NAMES) == 321
    assert sum(name.startswith("eval7/") for name in NAMES) == 300


@pytest.mark.parametrize("name", NAMES)
def test_the_scene_model_holds_every_real_scene_whole(documents: Documents, name: str) -> None:
    document = documents[name]
    assert differences(document, _round_trip(document)) == []


def test_the_comparison_sees_every_kind_of_change() -> None:
    scene = {"a": [1, 2.5, {"b": True, "c": "true", "d": None}], "e": 0.0}
    assert differences(scene, copy.deepcopy(scene)) == []
    assert differences(scene, {"a": [1, 2.5, {"b": True, "c": "true", "d": None}], "e": 0}) == []
    changes = [({"e": 0.0}, "$.a: left out"), ({**scene, "f": 1}, "$.f: added"),
               ({**scene, "a": [1, 2.5]}, "$.a: 2 items for 3"),
               ({**scene, "a": [1, 2.5, {"b": 1, "c": "true", "d": None}]}, "$.a[2].b: 1 for True"),
               ({**scene, "a": [1, 2.5, {"b": True, "c": True, "d": None}]}, "$.a[2].c: True for 'true'"),
               ({**scene, "a": [1, 2.5, {"b": True, "c": "true", "d": []}]}, "$.a[2].d: [] for None"),
               ({**scene, "e": 0.5}, "$.e: 0.5 for 0.0")]
    for changed, found in changes:
        assert differences(scene, changed) == [found]


def test_the_real_quirks_come_back_as_they_were(documents: Documents) -> None:
    """The constructs only the real scenes write, each read into the model and written back."""
    cases: list[tuple[str, tuple[str, ...], Any]] = [
        ("eval_7_interactive_knowledgeable_agents_0001_01", ("objects", "kinematic"), "true"),
        ("eval_7_interactive_object_permanence_0001_01", ("objects", "salientMaterials"), None),
        ("eval_7_passive_physics_gravity_support_0001_06", ("objects", "resetCenterOfMassAtY"), 0.825),
        ("eval_7_passive_agents_approach_0003_01", ("objects", "hides"), []),
        ("eval_7_interactive_imitation_0001_02", ("goal", "triggeredByTargetSequence"), None),
        ("eval_7_interactive_arithmetic_0001_09", ("goal", "metadata", "pickup_number"), 1),
    ]
    for name, (first, *path), value in cases:  # value: which object's key to look at (the goal's need none)
        document = documents[f"eval7/{name}.json"]
        written = _round_trip(document)
        expected: Any = document[first]
        if first == "objects":  # the first object that writes the key with that value
            (key,) = path
            i = next(i for i, item in enumerate(expected) if key in item and item[key] == value)
            expected, written = expected[i][key], written["objects"][i][key]
        else:
            written = written[first]
            for key in path:
                expected, written = expected[key], written[key]
        assert written == expected and type(written) is type(expected), (name, path)


@pytest.mark.parametrize("key, value", [("ghosts", [{"stepBegin": 1, "stepEnd": 2}]), ("seesaw", True)])
def test_a_key_the_model_cannot_hold_is_refused_where_it_is(documents: Documents, key: str, value: Any) -> None:
    document = copy.deepcopy(documents["eval_7_interactive_shell_game_0001_01.json"])
    document["objects"][2][key] = value
    with pytest.raises(ValueError, match=rf"^\$\.objects\[2\]: the scene model has no field for {key}$"):
        from_document(document)


def test_a_partial_vector_the_model_cannot_hold_is_refused(documents: Documents) -> None:
    document = copy.deepcopy(documents["eval_7_interactive_shell_game_0001_01.json"])
    del document["objects"][0]["shows"][0]["position"]["y"]
    with pytest.raises(ValueError, match=r"^\$\.objects\[0\]\.shows\[0\]\.position: "):
        from_document(document)


@pytest.mark.parametrize("template", ["tool_choice", "helper_hinderer", "approach", "secondary_tool"])
def test_generated_scenes_round_trip_too(template: str) -> None:
    _, family = load_family(template)
    _, made = Pipeline(family, 0, "x_").produce(0)
    for document in made.values():
        written = json.loads(json.dumps(document))
        assert differences(written, _round_trip(written)) == []


def test_loading_copies_what_it_keeps(documents: Documents) -> None:
    document = copy.deepcopy(documents["eval7/eval_7_interactive_arithmetic_0001_09.json"])
    scene, _ = from_document(document)
    scene.goal.metadata["targets"][0]["id"] = "changed"
    assert document["goal"]["metadata"]["targets"][0]["id"] != "changed"
