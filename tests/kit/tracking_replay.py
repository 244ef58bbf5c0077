"""An independent replay of container-tracking scenes, from the JSON alone, for the tests.

Nothing here imports scenegen's families: positions come from ``shows``,
``moves`` (inclusive step ranges) and the turntable's ``rotates``; the
performer's pose from ``performerStart`` and ``goal.action_list``. Points on the
floor are complex numbers ``x + z*1j``: an MCS rotation of ``t`` degrees about y
turns +z toward +x (clockwise seen from above), which is multiplication by
``exp(-1j * radians(t))``.

Also the hypothesis strategy for value-grammar parameters shared by the
Shell Game and Set Rotation tests.
"""

from __future__ import annotations

import cmath
import json
import math
from dataclasses import dataclass

from hypothesis import strategies as st
from shapely.geometry import Point, Polygon, box

MOVE = 0.1
TURN = 10.0
BALL_RADIUS = 0.11


def value(values, ranges=True):
    """A parameter in any shape of the value grammar, drawing from ``values`` (ranges only where allowed)."""
    ordered = sorted(set(values), key=repr)
    listed = st.lists(st.sampled_from(ordered), min_size=1, max_size=3, unique=True)
    shapes = [st.sampled_from(ordered), listed,
              listed.flatmap(lambda c: st.fixed_dictionaries({"choices": st.just(c), "weights": st.lists(
                  st.integers(1, 5), min_size=len(c), max_size=len(c))}))]
    numbers = [v for v in ordered if isinstance(v, (int, float)) and not isinstance(v, bool)]
    if ranges and len(numbers) == len(ordered) > 1:
        shapes.append(st.tuples(st.sampled_from(numbers), st.sampled_from(numbers)).map(
            lambda b: {"min": min(b), "max": max(b)}))
    return st.one_of(shapes)


def turn(point: complex, degrees: float, about: complex = 0j) -> complex:
    return about + (point - about) * cmath.exp(-1j * math.radians(degrees))


def start(item) -> complex:
    position = item["shows"][0]["position"]
    return complex(position["x"], position["z"])


def moved(item, step: int | None = None) -> complex:
    """Position after the moves of every step up to ``step`` (None: all)."""
    point = start(item)
    for move in item.get("moves", []):
        last = move["stepEnd"] if step is None else min(step, move["stepEnd"])
        steps = max(0, last - move["stepBegin"] + 1)
        point += steps * complex(move["vector"]["x"], move["vector"]["z"])
    return point


@dataclass
class Table:
    centre: complex
    radius: float
    top: float
    rotates: list

    def angle(self, step: int | None = None) -> float:
        total = 0.0
        for rotation in self.rotates:
            last = rotation["stepEnd"] if step is None else min(step, rotation["stepEnd"])
            total += max(0, last - rotation["stepBegin"] + 1) * rotation["vector"]["y"]
        return total


def table(scene) -> Table | None:
    for item in scene["objects"]:
        if item["type"] == "rotating_cog":
            show = item["shows"][0]
            return Table(start(item), show["scale"]["x"] / 2, show["position"]["y"] + show["scale"]["y"] / 100,
                         item.get("rotates", []))
    return None


def the_table(scene) -> Table:
    """The turntable of a scene that has one (Set Rotation's)."""
    turntable = table(scene)
    assert turntable is not None, "no turntable"
    return turntable


def on_table(item, turntable: Table | None) -> bool:
    return (turntable is not None and abs(item["shows"][0]["position"]["y"] - turntable.top) < 1e-6
            and abs(start(item) - turntable.centre) <= turntable.radius)


def where(scene, item, step: int | None = None) -> complex:
    """Where ``item`` is at ``step``: its moves, plus the turntable's turn if it rides it."""
    turntable = table(scene)
    point = moved(item, step)
    if turntable is not None and on_table(item, turntable):
        point = turn(point, turntable.angle(step), turntable.centre)
    return point


