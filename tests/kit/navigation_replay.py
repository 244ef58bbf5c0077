"""An independent replay of a Lava or Holes scene, from its JSON alone.

Nothing here comes from the families' code: footprints are shapely polygons from
each type's catalogue size (a human agent is 0.5 x 0.5 m, SCH), the walk is a
plain breadth-first search over the cells the performer's disc fits on, and the
walk and the straight way are swept with a disc of the performer's radius.
"""

from __future__ import annotations

import math
from collections import deque

from shapely import affinity
from shapely.geometry import LineString, Point, Polygon, box
from shapely.ops import unary_union

from scenegen.mcs.geometry import object_size
from scenegen.mcs.geometry.catalog import resting_y

PERFORMER_RADIUS = 0.25  # docs/mcs_facts.md 11.4
HUMAN_AGENT = (0.5, 1.6, 0.5)
KINDS = ("lava", "holes")


def polygon(item) -> Polygon:
    show = item["shows"][0]
    scale = show.get("scale", {"x": 1, "y": 1, "z": 1})
    size_x, _, size_z = HUMAN_AGENT if item["type"].startswith("agent_") else object_size(item["type"])
    shape = box(-size_x * scale["x"] / 2, -size_z * scale["z"] / 2, size_x * scale["x"] / 2, size_z * scale["z"] / 2)
    shape = affinity.rotate(shape, -show["rotation"]["y"], origin=(0, 0))
    return affinity.translate(shape, show["position"]["x"], show["position"]["z"])


def cells_of(scene, kind):
    return [(cell["x"], cell["z"]) for cell in scene[kind]]


def danger_shape(cells):
    return unary_union([box(x - 0.5, z - 0.5, x + 0.5, z + 0.5) for x, z in cells])


def point(item):
    return item["shows"][0]["position"]["x"], item["shows"][0]["position"]["z"]


def shortest_walk(scene, cells, start, goal):
    """Cells of a shortest 4-connected walk between the cells holding ``start`` and ``goal``, over cells whose
    centre is at least the performer's radius inside the walls and that are not dangerous; None if none."""
    half_x, half_z = scene["roomDimensions"]["x"] / 2, scene["roomDimensions"]["z"] / 2
    blocked = set(cells)

    def standable(cell):
        return (abs(cell[0]) + PERFORMER_RADIUS <= half_x and abs(cell[1]) + PERFORMER_RADIUS <= half_z
                and cell not in blocked)

    first, last = (round(start[0]), round(start[1])), (round(goal[0]), round(goal[1]))
    if not (standable(first) and standable(last)):
        return None
    came_from: dict[tuple[int, int], tuple[int, int] | None] = {first: None}
    queue = deque([first])
    while queue:
        cell = queue.popleft()
        if cell == last:
            walk = [cell]
            while (previous := came_from[walk[-1]]) is not None:
                walk.append(previous)
            return walk[::-1]
        for step in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            near = (cell[0] + step[0], cell[1] + step[1])
            if near not in came_from and standable(near):
                came_from[near] = cell
                queue.append(near)
    return None


def replay(scene, kind, truth=None):
    """Assert everything a Lava or Holes scene must be; with ``truth``, that the label is true (its walk, whether
    the straight way is cut) and that a field cutting the straight way makes the safe walk longer than it."""
    other = next(k for k in KINDS if k != kind)
    assert scene[other] == [] and scene[kind], "one kind of dangerous cell"
    cells = cells_of(scene, kind)
    half_x, half_z = scene["roomDimensions"]["x"] / 2, scene["roomDimensions"]["z"] / 2
    assert all(isinstance(x, int) and isinstance(z, int) for x, z in cells)
    assert all(abs(x) <= half_x and abs(z) <= half_z for x, z in cells), "cells on the room's floor grid"
    danger = danger_shape(cells)
    room = box(-half_x, -half_z, half_x, half_z)

    objects = {item["id"]: item for item in scene["objects"]}
    target = objects[scene["goal"]["metadata"]["target"]["id"]]
    assert target["type"] == "soccer_ball" and target["pickupable"]
    holder = objects.get(target.get("associatedWithAgent"))
    if "associatedWithAgent" in target:
        assert holder is not None and holder["type"].startswith("agent_") and holder["id"].startswith("agent_")
        assert target["shows"][0]["scale"] == {"x": 1, "y": 1, "z": 1}
        assert holder["actions"] == [] and holder["labels"] == "" and "agentSettings" in holder
    standing = [item for item in scene["objects"] if "associatedWithAgent" not in item]
    shapes = {item["id"]: polygon(item) for item in standing}
    for item in standing:
        show = item["shows"][0]
        rest = 0.0 if item["type"].startswith("agent_") else resting_y(item["type"], show.get("scale", 1.0))
        assert abs(show["position"]["y"] - rest) <= 0.01, f"{item['id']} rests on the floor"
    for key, shape in shapes.items():
        assert room.buffer(1e-6).contains(shape), key
        assert shape.intersection(danger).area < 1e-9, f"{key} stands on a dangerous cell"
    keys = list(shapes)
    for i, a in enumerate(keys):
        for b in keys[i + 1:]:
            assert shapes[a].intersection(shapes[b]).area < 1e-9, (a, b)

    start_position = scene["performerStart"]["position"]
    start = (start_position["x"], start_position["z"])
    platforms = [item for item in standing if item["id"].startswith("platform_")]
    assert any(shapes[p["id"]].buffer(1e-6).contains(Point(start))
               and math.isclose(start_position["y"], p["shows"][0]["position"]["y"] + p["shows"][0]["scale"]["y"] / 2)
               for p in platforms), "the performer starts on a platform"

    goal = point(holder if holder is not None else target)
    walk = shortest_walk(scene, cells, start, goal)
    assert walk is not None, "a safe walk exists"
    swept = LineString([start, *walk]).buffer(PERFORMER_RADIUS, 64)
    assert swept.intersection(danger).area < 1e-9, "the walk keeps the performer's body off the dangerous cells"
    assert room.buffer(1e-6).contains(swept), "the walk stays in the room"
    if truth is None:
        return
    straight = LineString([start, goal]).buffer(PERFORMER_RADIUS, 64)
    cut = straight.intersection(danger).area > 0
    assert truth["straight_way_cut"] == cut, "the label says whether the field cuts the straight way"
    length = len(walk) - 1
    open_length = abs(walk[0][0] - walk[-1][0]) + abs(walk[0][1] - walk[-1][1])
    assert length > math.dist(start, goal) or not cut, "a field across the straight way makes the walk longer"
    assert truth["kind"] == kind and truth["cells"] == len(cells) == len(set(cells))
    assert truth["target_id"] == target["id"]
    assert truth["holder_id"] == (holder["id"] if holder else None)
    assert truth["interact_with_agent"] == (holder is not None)
    assert (truth["path_length"], truth["open_path_length"], truth["detour"]) == (
        length, open_length, length - open_length)
    assert math.isclose(truth["straight_distance"], math.dist(start, goal), abs_tol=1e-4)
    blobs = [item["id"] for item in standing if item["type"].startswith("blob_")]
    assert truth["blob_id"] == (blobs[0] if blobs else None)
