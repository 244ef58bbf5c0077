"""The material palettes of scenegen/mcs/data/materials.yaml against the templates and the real Eval 7 scenes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scenegen.mcs import materials
from scenegen.plugin import resources
from scenegen.plugin.discovery import bundled_templates
from tests.kit import REFERENCE_SCENES

SCENES = sorted(REFERENCE_SCENES.rglob("*.json"))
# The scenes of the tasks scenegen makes (and more/): eval7/ holds every task, some with rooms (metal walls) that no
# family draws yet, so the room and tool palettes are held to the curated scenes only.
CURATED = [path for path in SCENES if "eval7" not in path.parts]
TEMPLATES = sorted(bundled_templates().values())
TOOL_MATERIAL = "UnityAssetStore/YughuesFreeMetalMaterials/Materials/M_YFMM_13"


def _scene_id(path: Path) -> str:
    return str(path.relative_to(REFERENCE_SCENES))


def _material_strings(value: Any) -> Iterator[str]:
    """Every string in a config tree that names a material (contains ``Materials/``)."""
    if isinstance(value, str):
        if "Materials/" in value:
            yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _material_strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _material_strings(item)


def _scene_materials(scene: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(where, material) for every material a scene puts on its room and its objects."""
    for key in ("ceilingMaterial", "floorMaterial", "wallMaterial"):
        if key in scene:
            yield key, scene[key]
    for side, material in scene.get("roomMaterials", {}).items():
        yield f"roomMaterials.{side}", material
    for index, texture in enumerate(scene.get("floorTextures", [])):
        yield f"floorTextures[{index}]", texture["material"]
    for obj in scene.get("objects", []):
        for material in obj.get("materials", []):
            yield f"{obj['id']}.materials", material
        for change in obj.get("changeMaterials", []):
            for material in change["materials"]:
                yield f"{obj['id']}.changeMaterials", material
        if "materialFile" in obj:
            yield f"{obj['id']}.materialFile", obj["materialFile"]


def test_the_roles() -> None:
    assert materials.roles() == (
        "ceiling", "floor", "wall", "container", "tool", "agent", "goal_object", "structure",
    )


@pytest.mark.parametrize("role", materials.roles())
def test_every_palette_is_a_non_empty_tuple_of_known_materials(role: str) -> None:
    palette = materials.palette(role)
    assert isinstance(palette, tuple) and palette
    assert len(set(palette)) == len(palette)
    assert [name for name in palette if not materials.is_known(name)] == []


def test_palettes_are_read_once_and_shared() -> None:
    assert materials.palette("floor") is materials.palette("floor")


def test_an_unknown_role_is_a_key_error_that_lists_the_roles() -> None:
    with pytest.raises(KeyError, match="unknown material role 'lava'") as caught:
        materials.palette("lava")
    for role in materials.roles():
        assert role in str(caught.value)


def test_is_known() -> None:
    assert materials.is_known("AI2-THOR/Materials/Fabrics/CarpetWhite 3")
    assert materials.is_known("AI2-THOR/Materials/Metals/BlackSmoothMeta")  # misspelt in the simulator too
    assert not materials.is_known("AI2-THOR/Materials/Fabrics/CarpetWhite3")
    assert not materials.is_known("")


def test_salient_keywords() -> None:
    assert materials.salient(TOOL_MATERIAL) == ("metal",)
    assert all(materials.salient(name) == ("metal",) for name in materials.palette("tool"))
    assert materials.salient("Custom/Materials/GreenWoodMCS") == ("wood",)
    assert materials.salient("Custom/Materials/Cyan") == ()  # a known material whose class has no keyword
    assert materials.salient("no/such/Materials/thing") == ()


def test_the_templates_are_found() -> None:
    assert TEMPLATES, "no bundled templates"


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda path: path.name)
def test_template_materials_are_known(path: Path) -> None:
    used = set(_material_strings(resources.load_yaml(path.read_text(encoding="utf-8"))))
    assert sorted(name for name in used if not materials.is_known(name)) == []


def test_the_reference_scenes_are_there() -> None:
    assert len(SCENES) >= 8, f"expected the Eval 7 scenes under {REFERENCE_SCENES}"


@pytest.mark.parametrize("path", SCENES, ids=_scene_id)
def test_reference_scene_materials_are_known(path: Path) -> None:
    scene = json.loads(path.read_text(encoding="utf-8"))
    unknown = [(where, name) for where, name in _scene_materials(scene) if not materials.is_known(name)]
    assert unknown == []


@pytest.mark.parametrize("path", CURATED, ids=_scene_id)
def test_reference_rooms_and_tools_fit_their_roles(path: Path) -> None:
    """The room and tool palettes cover what the real scenes put there."""
    scene = json.loads(path.read_text(encoding="utf-8"))
    for key, role in (("ceilingMaterial", "ceiling"), ("floorMaterial", "floor"), ("wallMaterial", "wall")):
        if key in scene:
            assert scene[key] in materials.palette(role), (key, scene[key])
    for obj in scene.get("objects", []):
        if obj["type"].startswith("tool_"):
            assert set(obj.get("materials", [])) <= set(materials.palette("tool")), obj["id"]


def test_a_role_may_only_name_materials_of_some_class() -> None:
    data = {"classes": {"metal": {"names": ["a/Materials/x"]}}, "roles": {"tool": {"names": ["a/Materials/y"]}}}
    with pytest.raises(ValueError, match="in no class"):
        materials._parse(data)


def test_a_role_may_only_name_known_classes() -> None:
    data = {"classes": {"metal": {"names": ["a/Materials/x"]}}, "roles": {"tool": {"classes": ["metals"]}}}
    with pytest.raises(ValueError, match="unknown class 'metals'"):
        materials._parse(data)


def test_a_material_belongs_to_one_class() -> None:
    data = {"classes": {"a": {"names": ["m/Materials/x"]}, "b": {"names": ["m/Materials/x"]}},
            "roles": {"r": {"classes": ["a"]}}}
    with pytest.raises(ValueError, match="two classes"):
        materials._parse(data)
