"""What the side without a useful tool holds: nothing, a too-short tool, a broken
tool, a tool far too big lying across the lava, or the twin of the useful tool cut
off from the performer by a low wall (``docs/mcs_facts.md`` 6.3).

Each builder takes the :class:`Setting` of the other side and returns the tools
and walls to add. Scattered objects are placed by the geometry solver, with a
small margin so that rounding poses to centimetres and whole degrees can never
create an overlap.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from scenegen.families.tool_choice.layout import PLATFORM_HALF_WIDTH, Pool
from scenegen.families.tool_choice.placement import ToolPose, tool_pose
from scenegen.mcs.geometry import (
    PERFORMER_RADIUS,
    InRect,
    circumradius,
    footprint,
    object_size,
    place_one,
    scatter,
    shape,
)
from scenegen.mcs.model import SceneObject, Show, Vec3
from scenegen.mcs.objects import (
    TARGET_BALL_SCALE,
    TOOL_HEIGHT,
    object_id,
    object_ids,
    rect_tool,
    structure_cube,
)
from scenegen.mcs.tools.kinds import tool_type
from scenegen.mcs.tools.layout import TURN_MARGIN, WALKWAY, turning_radius
from scenegen.plugin.values import Parameters

WALL_MATERIAL = "Custom/Materials/White"
#: The id prefix of the walls cutting a tool off.
WALL_PREFIX = "wall_"
WALL_HEIGHT = 0.25
WALL_THICKNESS = 0.1
PLACEMENT_MARGIN = 0.05
#: How far a walled-off tool lies past its wall at least: out of the performer's reach across the wall (its
#: radius and a little more) with room to spare, so that no walk of the floor, however fine, finds it in reach.
OUT_OF_REACH = PERFORMER_RADIUS + 0.25
#: How far to either side of its ball a scattered tool may lie.
SCATTER_HALF_WIDTH = 2.0
#: The evaluation's too-big tools are all 33 m long, lying 49 and 55 degrees off z (``docs/mcs_facts.md`` 6.3).
BIG_TOOL_LENGTH = 33
BIG_TOOL_ANGLES = np.arange(45.0, 61.0)
#: Every angle a too-big tool may take when the room is too small for the evaluation's.
ANY_BIG_TOOL_ANGLE = np.arange(1.0, 90.0)
#: Angles off z of a diagonal wall (the evaluation's: 36 degrees, ``docs/mcs_facts.md`` 6.3, 6.4), and how many
#: to try before a parallel wall.
DIAGONAL_ANGLES = (20.0, 45.0)
DIAGONAL_TRIES = 16
#: Half the diagonal of a soccer ball's square footprint.
BALL_REACH = object_size("soccer_ball")[0] * TARGET_BALL_SCALE / math.sqrt(2)


@dataclass(frozen=True)
class Setting:
    """What a builder needs: the other side's pool, the room, the useful tool's size, material and pose."""

    pool: Pool
    room: Vec3
    width: float
    length: int
    material: str
    useful: ToolPose
    drawn: Mapping[str, Any]
    parameters: Parameters
    short_aligned: bool = False  # a too-short tool always in its pushing line (tool.too_short_aligned)
    walls_at_one_distance: bool = False  # both parallel walls at one drawn distance (tool.same_wall_distance)

    @property
    def sign(self) -> int:
        return 1 if self.pool.ball_x > 0 else -1


@dataclass(frozen=True)
class OtherSide:
    tools: list[SceneObject] = field(default_factory=list)
    walls: list[SceneObject] = field(default_factory=list)
    #: The placement of a single whole tool of rect type (too short, or obstructed), else None.
    placement: str | None = None
    #: The wall's form for an obstructed tool, else None.
    obstruction: str | None = None


Builder = Callable[[Setting, np.random.Generator], OtherSide]


def no_tool(setting: Setting, rng: np.random.Generator) -> OtherSide:
    return OtherSide()


def too_short(setting: Setting, rng: np.random.Generator) -> OtherSide:
    """A tool shorter than the lava it must span, placed as the useful tool is (its own draw of the placement,
    gap, offset and shift), so that nothing but its length tells it apart."""
    values = setting.parameters.values
    own = {path: values[path].sample(rng) for path in ("tool.placement", "tool.gap", "tool.offset", "tool.shift",
                                                       "tool.shift_direction", "tool.turn")}
    placement = "aligned" if setting.short_aligned else own["tool.placement"]
    short = setting.drawn["tool.too_short_length"]
    pose = tool_pose(placement, setting.pool, setting.room, setting.width, short, own, rng)
    tool = rect_tool(object_id(rng, "tool_"), setting.width, short, pose.x, pose.z, pose.rotation, setting.material)
    return OtherSide(tools=[tool], placement=placement)


def broken(setting: Setting, rng: np.random.Generator) -> OtherSide:
    """A tool in 1 m pieces, scattered at random rotations where the whole tool would lie."""
    # Centres keep a piece's circumradius (grown by the margin) inside the floor in front of the pool, clear
    # of the platform and the walkways, so every rotation fits; scatter keeps the pieces apart.
    pool, room, width = setting.pool, setting.room, setting.width
    piece = shape(tool_type("rect", width, 1))
    reach = circumradius(piece, PLACEMENT_MARGIN)
    inner, outer = sorted((setting.sign * (PLATFORM_HALF_WIDTH + WALKWAY / 2 + reach),
                           setting.sign * (room[0] / 2 - WALKWAY / 2 - reach)))
    front = max(-room[2] / 2 + WALKWAY / 2 + reach, pool.near_edge - setting.length - 1.0)
    low = (max(inner, pool.ball_x - SCATTER_HALF_WIDTH), front)
    high = (min(outer, pool.ball_x + SCATTER_HALF_WIDTH), pool.near_edge - reach)
    pieces = scatter(setting.drawn["tool.broken_pieces"], piece, low, high, rng,
                     margin=PLACEMENT_MARGIN, name="broken tool piece")
    keys = object_ids(rng, len(pieces.angle))
    tools = [rect_tool(f"tool_{key}", width, 1, round(x, 2), round(z, 2), float(round(angle) % 360), setting.material)
             for key, (x, z), angle in zip(keys, pieces.centre.tolist(), pieces.angle.tolist(), strict=True)]
    return OtherSide(tools=tools)


def too_big(setting: Setting, rng: np.random.Generator) -> OtherSide:
    """A ``tool_big_W_x_33_00`` lying across the lava, its far end leaning toward the platform, as in the
    evaluation: a tool far too long for the performer to move into a pushing line."""
    pool, room = setting.pool, setting.room
    big_type = tool_type("big", setting.width, BIG_TOOL_LENGTH)
    angle = _big_tool_angle(room, setting.width, rng)
    rotation = (-setting.sign * angle) % 360.0
    direction = np.array([-setting.sign * math.sin(math.radians(angle)), math.cos(math.radians(angle))])
    across = _line_across_lava(pool, direction, room, setting.width, angle, setting.sign, rng)
    if across is not None:
        # Every point of the segment keeps the tool inside its side's floor and clear of the ball.
        start, end = across
        x, z = start + rng.random() * (end - start)
    else:  # no line across the lava fits: anywhere on the side's floor, clear of the ball
        low, high = _fit_box(room, setting.width, angle, setting.sign)
        balls = footprint("soccer_ball", (pool.ball_x, 0.0, pool.ball_z), 0.0, TARGET_BALL_SCALE)
        x, z = place_one("too-big tool", shape(big_type), InRect(low, high, rotation=rotation), (), balls, rng,
                         margin=PLACEMENT_MARGIN).centre
    tool = SceneObject(id=object_id(rng, "tool_"), type=big_type, materials=[setting.material],
                       shows=[_show(round(float(x), 2), round(float(z), 2), rotation)])
    return OtherSide(tools=[tool])


def big_tool_fits(room: Vec3, width: float, angle: np.ndarray) -> np.ndarray:
    """Which ``angle``s (degrees off z) let a big tool fit one side's floor, clear of the platform."""
    radians = np.radians(angle)
    extent_x = BIG_TOOL_LENGTH * np.sin(radians) + width * np.cos(radians)
    extent_z = BIG_TOOL_LENGTH * np.cos(radians) + width * np.sin(radians)
    grown = 4 * PLACEMENT_MARGIN
    return (extent_x + grown < room[0] / 2 - PLATFORM_HALF_WIDTH) & (extent_z + grown < room[2])


