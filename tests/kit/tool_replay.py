"""An independent replay of the tool tasks' labelled plans (Symmetric, Asymmetric Tool), for the tests.

It reads only the exported document and its label, never the families' code nor
``scenegen.mcs.tools``: lava as shapely squares from the cells, each tool as shapely
boxes from the numbers in its type name (a hooked tool as the catalogue's L: a
long arm of width W along z on the -x side, a short arm across the +z end), and
moves as small steps. The plan is the label's: turn the tool onto the axis of the
label's direction (if the label turns it: a rectangular tool where the disc it
sweeps is off the lava and the structures; an L-shaped tool, which lies over the
lava, onto any axis rotation, one way or the other, where the area its parts
sweep stays inside the room, off the structures and off the ball; or, where it
turns nowhere there and the label slides it too, onto an axis where it lies, then
slid along an axis over the lava, off the ball, until the disc it sweeps turning
is off the ball, turned there), slide it
sideways until its catching part is in line with the ball, then push (the
performer behind it) or pull (the performer ahead of it, walking backwards)
while the performer keeps off the lava. The ball, caught, goes along; it must end
off the lava, inside the room, where the performer walks to it.
"""

from __future__ import annotations

import itertools
import math

from shapely import affinity
from shapely.geometry import MultiPolygon, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

PERFORMER_RADIUS = 0.25
#: The performer picks the ball up from this far (centre to centre): the families' stated assumption.
ARM_REACH = 1.0
STEP = 0.01
AREA = 1e-9
UNIT = {"+x": (1.0, 0.0), "-x": (-1.0, 0.0), "+z": (0.0, 1.0), "-z": (0.0, -1.0)}
#: Degrees between the poses of a turning tool whose hulls make up the area it sweeps.
TURN_STEP = 0.5
#: Metres between the places a sidestepping L tool is tried at.
SIDESTEP = 0.1
AXES = (0.0, 90.0, 180.0, 270.0)


def parse_tool(tool_type: str) -> tuple[str, float, float]:
    _, shape, w_int, w_frac, _, l_int, l_frac = tool_type.split("_")
    return shape, float(f"{w_int}.{w_frac}"), float(f"{l_int}.{l_frac}")


def tool_parts(tool_type: str, x: float, z: float, rotation: float) -> list[Polygon]:
    """The tool's boxes in the room, rotated as MCS rotates (+z toward +x)."""
    shape, width, length = parse_tool(tool_type)
    if shape == "rect":
        local = [box(-width / 2, -length / 2, width / 2, length / 2)]
    else:
        across = 3 * width if shape == "hooked" else length
        local = [box(-across / 2, -length / 2, -across / 2 + width, length / 2),
                 box(-across / 2 + width, length / 2 - width, across / 2, length / 2)]
    return [affinity.translate(affinity.rotate(part, -rotation, origin=(0, 0)), x, z) for part in local]


def object_shape(item) -> BaseGeometry:
    show = item["shows"][0]
    position, rotation = show["position"], show["rotation"]["y"]
    if item["type"].startswith("tool_"):
        return unary_union(tool_parts(item["type"], position["x"], position["z"], rotation))
    scale = show.get("scale", {"x": 1, "y": 1, "z": 1})
    sizes = {"soccer_ball": (0.22, 0.22), "cube": (1.0, 1.0)}
    size_x, size_z = sizes[item["type"]]
    shape = box(-size_x * scale["x"] / 2, -size_z * scale["z"] / 2, size_x * scale["x"] / 2, size_z * scale["z"] / 2)
    return affinity.translate(affinity.rotate(shape, -rotation, origin=(0, 0)), position["x"], position["z"])


