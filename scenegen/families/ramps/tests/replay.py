"""An independent replay of a Navigation - Ramps scene, from its JSON alone.

Nothing here comes from the family's or the kit's walking code: footprints are shapely boxes from each type's
catalogue size (a human agent 0.5 x 0.5 m), turned by their rotation; a surface's walkable area is its top (or the
floor) shrunk by the performer's radius, less every footprint standing on it grown by that radius; its pieces are
the places the performer can reach on it; a ramp joins the piece before its foot to the piece past its top, found
from its rotation (at 0 it rises toward +z) and its scale. A breadth-first search over the pieces gives the fewest
ramps any walk takes; the label's path must take as few, each leg lying in its piece's walkable area.
"""

from __future__ import annotations

import itertools
import math
from collections import deque

from shapely import affinity
from shapely.geometry import LineString, Point, Polygon, box
from shapely.ops import unary_union

from scenegen.mcs.geometry import object_size
from scenegen.mcs.geometry.catalog import resting_y

RADIUS = 0.25
HUMAN_AGENT = (0.5, 1.6, 0.5)
#: Where the replay looks for the walkable piece before a ramp's foot and past its top.
REACH = RADIUS + 0.05
TOLERANCE = 0.02
#: Footprints may overlap by this much area (m²): positions and sizes are written to four decimals, so a ramp
#: touching its platform may reach 0.05 mm into it, as in the real files.
TOUCH = 1e-3
#: The lip holding a ramp rising toward each direction (x, z) of its platform: the real files' naming.
LIP_OF = {(0, 1): "front", (0, -1): "back", (1, 0): "left", (-1, 0): "right"}


def footprint(item) -> Polygon:
    show = item["shows"][0]
    scale = show.get("scale", {"x": 1, "y": 1, "z": 1})
    size_x, _, size_z = HUMAN_AGENT if item["type"].startswith("agent_") else object_size(item["type"])
    half_x, half_z = size_x * scale["x"] / 2, size_z * scale["z"] / 2
    shape = affinity.rotate(box(-half_x, -half_z, half_x, half_z), -show["rotation"]["y"], origin=(0, 0))
    return affinity.translate(shape, show["position"]["x"], show["position"]["z"])


def bottom(item) -> float:
    """The height an object stands at."""
    show = item["shows"][0]
    if item["type"].startswith("agent_"):
        return show["position"]["y"]
    if item["type"] in ("cube", "triangle"):
        return show["position"]["y"] - show["scale"]["y"] / 2
    return show["position"]["y"] - (resting_y(item["type"], show["scale"]["y"]) if item["type"].startswith("blob_")
                                    else object_size(item["type"])[1] * show["scale"]["y"] / 2)


class Room:
    """The surfaces of a scene ("floor" and each platform's id), their heights, and what stands on each."""

    def __init__(self, scene, goal_id):
        half_x, half_z = scene["roomDimensions"]["x"] / 2, scene["roomDimensions"]["z"] / 2
        self.room = box(-half_x, -half_z, half_x, half_z)
        self.platforms = {item["id"]: item for item in scene["objects"] if item["type"] == "cube" and "lips" in item}
        self.ramps = {item["id"]: item for item in scene["objects"] if item["type"] == "triangle"}
        self.shapes = {"floor": self.room, **{key: footprint(item) for key, item in self.platforms.items()}}
        self.heights = {"floor": 0.0, **{key: item["shows"][0]["position"]["y"] + item["shows"][0]["scale"]["y"] / 2
                                         for key, item in self.platforms.items()}}
        standing = [item for item in scene["objects"] if "associatedWithAgent" not in item and item["id"] != goal_id]
        self.areas = {}
        for surface, shape in self.shapes.items():
            on = [footprint(item) for item in standing if item["id"] != surface
                  and abs(bottom(item) - self.heights[surface]) < TOLERANCE
                  and shape.buffer(1e-6).contains(footprint(item).centroid)]
            self.areas[surface] = shape.buffer(-RADIUS).difference(unary_union(on).buffer(RADIUS) if on else Polygon())

    def surface_at(self, x, y, z):
        """The surface at (x, z) whose height is y, or None."""
        return next((key for key, shape in self.shapes.items() if abs(self.heights[key] - y) < TOLERANCE
                     and shape.buffer(TOLERANCE).contains(Point(x, z))), None)

    def piece(self, surface, x, z):
        """The index of the walkable piece of ``surface`` holding (x, z), or None."""
        pieces = list(getattr(self.areas[surface], "geoms", [self.areas[surface]]))
        return next((k for k, part in enumerate(pieces) if part.buffer(TOLERANCE).contains(Point(x, z))), None)

    def ends(self, key):
        """A ramp's (surface, x, z) before its foot and past its top, and the lip side it meets its platform at."""
        show = self.ramps[key]["shows"][0]
        turn = math.radians(show["rotation"]["y"])
        direction = (round(math.sin(turn)), round(math.cos(turn)))
        length = show["scale"]["z"]
        x, z = show["position"]["x"], show["position"]["z"]
        foot = (x - direction[0] * (length / 2 + REACH), z - direction[1] * (length / 2 + REACH))
        head = (x + direction[0] * (length / 2 + REACH), z + direction[1] * (length / 2 + REACH))
        top, base = (show["position"]["y"] + sign * show["scale"]["y"] / 2 for sign in (1, -1))
        return (self.surface_at(foot[0], base, foot[1]), *foot), (self.surface_at(head[0], top, head[1]), *head), \
            LIP_OF[direction]