def _big_tool_angle(room: Vec3, width: float, rng: np.random.Generator) -> float:
    fitting = BIG_TOOL_ANGLES[big_tool_fits(room, width, BIG_TOOL_ANGLES)]
    if not len(fitting):
        fitting = ANY_BIG_TOOL_ANGLE[big_tool_fits(room, width, ANY_BIG_TOOL_ANGLE)]
    return float(fitting[int(rng.integers(len(fitting)))])


def _line_across_lava(pool: Pool, direction: np.ndarray, room: Vec3, width: float, angle: float, sign: int,
                      rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray] | None:
    """Where a big tool's centre may lie: a segment of a line through a lava cell (one drawn among those that
    fit) along which the tool passes the ball and fits its side's floor whole; None when no line fits."""
    cells = np.array(pool.cells(), dtype=float)
    ball = np.array([pool.ball_x, pool.ball_z], dtype=float)
    # Every point of the line keeps the tool's edge clear of the ball's footprint.
    clear = width / 2 + BALL_REACH + 2 * PLACEMENT_MARGIN
    apart = np.abs((ball - cells) @ np.array([direction[1], -direction[0]])) > clear
    low, high = (np.array(corner) for corner in _fit_box(room, width, angle, sign))
    # Clip every line to the box low..high at once (slab method); a zero component never limits it.
    with np.errstate(divide="ignore", invalid="ignore"):
        first, last = (low - cells) / direction, (high - cells) / direction
    enter = np.nan_to_num(np.minimum(first, last), nan=-np.inf).max(axis=1)
    leave = np.nan_to_num(np.maximum(first, last), nan=np.inf).min(axis=1)
    fitting = np.flatnonzero(apart & (enter <= leave))
    if not len(fitting):
        return None
    k = fitting[int(rng.integers(len(fitting)))]
    return cells[k] + enter[k] * direction, cells[k] + leave[k] * direction