def square(centre: complex, side: float, degrees: float = 0.0) -> Polygon:
    corners = [centre + turn(complex(sx, sz) * side / 2, degrees) for sx, sz in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    return Polygon([(c.real, c.imag) for c in corners])


def containers(scene) -> list:
    return [item for item in scene["objects"] if item["type"] == "separate_container"]


def the_ball(scene):
    (ball,) = [item for item in scene["objects"] if item["type"] == "soccer_ball"]
    return ball


def released(scene) -> int:
    return the_ball(scene)["togglePhysics"][0]["stepBegin"]


def ball_container(scene):
    """The one container whose interior holds the ball's disc where the placer lets it go."""
    step = released(scene)
    ball = Point(moved(the_ball(scene), step).real, moved(the_ball(scene), step).imag).buffer(BALL_RADIUS)
    holders = [item for item in containers(scene)
               if square(where(scene, item, step), 0.9 * item["shows"][0]["scale"]["x"]).buffer(1e-9).contains(ball)]
    assert len(holders) == 1, f"the ball is over {len(holders)} containers"
    return holders[0]


@dataclass
class Pose:
    at: complex
    heading: float  # degrees; 0 faces +z

    def right(self) -> complex:
        return turn(1 + 0j, self.heading)

    def ahead(self) -> complex:
        return turn(1j, self.heading)

    def view(self, point: complex) -> tuple[float, float]:
        """(right, ahead) of ``point`` seen from this pose."""
        offset = point - self.at
        return ((offset * self.right().conjugate()).real, (offset * self.ahead().conjugate()).real)


def performer_poses(scene) -> list[Pose]:
    """The performer's pose at the start and after each forced action."""
    performer = scene["performerStart"]
    pose = Pose(complex(performer["position"]["x"], performer["position"]["z"]), performer["rotation"]["y"])
    poses = [pose]
    for (action,) in scene["goal"]["action_list"]:
        if action in ("RotateRight", "RotateLeft"):
            pose = Pose(pose.at, pose.heading + (TURN if action == "RotateRight" else -TURN))
        elif action in ("MoveLeft", "MoveRight", "MoveAhead", "MoveBack"):
            direction = {"MoveLeft": -pose.right(), "MoveRight": pose.right(),
                         "MoveAhead": pose.ahead(), "MoveBack": -pose.ahead()}[action]
            pose = Pose(pose.at + MOVE * direction, pose.heading)
        poses.append(pose)
    return poses


@dataclass
class Answer:
    container_id: str
    final: complex
    performer: Pose
    seen: tuple[float, float]


def answer(scene) -> Answer:
    """The ball's container, where it ends, where the performer ends, and where it sees the container."""
    holder = ball_container(scene)
    final = where(scene, holder)
    performer = performer_poses(scene)[-1]
    return Answer(holder["id"], final, performer, performer.view(final))


def motion_steps(item):
    """The steps an object moves on, but the last of each motion, which may share a step with the performer's
    first forced action (the evaluation's walks begin as the lid placers finish rising)."""
    for key in ("moves", "rotates"):
        for motion in item.get(key, []):
            yield from range(motion["stepBegin"], motion["stepEnd"])


def assert_timings(scene):
    """Lids attach after the ball is let go, and nothing moves on a step the performer acts or is free."""
    actions = scene["goal"]["action_list"]
    let_go = released(scene)
    lids = [item for item in scene["objects"] if item["type"] == "lid"]
    assert lids and all(lid["lidAttachment"]["stepBegin"] > let_go + 10 for lid in lids)  # the ball has settled
    for item in scene["objects"]:
        for step in motion_steps(item):
            assert step == 0 or (step <= len(actions) and actions[step - 1] == ["Pass"]), (item["id"], step)
        for key in ("moves", "rotates"):
            for motion in item.get(key, []):
                assert isinstance(motion["stepBegin"], int) and isinstance(motion["stepEnd"], int)


def assert_room_holds(scene, shapes):
    half_x, half_z = scene["roomDimensions"]["x"] / 2, scene["roomDimensions"]["z"] / 2
    room = box(-half_x, -half_z, half_x, half_z).buffer(1e-6)
    for key, shape in shapes.items():
        assert room.contains(shape), key


def assert_apart(shapes):
    keys = list(shapes)
    for i, a in enumerate(keys):
        for b in keys[i + 1:]:
            assert shapes[a].intersection(shapes[b]).area < 1e-9, (a, b)


def differing_objects(a, b) -> set[str]:
    """Ids of the objects whose JSON differs between two scenes with the same objects."""
    assert [item["id"] for item in a["objects"]] == [item["id"] for item in b["objects"]]
    return {x["id"] for x, y in zip(a["objects"], b["objects"], strict=True) if x != y}


def differing_keys(a, b) -> set[str]:
    """Top-level and goal keys that differ, besides the name and the objects."""
    keys = {key for key in a.keys() | b.keys() if key not in ("name", "objects", "goal") and a.get(key) != b.get(key)}
    keys |= {f"goal.{key}" for key in a["goal"].keys() | b["goal"].keys() if a["goal"].get(key) != b["goal"].get(key)}
    return keys


def without_ids(scene) -> dict:
    """The scene but its name, every object id replaced by the object's place in the list (a real file's ids are
    random), to compare a made scene with a real one whole."""
    text = json.dumps({key: value for key, value in scene.items() if key != "name"})
    for place, item in enumerate(scene["objects"]):
        text = text.replace(item["id"], f"object {place}")
    return json.loads(text)


def rule_hits(scenes, rules) -> dict[tuple[str, int], list[bool]]:
    """For each rule (a name and a function of a scene to a container id, or None where it does not apply) and
    each container count: whether the rule picked the ball's container, scene by scene."""
    hits: dict[tuple[str, int], list[bool]] = {}
    for scene in scenes:
        holder = ball_container(scene)["id"]
        count = len(containers(scene))
        for name, rule in rules.items():
            picked = rule(scene)
            if picked is not None:
                hits.setdefault((name, count), []).append(picked == holder)
    return hits


def beyond_chance(hits: dict[tuple[str, int], list[bool]], tolerance: float) -> list[str]:
    """The rules whose share of right picks among scenes of ``count`` containers is not within ``tolerance`` of
    chance (one in ``count``), said in words."""
    return [f"{name} with {count} containers: right in {sum(picked) / len(picked):.3f} of {len(picked)}, "
            f"chance {1 / count:.3f}"
            for (name, count), picked in sorted(hits.items()) if abs(sum(picked) / len(picked) - 1 / count) > tolerance]