class Scene:
    """A document's room, lava, structures and free floor."""

    def __init__(self, document):
        self.document = document
        half_x, half_z = document["roomDimensions"]["x"] / 2, document["roomDimensions"]["z"] / 2
        self.room = box(-half_x, -half_z, half_x, half_z)
        self.lava = unary_union([box(c["x"] - 0.5, c["z"] - 0.5, c["x"] + 0.5, c["z"] + 0.5) for c in document["lava"]])
        self.structures = unary_union([object_shape(item) for item in document["objects"] if item.get("structure")])
        self.objects = {item["id"]: item for item in document["objects"]}
        start = document["performerStart"]["position"]
        # Where the performer's centre can be: the floor off lava and structures, shrunk by its radius, and the
        # part of it connected to the start.
        floor = self.room.difference(self.lava).difference(self.structures).buffer(-PERFORMER_RADIUS)
        parts = list(floor.geoms) if isinstance(floor, MultiPolygon) else [floor]
        self.walkable = next((part for part in parts if part.buffer(1e-6).contains(Point(start["x"], start["z"]))),
                             Polygon())

    def blocked(self, shape: Polygon) -> bool:
        """Whether ``shape`` touches lava or a structure, or leaves the room."""
        return (shape.intersection(self.lava).area > AREA or shape.intersection(self.structures).area > AREA
                or not self.room.buffer(1e-6).contains(shape))

    def walks_to(self, shape: BaseGeometry, reach: float) -> bool:
        return self.walkable.distance(shape) <= reach + 1e-6


def replay(document, truth) -> tuple[bool, str]:
    """Play the label's plan; (whether the ball ends off the lava where the performer picks it up, why not)."""
    scene = Scene(document)
    target = scene.objects[truth["target_id"]]
    ball_show = target["shows"][0]
    ball = (ball_show["position"]["x"], ball_show["position"]["z"])
    radius = 0.11 * ball_show["scale"]["x"]
    if not truth["tool_ids"]:  # the ball on open floor: walked up to
        return (True, "") if scene.walks_to(Point(ball), ARM_REACH) else (False, "the ball is out of reach")
    if scene.walks_to(Point(ball), ARM_REACH):
        return False, "the ball is within reach without a tool"
    (tool_id,) = truth["tool_ids"]
    tool = scene.objects[tool_id]
    show = tool["shows"][0]
    x, z, rotation = show["position"]["x"], show["position"]["z"], show["rotation"]["y"]
    if not scene.walks_to(object_shape(tool), PERFORMER_RADIUS + 0.05):
        return False, "the performer cannot come up to the tool"
    dx, dz = UNIT[truth["direction"]]
    if "rotate" in truth["actions"] and parse_tool(tool["type"])[0] != "rect":
        turns = [end for end in AXES if _turns_freely(scene, tool["type"], x, z, rotation, end, ball, radius)]
        results = [_catch_and_move(scene, tool_parts(tool["type"], x, z, end), ball, radius, dx, dz, truth)
                   for end in turns]
        if "push" in truth["actions"] and "pull" in truth["actions"]:  # slid too: aside, to turn
            results.append(_sidestep(scene, tool, ball, radius, dx, dz, truth))
        if not results:
            return False, "the L tool cannot be turned onto an axis clear of the walls and the ball"
        return next((result for result in results if result[0]), results[0])
    if "rotate" in truth["actions"]:
        corners = [Point(c) for part in tool_parts(tool["type"], x, z, rotation) for c in part.exterior.coords]
        disc = Point(x, z).buffer(max(Point(x, z).distance(c) for c in corners), 256)
        if scene.blocked(disc):
            return False, "the tool cannot turn where it lies"
        rotation = 90.0 if truth["direction"][1] == "x" else 0.0  # a rect tool turns onto the direction's axis
    elif rotation % 90:
        return False, "the label does not turn a tool that lies off the axes"
    return _catch_and_move(scene, tool_parts(tool["type"], x, z, rotation), ball, radius, dx, dz, truth)


