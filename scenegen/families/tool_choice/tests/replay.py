"""Tool Choice scenes replayed independently of the generator and of the family's own checks: footprints as
shapely polygons from each type's size, the lava's extent from its cells, pushes, slides and turns as swept
shapes, reachability by a flood fill on a grid. ``test_tool_choice.py`` holds the tests that use them."""

from __future__ import annotations

import math

from shapely import affinity
from shapely.geometry import Point, Polygon, box
from shapely.ops import unary_union

from scenegen.mcs.geometry import Boxes, cell_boxes, concat, inflate, object_size, occupancy_grid, reachable


def polygon(item) -> Polygon:
    show = item["shows"][0]
    scale = show.get("scale", {"x": 1, "y": 1, "z": 1})
    size_x, _, size_z = object_size(item["type"])
    half_x, half_z = size_x * scale["x"] / 2, size_z * scale["z"] / 2
    shape = box(-half_x, -half_z, half_x, half_z)
    # MCS rotation y turns +z toward +x: clockwise in the (x, z) plane, hence the minus.
    shape = affinity.rotate(shape, -show["rotation"]["y"], origin=(0, 0))
    return affinity.translate(shape, show["position"]["x"], show["position"]["z"])


def tool_dimensions(tool_type: str) -> tuple[float, float]:
    _, _, w_int, w_frac, _, l_int, l_frac = tool_type.split("_")
    return float(f"{w_int}.{w_frac}"), float(f"{l_int}.{l_frac}")


def room_shape(scene) -> Polygon:
    half_x, half_z = scene["roomDimensions"]["x"] / 2, scene["roomDimensions"]["z"] / 2
    return box(-half_x, -half_z, half_x, half_z)


def lava_shape(scene):
    return unary_union([box(c["x"] - 0.5, c["z"] - 0.5, c["x"] + 0.5, c["z"] + 0.5) for c in scene["lava"]])


def near_edge_under(scene, ball_x) -> float:
    return min(c["z"] for c in scene["lava"] if c["x"] == round(ball_x)) - 0.5


def aligned(scene, tool, ball_x):
    """The tool moved into its ball's pushing line, far end at the lava."""
    _, length = tool_dimensions(tool["type"])
    show = tool["shows"][0]
    position = {**show["position"], "x": ball_x, "z": near_edge_under(scene, ball_x) - length / 2}
    return {**tool, "shows": [{**show, "position": position, "rotation": {"x": 0, "y": 0, "z": 0}}]}


def assert_brought_into_line(scene, tool, ball_x):
    """A tool lying along z slides sideways into its ball's line; another turns where it lies, or slides there
    unturned and turns."""
    slid = {**tool, "shows": [{**tool["shows"][0], "position": {**tool["shows"][0]["position"], "x": ball_x}}]}
    slides = is_clear(scene, polygon(tool).union(polygon(slid)).convex_hull)
    if tool["shows"][0]["rotation"]["y"] % 180 == 0:
        assert slides
    else:
        assert turns_freely(scene, tool) or (slides and turns_freely(scene, slid))


def turns_freely(scene, tool) -> bool:
    """Whether the disc the tool sweeps turning about its centre stays in the room, off the lava and the structures."""
    width, length = tool_dimensions(tool["type"])
    position = tool["shows"][0]["position"]
    return is_clear(scene, Point(position["x"], position["z"]).buffer(math.hypot(width, length) / 2, 256))


def is_clear(scene, shape) -> bool:
    """Whether ``shape`` lies in the room, off the lava and every structure."""
    cubes = [polygon(item) for item in scene["objects"] if item["type"] == "cube"]
    return (room_shape(scene).buffer(1e-6).contains(shape) and shape.intersection(lava_shape(scene)).area < 1e-9
            and all(shape.intersection(cube).area < 1e-9 for cube in cubes))


def assert_pushes_ball_out(scene, tool, ball_x, ball_z):
    width, length = tool_dimensions(tool["type"])
    x, z = tool["shows"][0]["position"]["x"], tool["shows"][0]["position"]["z"]
    column = [c["z"] for c in scene["lava"] if c["x"] == round(ball_x)]
    near, far = min(column) - 0.5, max(column) + 0.5
    assert tool["shows"][0]["rotation"]["y"] % 180 == 0
    assert abs(x - ball_x) < width / 2                       # the ball is in the tool's path
    assert z + length / 2 <= near + 1e-9                      # it starts off the lava
    assert length >= far - near                               # pushed to the lava's edge, it clears the pool
    lane = box(x - width / 2, z - length / 2, x + width / 2, far)
    walls = [polygon(i) for i in scene["objects"] if i["type"] == "cube" and not i["id"].startswith("platform_")]
    assert all(lane.intersection(wall).area == 0 for wall in walls)


def walking_grid(scene, with_platform=True):
    walls = [i for i in scene["objects"]
             if i["type"] == "cube" and (with_platform or not i["id"].startswith("platform_"))]
    room = (scene["roomDimensions"]["x"], scene["roomDimensions"]["z"])
    obstacles = concat([cell_boxes([(c["x"], c["z"]) for c in scene["lava"]]),
                        *(Boxes.from_size([(w["shows"][0]["position"]["x"], w["shows"][0]["position"]["z"])],
                                          [w["shows"][0]["scale"]["x"], w["shows"][0]["scale"]["z"]],
                                          w["shows"][0]["rotation"]["y"]) for w in walls)])
    return inflate(occupancy_grid(room, obstacles, resolution=0.25))


