"""The MCS exporter: floor cells in any sequence form, shared between documents."""

from __future__ import annotations

from scenegen.export.mcs import to_document
from scenegen.model import Goal, Materials, Scene
from scenegen.objects import soccer_ball
from scenegen.validate import schema_problems

WALL = "AI2-THOR/Materials/Walls/DrywallBeige"


def _scene(lava) -> Scene:
    ball = soccer_ball("ball", 1.0, 2.0)
    return Scene(room=(10.0, 3.0, 10.0), materials=Materials(WALL, WALL, WALL), performer_position=(0.0, 0.0, -4.0),
                 objects=[ball], goal=Goal("retrieval", 100, metadata={"target": {"id": "ball"}}), lava=lava)


def test_cells_given_as_tuples_or_lists_export_alike():
    as_tuples = to_document(_scene(((3, 1), (3, 2))), "a")
    as_lists = to_document(_scene([[3, 1], [3, 2]]), "a")
    assert as_tuples == as_lists
    assert as_tuples["lava"] == [{"x": 3, "z": 1}, {"x": 3, "z": 2}]
    assert schema_problems(as_tuples, "mcs_scene") == []


def test_documents_with_the_same_cells_share_one_exported_list():
    first, second = to_document(_scene(((0, 4),)), "a"), to_document(_scene(((0, 4),)), "b")
    assert first["lava"] is second["lava"]