def _turns_freely(scene, tool_type, x, z, start, end, ball, radius) -> bool:
    """Whether the tool turned about (x, z) from ``start`` to ``end`` degrees, one way or the other, sweeps only
    floor or lava inside the room, off the structures and off the ball."""
    short = (end - start + 180.0) % 360.0 - 180.0
    if abs(short) < 1e-6:
        return False
    for turn in sorted((short, short - math.copysign(360.0, short)), key=abs):
        swept = _swept(tool_type, x, z, start, turn)
        if (scene.room.buffer(1e-6).contains(swept) and swept.intersection(scene.structures).area <= AREA
                and swept.distance(Point(ball)) > radius):
            return True
    return False


def _swept(tool_type, x, z, start, turn):
    """The area the tool's parts sweep turning ``turn`` degrees from ``start``: the hulls of each part's
    successive poses, grown by the most an arc between two poses bulges past their hull."""
    steps = max(1, math.ceil(abs(turn) / TURN_STEP))
    poses = [tool_parts(tool_type, x, z, start + turn * k / steps) for k in range(steps + 1)]
    _, width, length = parse_tool(tool_type)
    bulge = math.hypot(max(3 * width, length), length) / 2 * (1 - math.cos(math.radians(TURN_STEP) / 2))
    hulls = [unary_union([a, b]).convex_hull for before, after in itertools.pairwise(poses)
             for a, b in zip(before, after, strict=True)]
    return unary_union(hulls).buffer(bulge + 1e-6)


def _sidestep(scene, tool, ball, radius, dx, dz, truth) -> tuple[bool, str]:
    """An L tool turned onto an axis where it lies (unless it lies on one), slid along an axis over the lava, its
    sweep inside the room and off the structures and the ball, to the first place (in ``SIDESTEP`` steps) where
    the disc it sweeps turning is off the ball; turned there onto an axis, slid back into line, moved."""
    show = tool["shows"][0]
    x, z, rotation = show["position"]["x"], show["position"]["z"], show["rotation"]["y"]
    starts = [rotation] if not rotation % 90 else [
        end for end in AXES if _turns_freely(scene, tool["type"], x, z, rotation, end, ball, radius)]
    reach = max(Point(x, z).distance(Point(c)) for part in tool_parts(tool["type"], x, z, 0.0)
                for c in part.exterior.coords)
    for start in starts:
        parts = tool_parts(tool["type"], x, z, start)
        for sx, sz in UNIT.values():
            travel = SIDESTEP
            while _slides_over_lava(scene, parts, sx * travel, sz * travel, ball, radius):
                centre = Point(x + sx * travel, z + sz * travel)
                disc = centre.buffer(reach, 256)
                if disc.distance(Point(ball)) > radius:
                    if scene.room.buffer(1e-6).contains(disc) and disc.intersection(scene.structures).area <= AREA:
                        for end in AXES:
                            result = _catch_and_move(scene, tool_parts(tool["type"], centre.x, centre.y, end), ball,
                                                     radius, dx, dz, truth, over_lava=True)
                            if result[0]:
                                return result
                    break
                travel += SIDESTEP
    return False, "no slide aside lets the L tool turn clear of the ball and pull it"


def _slides_over_lava(scene, parts, shift_x, shift_z, ball, radius) -> bool:
    """Whether the tool's ``parts`` slid by (shift_x, shift_z) sweep only room off the structures and the ball."""
    sweep = unary_union([unary_union([p, affinity.translate(p, shift_x, shift_z)]).convex_hull for p in parts])
    return (scene.room.buffer(1e-6).contains(sweep) and sweep.intersection(scene.structures).area <= AREA
            and sweep.distance(Point(ball)) > radius)