def assert_performer_reaches(scene, tool):
    """The performer, stepping off the platform, can walk up to the tool."""
    x, z = tool["shows"][0]["position"]["x"], tool["shows"][0]["position"]["z"]
    start = (math.copysign(1.0, x), scene["performerStart"]["position"]["z"])
    assert reachable(walking_grid(scene), start, (x, z))


def assert_cut_off(scene, tool):
    """The performer, free to walk anywhere on the platform, cannot come up to the tool."""
    x, z = tool["shows"][0]["position"]["x"], tool["shows"][0]["position"]["z"]
    start = (0.0, scene["performerStart"]["position"]["z"])
    assert not reachable(walking_grid(scene, with_platform=False), start, (x, z))


def assert_other_side_useless(scene, truth, objects):
    kind = truth["other_side"]
    tools = [objects[key] for key in truth["other_tool_ids"]]
    span = max(c["z"] for c in scene["lava"]) - min(c["z"] for c in scene["lava"]) + 1
    useful = objects[truth["useful_tool"]["id"]]
    assert (truth["obstruction"] is not None) == (kind == "obstructed")
    assert (truth["other_tool_placement"] is not None) == (kind in ("too_short", "obstructed"))
    if kind == "none":
        assert tools == [] and truth["wall_ids"] == []
    elif kind in ("too_short", "broken"):
        assert tools and all(tool_dimensions(t["type"])[1] < span for t in tools)
    elif kind == "too_big":
        (tool,) = tools
        assert tool["type"].startswith("tool_big_") and tool_dimensions(tool["type"])[1] >= 33
        assert polygon(tool).intersection(lava_shape(scene)).area > 0       # it lies across the lava
    else:
        (tool,) = tools
        wall_id = cutting_wall(scene, truth)
        # The useful tool's twin, that the performer cannot come up to: beyond parallel walls in the useful tool's
        # pose carried to the other ball, else in its mirrored pose.
        assert tool["type"] == useful["type"]
        assert tool["shows"][0]["position"]["z"] == useful["shows"][0]["position"]["z"]
        turns = (tool["shows"][0]["rotation"]["y"], useful["shows"][0]["rotation"]["y"])
        assert_cut_off(scene, tool)
        wall = objects[wall_id]
        if truth["obstruction"] == "parallel":
            assert (turns[0] - turns[1]) % 360 == 0
            balls = {round(o["shows"][0]["position"]["x"]) for o in scene["objects"] if o["type"] == "soccer_ball"}
            carried = useful["shows"][0]["position"]["x"] + 2 * max(balls) * math.copysign(
                1.0, tool["shows"][0]["position"]["x"])
            assert abs(tool["shows"][0]["position"]["x"] - carried) < 0.011
            # Two walls along the whole depth, one each side, each past its side's pool; the twin past its own.
            assert len(truth["wall_ids"]) == 2
            for key in truth["wall_ids"]:
                show = objects[key]["shows"][0]
                side = math.copysign(1.0, show["position"]["x"])
                assert show["rotation"]["y"] == 0 and show["scale"]["z"] == scene["roomDimensions"]["z"]
                assert abs(show["position"]["x"]) - 0.05 > max(abs(c["x"]) + 0.5 for c in scene["lava"]
                                                               if c["x"] * side > 0)
            bounds = polygon(tool).bounds
            assert min(abs(bounds[0]), abs(bounds[2])) > abs(wall["shows"][0]["position"]["x"]) + 0.05
            return
        assert (turns[0] + turns[1]) % 360 == 0
        if truth["obstruction"] == "inner_wall":
            assert wall["shows"][0]["rotation"]["y"] == 0
            assert wall["shows"][0]["scale"]["z"] == scene["roomDimensions"]["z"]
            # A wall on the useful side, if any, stands beyond its tool and pool.
            for other_id in set(truth["wall_ids"]) - {wall_id}:
                inner_face = abs(objects[other_id]["shows"][0]["position"]["x"]) - 0.05
                side = math.copysign(1.0, objects[other_id]["shows"][0]["position"]["x"])
                useful_bounds = polygon(useful).bounds
                assert inner_face > max(abs(useful_bounds[0]), abs(useful_bounds[2]))
                assert inner_face > max(abs(c["x"]) + 0.5 for c in scene["lava"] if c["x"] * side > 0)
        else:
            assert len(truth["wall_ids"]) == 1


def cutting_wall(scene, truth):
    """The wall on the side of the useful tool's twin: the one that cuts it off."""
    (tool_id,) = truth["other_tool_ids"]
    side = math.copysign(1.0, next(o for o in scene["objects"] if o["id"] == tool_id)["shows"][0]["position"]["x"])
    (wall_id,) = [key for key in truth["wall_ids"]
                  if math.copysign(1.0, next(o for o in scene["objects"] if o["id"] == key)
                                   ["shows"][0]["position"]["x"]) == side]
    return wall_id