def _fit_box(room: Vec3, width: float, angle: float,
             sign: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """Corners of the box of centres where a big tool at ``angle`` fits its side's floor whole."""
    radians = math.radians(angle)
    reach_x = (BIG_TOOL_LENGTH * math.sin(radians) + width * math.cos(radians)) / 2 + 2 * PLACEMENT_MARGIN
    reach_z = (BIG_TOOL_LENGTH * math.cos(radians) + width * math.sin(radians)) / 2 + 2 * PLACEMENT_MARGIN
    low_x, high_x = sorted((sign * (PLATFORM_HALF_WIDTH + reach_x), sign * (room[0] / 2 - reach_x)))
    return (low_x, -room[2] / 2 + reach_z), (high_x, room[2] / 2 - reach_z)


def obstructed(setting: Setting, rng: np.random.Generator) -> OtherSide:
    """The useful tool's twin cut off from the performer by low walls, as the evaluation builds it: beyond the far
    one of two walls along the room's whole depth, in the useful tool's pose (moved as far from its ball, away from
    the platform), or in its mirrored pose beyond a diagonal wall from the front wall beside the platform to the
    back wall; where the drawn form does not fit, in its mirrored pose beyond a wall beside the platform."""
    drawn_form = setting.drawn["tool.obstruction"]
    beyond = _beyond_parallel_walls(setting, rng) if drawn_form == "parallel" else None
    if beyond is not None:
        return beyond
    pose = setting.useful.mirrored()
    tool = rect_tool(object_id(rng, "tool_"), setting.width, setting.length, pose.x, pose.z, pose.rotation,
                     setting.material)
    # Work in |x|: the walls are laid out on the right and mirrored to the left.
    corners = _corners(tool.type, pose) * (setting.sign, 1)
    wall = _diagonal_wall(setting, corners, rng) if drawn_form == "diagonal" else None
    if wall is not None:
        return OtherSide(tools=[tool], walls=[wall], placement=setting.drawn["tool.placement"],
                         obstruction="diagonal")
    # Where the floor is too narrow for the drawn form: a wall between the platform and the twin (and one past the
    # useful side's tool and pool). The nearer wall then tells the cut-off side: the templates leave room enough
    # that this never happens (tests/test_cues.py counts it).
    outer = _outer_wall(setting, rng)
    walls = [_parallel_wall(setting, corners, rng), *([outer] if outer else [])]
    return OtherSide(tools=[tool], walls=walls, placement=setting.drawn["tool.placement"], obstruction="inner_wall")


def _outer_wall(setting: Setting, rng: np.random.Generator) -> SceneObject | None:
    """A wall along the room's whole depth on the useful side, beyond the useful tool (the disc it turns in, where
    it lies and in its ball's line, or an aligned tool with its largest sideways offset) and the pool; None where
    the floor leaves no room."""
    pool, useful, half_width = setting.pool, setting.useful, setting.room[0] / 2
    moved = setting.drawn["tool.placement"] != "aligned"
    reach = turning_radius(setting.width, setting.length) + TURN_MARGIN if moved else setting.width
    extents = [abs(useful.x) + reach, abs(pool.ball_x) + pool.lava.side_edge]
    if moved and useful.rotation % 180:  # room to turn it once slid into line, if it cannot turn where it lies
        extents.append(abs(pool.ball_x) + reach)
    beyond = max(extents)
    nearest = beyond + 2 * PLACEMENT_MARGIN + WALL_THICKNESS / 2
    farthest = half_width - WALKWAY / 2 - WALL_THICKNESS / 2
    if nearest > farthest:
        return None
    # Rounding to centimetres stays within the margins on either side.
    x = round(float(rng.uniform(nearest, farthest)), 2)
    return structure_cube(object_id(rng, WALL_PREFIX), (-setting.sign * x, WALL_HEIGHT / 2, 0.0),
                          (WALL_THICKNESS, WALL_HEIGHT, setting.room[2]), WALL_MATERIAL)


def _parallel_wall(setting: Setting, corners: np.ndarray, rng: np.random.Generator) -> SceneObject:
    """A wall along the room's whole depth between the platform and both the tool and the pool."""
    pool, depth = setting.pool, setting.room[2]
    pool_inner = abs(pool.ball_x) - pool.lava.side_edge
    nearest = PLATFORM_HALF_WIDTH + WALKWAY / 2 + WALL_THICKNESS / 2
    farthest = min(pool_inner - 2 * PLACEMENT_MARGIN, float(corners[:, 0].min()) - OUT_OF_REACH) - WALL_THICKNESS / 2
    x = round(float(rng.uniform(nearest, max(nearest, farthest))), 2)
    return structure_cube(object_id(rng, WALL_PREFIX), (setting.sign * x, WALL_HEIGHT / 2, 0.0),
                          (WALL_THICKNESS, WALL_HEIGHT, depth), WALL_MATERIAL)


def _corners(tool_type: str, pose: ToolPose) -> np.ndarray:
    return footprint(tool_type, (pose.x, TOOL_HEIGHT / 2, pose.z), pose.rotation).corners().reshape(-1, 2)


def _beyond_parallel_walls(setting: Setting, rng: np.random.Generator) -> OtherSide | None:
    """Two walls along the room's whole depth, one each side beyond its pool, the useful tool inside its wall and
    the twin beyond the other, in the useful tool's pose carried to the other ball; None where no wall fits."""
    useful, pool = setting.useful, setting.pool
    pose = ToolPose(round(useful.x + 2 * pool.ball_x, 2), useful.z, useful.rotation)
    tool = rect_tool(object_id(rng, "tool_"), setting.width, setting.length, pose.x, pose.z, pose.rotation,
                     setting.material)
    nearest = parallel_wall_nearest(setting.useful, pool, setting.width, setting.length)
    twin_x = np.abs(_corners(tool.type, pose)[:, 0])
    if twin_x.max() + PLACEMENT_MARGIN > setting.room[0] / 2:
        return None
    twin_inner = float(twin_x.min())
    farthest = min(twin_inner - OUT_OF_REACH, setting.room[0] / 2 - WALKWAY / 2) - WALL_THICKNESS / 2
    # Whole centimetres inside the range, so that rounding keeps every margin.
    nearest, farthest = math.ceil(nearest * 100) / 100, math.floor(farthest * 100) / 100
    if nearest > farthest:
        return None
    values = setting.parameters.values["tool.wall_distance"]
    first = float(setting.drawn["tool.wall_distance"])
    # Both sides draw from one range: the nearer wall says nothing of which side is cut off.
    distances = (first, first) if setting.walls_at_one_distance else (first, float(values.sample(rng)))
    walls = [structure_cube(object_id(rng, WALL_PREFIX),
                            (side * round(min(max(distance, nearest), farthest), 2), WALL_HEIGHT / 2, 0.0),
                            (WALL_THICKNESS, WALL_HEIGHT, setting.room[2]), WALL_MATERIAL)
             for side, distance in zip((-setting.sign, setting.sign), distances, strict=True)]
    return OtherSide(tools=[tool], walls=walls, placement=setting.drawn["tool.placement"], obstruction="parallel")


def parallel_wall_nearest(useful: ToolPose, pool: Pool, width: float, length: int) -> float:
    """The least |x| of a parallel wall's centre beyond the useful side's pool and tool: the disc a moved tool
    turns in where it lies, and in its ball's line if it lies turned."""
    reach = turning_radius(width, length) + TURN_MARGIN
    extents = [abs(useful.x) + reach, abs(pool.ball_x) + pool.lava.side_edge]
    if useful.rotation % 180:
        extents.append(abs(pool.ball_x) + reach)
    return max(extents) + 2 * PLACEMENT_MARGIN + WALL_THICKNESS / 2


def parallel_shift(pool: Pool, room: Vec3, width: float, length: int, rotation: float, shift: float,
                   wall: float) -> float:
    """``shift`` brought within the whole metres a useful tool (turned ``rotation``) may move toward the platform
    for its twin, moved as far away from the other ball, to lie inside the room beyond a parallel wall past both
    pools: at least as far as clears a wall at ``wall`` (|x|) where the room allows, else one as near as fits."""
    ball = abs(pool.ball_x)
    radians = math.radians(rotation)
    reach_x = (width * abs(math.cos(radians)) + length * abs(math.sin(radians))) / 2
    most = math.floor(room[0] / 2 - PLACEMENT_MARGIN - reach_x - ball)
    # The useful tool itself lies nearer the platform than its pool's far side: only its ball's line counts.
    nearest = parallel_wall_nearest(ToolPose(0.0, 0.0, rotation), pool, width, length)
    least = [math.ceil(at + WALL_THICKNESS / 2 + OUT_OF_REACH + reach_x - ball) for at in (max(nearest, wall), nearest)]
    return float(max(min(least[0], most), least[1], min(shift, most)))


def _diagonal_wall(setting: Setting, corners: np.ndarray, rng: np.random.Generator) -> SceneObject | None:
    """A wall from the front wall beside the platform to the back wall, leaning away from the platform, with
    the tool wholly beyond it; None when no tried angle has room for one."""
    half_width, depth = setting.room[0] / 2, setting.room[2]
    # Whole degrees, as the evaluation's walls and every rotation of its scenes are written.
    degrees = np.round(rng.uniform(*DIAGONAL_ANGLES, DIAGONAL_TRIES))
    radians = np.radians(degrees)
    tan, cos, sin = np.tan(radians), np.cos(radians), np.sin(radians)
    # Its corners end on the front and back walls: the centre line is cut short by the thickness.
    length = np.floor((depth - WALL_THICKNESS * sin) / cos * 1e4) / 1e4
    reach_x = length / 2 * sin + WALL_THICKNESS / 2 * cos
    lowest = PLATFORM_HALF_WIDTH + WALKWAY / 2 + reach_x
    highest = half_width - PLACEMENT_MARGIN - reach_x
    # The line's x at depth z is centre + z tan: every tool corner lies beyond it by half the wall and out of reach.
    beyond = (WALL_THICKNESS / 2 + OUT_OF_REACH) / cos
    highest = np.minimum(highest, (corners[:, :1].T - corners[:, 1:].T * tan[:, None]).min(axis=1) - beyond)
    ball_x, ball_z = abs(setting.pool.ball_x), setting.pool.ball_z
    for k in np.flatnonzero(highest >= lowest).tolist():
        centre = math.floor(float(rng.uniform(lowest[k], highest[k])) * 1e4) / 1e4
        if abs(ball_x - centre - ball_z * tan[k]) * cos[k] > WALL_THICKNESS / 2 + BALL_REACH + PLACEMENT_MARGIN:
            return structure_cube(object_id(rng, WALL_PREFIX), (setting.sign * centre, WALL_HEIGHT / 2, 0.0),
                                  (WALL_THICKNESS, WALL_HEIGHT, float(length[k])), WALL_MATERIAL,
                                  rotation_y=float((setting.sign * degrees[k]) % 360))
    return None


def _show(x: float, z: float, rotation: float) -> Show:
    return Show((x, TOOL_HEIGHT / 2, z), rotation=(0.0, rotation, 0.0))


OTHER_SIDE_BUILDERS: dict[str, Builder] = {
    "none": no_tool,
    "too_short": too_short,
    "broken": broken,
    "too_big": too_big,
    "obstructed": obstructed,
}