def _catch_and_move(scene, parts, ball, radius, dx, dz, truth, over_lava=False) -> tuple[bool, str]:
    """From the tool's ``parts`` as they lie (turned, if the label turns it): slide into line (over the lava too,
    off the ball, where ``over_lava``), then push or pull."""
    catcher = _catching_part(parts, ball, dx, dz, radius)
    if catcher is None:  # slide sideways: the catching part's centre onto the ball's line
        lateral = [(ball[0] - p.centroid.x) * abs(dz) + (ball[1] - p.centroid.y) * abs(dx) for p in parts]
        for shift in sorted(lateral, key=abs):
            moved = [affinity.translate(p, shift * abs(dz), shift * abs(dx)) for p in parts]
            sweep = unary_union(parts + moved).convex_hull
            free = (_slides_over_lava(scene, parts, shift * abs(dz), shift * abs(dx), ball, radius) if over_lava
                    else not scene.blocked(sweep))
            if _catching_part(moved, ball, dx, dz, radius) is not None and free:
                parts = moved
                break
        else:
            return False, "no slide brings the tool into line"
    return _straight(scene, parts, ball, radius, dx, dz, "pull" if "pull" in truth["actions"] else "push")


def _catching_part(parts, ball, dx, dz, radius):
    """The part behind the ball (along the move) with the ball's centre inside its width, nearest the ball."""
    best = None
    for part in parts:
        low_x, low_z, high_x, high_z = part.bounds
        across_low, across_high, across = (low_z, high_z, ball[1]) if dx else (low_x, high_x, ball[0])
        front = high_x * dx if dx > 0 else (-low_x if dx < 0 else (high_z if dz > 0 else -low_z))
        ball_along = ball[0] * dx + ball[1] * dz
        if (across_low + 1e-6 < across < across_high - 1e-6 and front <= ball_along - radius + 1e-6
                and (best is None or front > best[0])):
            best = (front, part)
    return None if best is None else best[0]


def _straight(scene, parts, ball, radius, dx, dz, kind) -> tuple[bool, str]:
    """Move the tool along (dx, dz) in small steps while the performer can follow; the ball goes along once hit."""
    front = _catching_part(parts, ball, dx, dz, radius)
    ball_along = ball[0] * dx + ball[1] * dz
    tool = unary_union(parts)
    depth = 2 * PERFORMER_RADIUS
    if kind == "push":  # the performer's body right behind the rear face, across the whole tool
        stand = _beside(tool.bounds, dx, dz, -1, depth)
    else:  # right ahead of the front face of the part sticking out furthest along the move
        holder = max(parts, key=lambda p: _reach_along(p.bounds, dx, dz))
        stand = _beside(holder.bounds, dx, dz, 1, depth)

    def allowed(travel):
        moved_stand = affinity.translate(stand, travel * dx, travel * dz)
        moved_tool = affinity.translate(tool, travel * dx, travel * dz)
        return not (moved_stand.intersection(scene.lava).area > AREA
                    or moved_stand.intersection(scene.structures).area > AREA
                    or not scene.room.buffer(1e-6).contains(moved_stand)
                    or moved_tool.intersection(scene.structures).area > AREA
                    or not scene.room.buffer(1e-6).contains(moved_tool))

    def ball_at(travel):
        pushed = max(0.0, travel - (ball_along - radius - front))
        return (ball[0] + pushed * dx, ball[1] + pushed * dz), pushed

    travelled = 0.0
    while allowed(travelled + STEP):
        travelled += STEP
        centre, pushed = ball_at(travelled)
        if (pushed > 0 and Point(centre).buffer(radius, 64).intersection(scene.lava).area <= AREA
                and scene.walks_to(Point(centre), ARM_REACH)):
            break
    else:  # the last step was blocked: find how far exactly the tool goes
        low, high = travelled, travelled + STEP
        for _ in range(40):
            middle = (low + high) / 2
            low, high = (middle, high) if allowed(middle) else (low, middle)
        travelled = low
    centre, _ = ball_at(travelled)
    disc = Point(centre).buffer(radius, 64)
    if not scene.room.buffer(1e-6).contains(disc) or disc.intersection(scene.structures).area > AREA:
        return False, "the ball is driven into a wall or a structure"
    if disc.intersection(scene.lava).area > 1e-7:
        return False, f"the ball is still on the lava after {travelled:.2f} m"
    if not scene.walks_to(Point(centre), ARM_REACH):
        return False, "the ball comes out where the performer cannot walk"
    return True, ""


