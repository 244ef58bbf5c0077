"""What the preview tests share: reading the SVG scenegen draws, small scenes to draw, and runs to draw sheets of."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from scenegen.factory.request import RunRequest
from scenegen.factory.run import make

SVG = "{http://www.w3.org/2000/svg}"


def svg_tree(svg: str) -> ET.Element:
    """The element tree of an SVG page."""
    return ET.fromstring(svg)


def drawn_as(root: ET.Element, object_id: str) -> list[ET.Element]:
    """What a page draws for the object ``object_id`` (one element a panel that shows it)."""
    return [element for element in root.iter() if element.get("data-id") == object_id]


def footprint_points(element: ET.Element) -> set[tuple[float, float]]:
    """The page points of the footprint drawn for one object (one polygon)."""
    (polygon,) = element.iter(f"{SVG}polygon")
    return {(round(float(x), 3), round(float(y), 3)) for x, y in (pair.split(",") for pair in
                                                                   polygon.get("points", "").split())}


def scene_of(objects: list[dict], **extra) -> dict:
    """A scene named ``tiny`` of ``objects`` in a 10 x 10 m room."""
    return {"name": "tiny", "roomDimensions": {"x": 10, "y": 3, "z": 10}, "objects": objects,
            "performerStart": {"position": {"x": 0, "y": 0, "z": -4}, "rotation": {"x": 0, "y": 90, "z": 0}}, **extra}


def scene_item(object_id: str, object_type: str, position: tuple[float, float, float],
               scale: tuple[float, float, float], **extra) -> dict:
    """An object of a scene, shown at step 0 with this position and scale (``extra``: its other keys)."""
    xyz = ("x", "y", "z")
    return {"id": object_id, "type": object_type, **extra,
            "shows": [{"stepBegin": 0, "position": dict(zip(xyz, position, strict=True)),
                       "rotation": {"x": 0, "y": 0, "z": 0}, "scale": dict(zip(xyz, scale, strict=True))}]}


# A 2 x 1 m box (a cube of scale 2, 1, 1) at x 1, z 2, slid +x 0.1 m a step over steps 1-10, then turned 10 degrees
# a step over steps 11-19 (90 degrees in all); a ball, the goal's target, beside it.
BOX = scene_item("box", "cube", (1, 0.5, 2), (2, 1, 1),
                 moves=[{"stepBegin": 1, "stepEnd": 10, "vector": {"x": 0.1, "y": 0, "z": 0}}],
                 rotates=[{"stepBegin": 11, "stepEnd": 19, "vector": {"x": 0, "y": 10, "z": 0}}])
BALL = scene_item("ball", "soccer_ball", (-2, 0.11, 0), (1, 1, 1))
TINY = scene_of([BOX, BALL], goal={"metadata": {"target": {"id": "ball"}}})


def sheet_panels(root: ET.Element) -> dict[str, tuple[float, float, ET.Element]]:
    """Each panel of a page by its title: its position and its group."""
    panels = {}
    for group in root.findall(f"{SVG}g"):
        title = next(text.text for text in group.iter(f"{SVG}text") if text.get("class") == "title")
        assert title is not None
        x, y = group.get("transform", "").removeprefix("translate(").removesuffix(")").split()
        panels[title] = (float(x), float(y), group)
    return panels


def make_runs(root: Path) -> Path:
    """Under ``root``: a Helper/Hinderer run of two pairs (files) in ``hh``, and a Tool Choice run of three scenes
    (JSON Lines) in ``tc``."""
    make(RunRequest("helper_hinderer", 2, out=root / "hh", progress=False, workers=1))
    make(RunRequest("tool_choice", 3, out=root / "tc", progress=False, workers=1, format="jsonl"))
    return root