def fewest_ramps(room, start, goal):
    """The fewest ramps a walk from ``start`` to ``goal`` (each (surface, x, z)) takes, or None."""
    first, last = (start[0], room.piece(*start)), (goal[0], room.piece(*goal))
    links: dict[tuple, list[tuple]] = {}
    for key in room.ramps:
        low, high, _ = room.ends(key)
        a, b = (low[0], room.piece(*low)), (high[0], room.piece(*high))
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    seen, queue = {first: 0}, deque([first])
    while queue:
        node = queue.popleft()
        for near in links.get(node, []):
            if near not in seen:
                seen[near] = seen[node] + 1
                queue.append(near)
    return seen.get(last)


def replay(scene, truth=None):
    """Assert everything a Navigation - Ramps scene must be; with ``truth``, that its label is true."""
    target_id = scene["goal"]["metadata"]["target"]["id"]
    target = next(item for item in scene["objects"] if item["id"] == target_id)
    goal = next((item for item in scene["objects"] if item["id"] == target.get("associatedWithAgent")), target)
    room = Room(scene, goal["id"])
    for key, item in room.ramps.items():
        show = item["shows"][0]
        assert math.degrees(math.atan2(show["scale"]["y"], show["scale"]["z"])) <= 45 + 1e-3, key
        low, high, lip = room.ends(key)
        assert low[0] is not None and high[0] is not None and high[0] != "floor", key
        assert room.platforms[high[0]]["lips"]["gaps"][lip], key
    by_surface: dict[float, list[tuple[str, Polygon]]] = {}
    for item in scene["objects"]:
        if "associatedWithAgent" in item:
            continue
        shape = footprint(item)
        assert room.room.buffer(TOUCH).contains(shape), item["id"]
        by_surface.setdefault(round(bottom(item), 2), []).append((item["id"], shape))
    for items in by_surface.values():
        for k, (key, shape) in enumerate(items):
            assert all(shape.intersection(other).area < TOUCH for _, other in items[k + 1:]), key
    start = scene["performerStart"]["position"]
    where = goal["shows"][0]["position"]
    start_on = room.surface_at(start["x"], start["y"], start["z"])
    goal_on = room.surface_at(where["x"], bottom(goal), where["z"])
    assert start_on is not None and goal_on is not None
    fewest = fewest_ramps(room, (start_on, start["x"], start["z"]), (goal_on, where["x"], where["z"]))
    assert fewest is not None, "no walk reaches the goal"
    if truth is not None:
        _replay_label(room, truth, (start_on, goal_on), fewest)


def _replay_label(room, truth, surfaces, fewest):
    assert (truth["start_surface"], truth["goal_surface"]) == surfaces
    assert truth["ramp_count"] == len(truth["ramps"]) == fewest
    path = truth["path"]
    assert math.isclose(sum(math.dist(a, b) for a, b in itertools.pairwise(path)), truth["path_length"], abs_tol=0.01)
    climbs = []
    for a, b in itertools.pairwise(path):
        if abs(a[1] - b[1]) < TOLERANCE:
            surface = room.surface_at(*a)
            assert surface is not None and room.areas[surface].buffer(TOLERANCE).covers(
                LineString([(a[0], a[2]), (b[0], b[2])])), (a, b)
            continue
        for key in room.ramps:
            low, high, _ = room.ends(key)
            steps = ((a, b), (b, a))
            if any(math.dist(low[1:], (p[0], p[2])) < TOLERANCE and math.dist(high[1:], (q[0], q[2])) < TOLERANCE
                   for p, q in steps):
                climbs.append((key, "up" if b[1] > a[1] else "down"))
                break
        else:
            raise AssertionError(f"the step from {a} to {b} is on no ramp")
    assert climbs == list(zip(truth["ramps"], truth["directions"], strict=True))