def _reach_along(bounds, dx, dz) -> float:
    low_x, low_z, high_x, high_z = bounds
    return (high_x if dx > 0 else -low_x) if dx else (high_z if dz > 0 else -low_z)


def _beside(bounds, dx, dz, side, depth):
    """The strip of ``depth`` behind (``side`` -1) or ahead of (+1) ``bounds`` along (dx, dz)."""
    low_x, low_z, high_x, high_z = bounds
    if dx:
        edge = high_x if dx * side > 0 else low_x
        return box(min(edge, edge + depth * dx * side), low_z, max(edge, edge + depth * dx * side), high_z)
    edge = high_z if dz * side > 0 else low_z
    return box(low_x, min(edge, edge + depth * dz * side), high_x, max(edge, edge + depth * dz * side))


def pushes_out_alone(document, tool_id, direction) -> bool:
    """Whether pushing one tool straight along ``direction``, as it lies, drives the target out."""
    truth = {"target_id": document["goal"]["metadata"]["target"]["id"], "tool_ids": [tool_id], "actions": ["push"],
             "direction": direction}
    return replay(document, truth)[0]


def room_polygon(document) -> Polygon:
    half_x, half_z = document["roomDimensions"]["x"] / 2, document["roomDimensions"]["z"] / 2
    return box(-half_x, -half_z, half_x, half_z)


def replay_secondary(document, truth) -> tuple[bool, str]:
    """Play a Secondary Tool label: the rectangular tool (slid into line if need be) pushes the L tool along
    ``push_direction`` until the performer can reach it; the L tool, laid along ``direction`` with its hook just
    behind the ball (the ball in the corner of its arms), pulls the ball out."""
    scene = Scene(document)
    rect_id, hook_id = truth["tool_ids"]
    rect, hook = scene.objects[rect_id], scene.objects[hook_id]
    if not scene.walks_to(object_shape(rect), PERFORMER_RADIUS + 0.05):
        return False, "the performer cannot come up to the rectangular tool"
    if scene.walks_to(object_shape(hook), PERFORMER_RADIUS + 0.05):
        return False, "the performer walks up to the L tool: nothing needs freeing"
    freed = _push_free(scene, rect, hook, *UNIT[truth["push_direction"]], turn="rotate" in truth["actions"])
    if not freed:
        return False, "the rectangular tool does not free the L tool"
    target = scene.objects[truth["target_id"]]["shows"][0]
    ball = (target["position"]["x"], target["position"]["z"])
    radius = 0.11 * target["scale"]["x"]
    if scene.walks_to(Point(ball), ARM_REACH):
        return False, "the ball is within reach without a tool"
    dx, dz = UNIT[truth["direction"]]
    for parts in _pull_poses(hook["type"], ball, radius, dx, dz):
        shape = unary_union(parts)
        if (scene.room.buffer(1e-6).contains(shape) and shape.intersection(Point(ball).buffer(radius)).area < AREA
                and _catching_part(parts, ball, dx, dz, radius) is not None):
            done, _ = _straight(scene, parts, ball, radius, dx, dz, "pull")
            if done:
                return True, ""
    return False, "the L tool laid behind the ball does not pull it out"


