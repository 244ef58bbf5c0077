"""The Navigation - Ramps family (MCS eval 7): walk up or down ramps onto or off lipped platforms to the ball, or
the agent holding it; the label is a walkable path and the ramps it takes (:func:`scenegen.mcs.ramps.walk`)."""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from scenegen.errors import GenerationError
from scenegen.families.ramps.declaration import DECLARATION
from scenegen.families.ramps.layout import platforms, ramps
from scenegen.mcs.geometry.catalog import object_size, resting_y
from scenegen.mcs.model import AgentSettings, Scene, SceneObject, Show
from scenegen.mcs.objects import (
    HUMAN_AGENT_SIZE,
    TARGET_BALL_RADIUS,
    TARGET_BALL_SCALE,
    blob,
    held_ball,
    human_agent,
    kinematic_structure,
    soccer_ball,
)
from scenegen.mcs.ramps import FLOOR, STEP_OFF, Bounds, Point, Storeys, Walk, lips, ramp_turn, walk
from scenegen.mcs.task import McsTask, Refusal, feasibility

#: The one agent type and look the evaluation's ramp scenes use (docs/mcs_facts.md 19).
AGENT_TYPE = "agent_female_01"
AGENT_LOOK = AgentSettings(chest=3, skin=0, chest_material=6, eyes=1, feet=1, feet_material=9, hair=7,
                           hair_material=0, hat_material=7, is_elder=True, legs=1, legs_material=1)
BLOB_TYPE = "blob_15"
#: How far the ball, the agent and the performer keep from edges and from what stands near them.
KEEP = STEP_OFF
#: Directions tried for the blob round the ball (a random turn of these).
BLOB_BEARINGS = np.radians(np.arange(0, 360, 30))
#: The least room kept between a platform's top and the ceiling, for the performer and the agent (1.6 m tall):
#: an assumption, not a measured MCS figure (the evaluation keeps 2.9 m).
HEADROOM = 2.0
#: The surfaces a config names, by number (the floor's, then the platforms' in order).
SURFACE_NUMBERS = {"floor": FLOOR, "first": 0, "second": 1}
DESCRIPTION = "Find and pick up the small light black white rubber ball."


@dataclass(frozen=True)
class Layout:
    storeys: Storeys
    start: tuple[int, Point]
    goal: tuple[int, Point]
    blob: Point | None
    walk: Walk