def _push_free(scene, rect, hook, dx, dz, turn) -> bool:
    """Whether pushing the rectangular tool along (dx, dz), turned onto that axis first if ``turn`` (where the disc
    it sweeps is free) and slid sideways into line with a part of the L tool if need be, carries the L tool to
    where the performer reaches it."""
    show = rect["shows"][0]
    x, z, rotation = show["position"]["x"], show["position"]["z"], show["rotation"]["y"]
    if turn:
        _, width, length = parse_tool(rect["type"])
        if scene.blocked(Point(x, z).buffer((width**2 + length**2) ** 0.5 / 2, 256)):
            return False
        rotation = 90.0 if dx else 0.0
    elif rotation % 90:
        return False
    (tool,) = tool_parts(rect["type"], x, z, rotation)
    hook_show = hook["shows"][0]
    hook_parts = tool_parts(hook["type"], hook_show["position"]["x"], hook_show["position"]["z"],
                            hook_show["rotation"]["y"])
    hook_shape = unary_union(hook_parts)

    def across(shape):
        low_x, low_z, high_x, high_z = shape.bounds
        return (low_z, high_z) if dx else (low_x, high_x)

    offsets = [0.0] + [((p.centroid.x - tool.centroid.x) * abs(dz) + (p.centroid.y - tool.centroid.y) * abs(dx))
                       for p in hook_parts]
    for shift in offsets:
        moved = affinity.translate(tool, shift * abs(dz), shift * abs(dx))
        if shift and scene.blocked(unary_union([tool, moved]).convex_hull):
            continue
        low, high = across(moved)
        front = _reach_along(moved.bounds, dx, dz)
        # The L tool's faces the rect meets: parts across its lane, ahead of it.
        faces = [-_reach_along(p.bounds, -dx, -dz) for p in hook_parts
                 if across(p)[0] < high - 1e-6 and across(p)[1] > low + 1e-6 and -_reach_along(p.bounds, -dx, -dz)
                 >= front - 1e-6]
        if not faces:
            continue
        stand = _beside(moved.bounds, dx, dz, -1, 2 * PERFORMER_RADIUS)
        travel = 0.0
        while not affinity.translate(stand, (travel + STEP) * dx, (travel + STEP) * dz).intersection(
                scene.lava).area > AREA:  # the performer behind the rect keeps off the lava
            travel += STEP
        low_t, high_t = travel, travel + STEP
        for _ in range(40):
            middle = (low_t + high_t) / 2
            blocked = affinity.translate(stand, middle * dx, middle * dz).intersection(scene.lava).area > AREA
            low_t, high_t = (low_t, middle) if blocked else (middle, high_t)
        carried = low_t - (min(faces) - front)
        pushed = affinity.translate(hook_shape, carried * dx, carried * dz)
        if carried > 0 and scene.room.buffer(1e-6).contains(pushed) and scene.walks_to(
                pushed, PERFORMER_RADIUS + 0.05 + 1e-3):
            return True
    return False


def _pull_poses(tool_type, ball, radius, dx, dz):
    """The L tool along the pull in each rotation, its hook 0.05 behind the ball, the ball in the arms' corner."""
    for rotation in (0, 90, 180, 270):
        parts = tool_parts(tool_type, 0.0, 0.0, rotation)
        # The long arm runs along the pull; the hook is the other part.
        arm, hook = sorted(parts, key=lambda p: (p.bounds[2] - p.bounds[0]) if dx else (p.bounds[3] - p.bounds[1]),
                           reverse=True)
        _, width, _ = parse_tool(tool_type)
        pocket = max(width / 2, radius + 0.05)
        # Along: the hook's face toward the ball 0.05 behind it. Across: the ball ``pocket`` from the long arm.
        hook_front = _reach_along(hook.bounds, dx, dz)
        along = (ball[0] * dx + ball[1] * dz) - radius - 0.05 - hook_front
        a_high = arm.bounds[3] if dx else arm.bounds[2]
        h_low, h_high = (hook.bounds[1], hook.bounds[3]) if dx else (hook.bounds[0], hook.bounds[2])
        inner = h_low + pocket if a_high <= h_low + 1e-6 else h_high - pocket
        across = (ball[1] if dx else ball[0]) - inner
        shift_x = along * dx + across * abs(dz)
        shift_z = along * dz + across * abs(dx)
        yield [affinity.translate(p, shift_x, shift_z) for p in parts]