class Ramps(McsTask):
    name = "ramps"
    description = "Navigation - Ramps: walk up or down ramps onto or off platforms to the ball (MCS eval 7)."
    makes = ("Navigation - Ramps",)
    about = ("MCS eval 7 Navigation - Ramps: lipped platforms (a second level on the first, two against opposite "
             "walls, or a bridge across the room) with triangular ramps; the soccer ball, or an agent holding it "
             "(`InteractWithAgent`), on the floor or a platform, a blob perhaps beside it; the performer starts on "
             "the floor or a platform")
    label_about = ("`target_id`, the `holder_id` and whether to `interact_with_agent`, the `start_surface` and "
                   "`goal_surface` (`floor` or a platform's id), a walkable `path` (x, y, z points, clear of edges, "
                   "lips and objects by the performer's radius) with its `path_length`, the `ramps` it takes in "
                   "order, each's `directions` (`up`, `down`), the `ramp_count` and the `straight_distance`")
    declaration = DECLARATION
    # Nothing is hidden from the performer: the task is the walk, and the label holds it. (Declared an answer, the
    # ramp count is read by the probe off the start's and the goal's heights: the task itself.)
    answers = ()
    lays_out = "a Navigation - Ramps room"
    checks = "scenegen.families.ramps.checks:ramps_problems"
    ids = 7
    attempts = 600  # a stacked room lays out about one draw in thirty with the defaults
    layout_blame = ("ramp", ("platforms and ramps that do not fit the room with a walk of straight legs from the "
                              "start to the goal are drawn again"))

    def lay_out(self, drawn: Mapping[str, Any], rng: np.random.Generator) -> Layout | None:
        storeys = self._storeys(drawn, rng)
        start_on, goal_on = SURFACE_NUMBERS[drawn["performer.surface"]], SURFACE_NUMBERS[drawn["target.surface"]]
        if storeys is None or max(start_on, goal_on) >= len(storeys.platforms):
            return None  # a platform missing, or a second surface asked of a bridge
        held = drawn["target.holder"] == "agent"
        goal = storeys.spot(goal_on, KEEP + held * HUMAN_AGENT_SIZE[0] / 2, rng)
        if goal is None:
            return None
        storeys = replace(storeys, things=((goal_on, _goal_box(drawn, goal)),))
        spot = None
        if drawn["blob.present"]:
            spot = _blob_spot(drawn, storeys, goal_on, goal, rng)
            if spot is None:
                return None
            storeys = replace(storeys, things=(*storeys.things, (goal_on, _blob_box(drawn, spot))))
        start = storeys.spot(start_on, KEEP, rng)
        route = None if start is None else walk(storeys, (start_on, start), (goal_on, goal), storeys.things[0][1])
        if start is None or route is None:
            return None
        return Layout(storeys, (start_on, start), (goal_on, goal), spot, route)

    def _storeys(self, drawn: Mapping[str, Any], rng: np.random.Generator) -> Storeys | None:
        """The room's platforms and ramps, None when they do not fit."""
        room = (float(drawn["room.width"]), float(drawn["room.depth"]))
        stands = platforms(drawn)
        placed = None if stands is None else ramps(drawn, stands, functools.partial(self._ramp_value, drawn, rng=rng),
                                                   room)
        return None if stands is None or placed is None else Storeys(room, stands, placed)

    def exhausted(self, index: int) -> Exception:
        return GenerationError(f"ramps: sample {index}: no draw of {self.attempts} fitted the platforms and ramps in "
                               "the room with a walk of straight legs from the start to the goal; give the ramps "
                               "more room (narrower or steeper ramps, wider platforms, a larger room)")

    def _ramp_value(self, drawn: Mapping[str, Any], ramp: int, path: str, rng: np.random.Generator) -> float:
        """Ramp ``ramp``'s value of ``path``: the first ramp's is the drawn one; each other ramp draws its own from
        the declared values, so that two ramps of a scene differ as the evaluation's do."""
        return float(drawn[path]) if ramp == 0 else round(float(self.parameters.values[path].at(rng.random())), 4)

    def build(self, drawn: Mapping[str, Any], layout: Layout, ids: list[str],
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]]:
        storeys = layout.storeys
        (goal_on, (gx, gz)), (start_on, (sx, sz)) = layout.goal, layout.start
        ball_key, agent_key, blob_key, *structure_keys = ids
        objects: list[SceneObject]
        if drawn["target.holder"] == "agent":
            agent = human_agent(agent_key, AGENT_TYPE, gx, gz, float(drawn["agent.rotation"]), AGENT_LOOK)
            # The kit's agent stands on the floor; this one stands on its surface.
            agent.shows = [Show((gx, storeys.height(goal_on), gz), rotation=(0.0, float(drawn["agent.rotation"]), 0.0))]
            ball = held_ball(ball_key, agent.id)
            objects = [ball, agent]
        else:
            ball = soccer_ball(ball_key, gx, gz, TARGET_BALL_SCALE, floor_y=storeys.height(goal_on))
            # Written to four decimals, as the real scenes write a ball's height (a platform's top plus 0.22).
            x, y, z = ball.shows[0].position
            ball.shows = [replace(ball.shows[0], position=(x, round(y, 4), z))]
            objects = [ball]
        if layout.blob is not None:
            scale = float(drawn["blob.scale"])
            y = round(resting_y(BLOB_TYPE, scale, storeys.height(goal_on)), 4)
            objects.append(blob(blob_key, BLOB_TYPE, layout.blob[0], y, layout.blob[1], float(drawn["blob.rotation"]),
                                scale, drawn["blob.material"]))
        structures = _structures(drawn, storeys, structure_keys)
        objects += structures
        scene = self.frame(drawn, (sx, storeys.height(start_on), sz), objects, ball.id,
                           facing=float(drawn["performer.facing"]), description=DESCRIPTION)
        platform_ids = [item.id for item in structures if item.type == "cube"]
        ramp_ids = [item.id for item in structures if item.type == "triangle"]
        named = {FLOOR: "floor", **dict(enumerate(platform_ids))}
        route = layout.walk
        return scene, {
            "target_id": ball.id, "holder_id": ball.associated_with_agent,
            "interact_with_agent": ball.associated_with_agent is not None,
            "blob_id": next((item.id for item in objects if item.id.startswith("blob_")), None),
            "start_surface": named[start_on], "goal_surface": named[goal_on],
            "path": [list(point) for point in route.points], "path_length": round(route.length, 4),
            "ramps": [ramp_ids[k] for k in route.ramps], "directions": ["up" if up else "down" for up in route.up],
            "ramp_count": len(route.ramps), "straight_distance": round(math.dist(route.points[0], route.points[-1]), 4),
        }

    @feasibility
    def _surfaces_exist(self) -> Iterator[Refusal]:
        """A bridge has no second platform: some layout drawn must have every surface asked for."""
        if set(self.parameters.support("layout.kind")) == {"bridge"}:
            for who in ("performer", "target"):
                if set(self.parameters.support(f"{who}.surface")) == {"second"}:
                    yield f"{who}.surface", "a bridge layout has no second platform"

    @feasibility
    def _second_fits_on_first(self) -> Iterator[Refusal]:
        """A stacked second level is narrower and shallower than the first (some draw of them)."""
        low, high = self.parameters.low, self.parameters.high
        if "stacked" in self.parameters.support("layout.kind") and (
                low("second.width") > high("first.width") or low("second.depth") >= high("first.depth")):
            yield "second.width", ("a stacked second level must be narrower and shallower than the first; "
                                   f"the smallest is {low('second.width')} x {low('second.depth')} m and the first "
                                   f"at most {high('first.width')} x {high('first.depth')} m")

    @feasibility
    def _headroom(self) -> Iterator[Refusal]:
        """The highest top leaves the performer :data:`HEADROOM` under the ceiling in the lowest room."""
        high, low = self.parameters.high, self.parameters.low
        stacked = "stacked" in self.parameters.support("layout.kind")
        top = high("first.height") + high("second.height") if stacked else \
            max(high("first.height"), high("second.height"))
        if top + HEADROOM > low("room.height"):
            yield "room.height", (f"a platform's top may stand {top:g} m up, leaving less than {HEADROOM:g} m under "
                                  f"a ceiling {low('room.height'):g} m high")

    @feasibility
    def _some_layout(self) -> Iterator[Refusal]:
        """Each layout drawn lays some scene out in a few hundred draws."""
        rng = np.random.default_rng(0)
        for kind in self.parameters.support("layout.kind"):
            draws = ({**self.draw(rng), "layout.kind": kind} for _ in range(self.attempts))
            if not any(self.lay_out(drawn, rng) is not None for drawn in itertools.islice(draws, self.attempts)):
                yield "layout.kind", (f"no draw of {self.attempts} lays a {kind} room out: the platforms, their "
                                      "ramps and the performer's walk do not fit the room")


def _goal_box(drawn: Mapping[str, Any], goal: Point) -> Bounds:
    half = HUMAN_AGENT_SIZE[0] / 2 if drawn["target.holder"] == "agent" else TARGET_BALL_RADIUS
    return (goal[0] - half, goal[0] + half, goal[1] - half, goal[1] + half)


def _blob_box(drawn: Mapping[str, Any], spot: Point) -> Bounds:
    size_x, _, size_z = object_size(BLOB_TYPE)
    half = np.array([size_x, size_z]) * float(drawn["blob.scale"]) / 2
    hx, hz = half[::-1] if drawn["blob.rotation"] % 180 else half
    return (spot[0] - hx, spot[0] + hx, spot[1] - hz, spot[1] + hz)


def _blob_spot(drawn: Mapping[str, Any], storeys: Storeys, surface: int, goal: Point,
               rng: np.random.Generator) -> Point | None:
    """A spot ``blob.distance`` from the goal on its surface where the blob stands clear of everything, with room
    for the performer round it."""
    angles = BLOB_BEARINGS + rng.uniform(0, 2 * np.pi)
    distance = float(drawn["blob.distance"])
    spots = np.round(np.column_stack([goal[0] + distance * np.cos(angles), goal[1] + distance * np.sin(angles)]), 4)
    for x, z in spots.tolist():
        x0, x1, z0, z1 = _blob_box(drawn, (x, z))
        corners = np.array([(x0, z0), (x0, z1), (x1, z0), (x1, z1), (x, z)])
        if storeys.free(corners, surface, KEEP).all():
            return (x, z)
    return None


def _structures(drawn: Mapping[str, Any], storeys: Storeys, keys: list[str]) -> list[SceneObject]:
    """Each platform (its lips gapped for its ramps), then its ramps, in its material."""
    made: list[SceneObject] = []
    keys_left = iter(keys)
    for index, platform in enumerate(storeys.platforms):
        material = drawn[("first", "second")[index] + ".material"]
        own = [ramp for ramp in storeys.ramps if ramp.platform == index]
        x0, x1, z0, z1 = platform.bounds
        height = round(platform.top - platform.base, 4)
        made.append(kinematic_structure(
            f"platform_{next(keys_left)}", "cube", _centre(platform.bounds, platform.base, height),
            (round(x1 - x0, 4), height, round(z1 - z0, 4)), material, lips=lips(platform, own, storeys.room)))
        made += [kinematic_structure(f"ramp_{next(keys_left)}", "triangle", _centre(ramp.bounds, ramp.base, height),
                                     (round(ramp.width, 4), height, round(ramp.length, 4)), material,
                                     rotation_y=ramp_turn(ramp)) for ramp in own]
    return made


def _centre(bounds: Bounds, base: float, height: float) -> tuple[float, float, float]:
    x0, x1, z0, z1 = bounds
    return round((x0 + x1) / 2, 4), round(base + height / 2, 4), round((z0 + z1) / 2, 4)

