"""Retrieval - Occluders' eval7 template against the development half of the evaluation's Occluders scenes, feature
by feature (:mod:`tests.kit.fidelity`).

    python -m scenegen.families.occluders.tests.fidelity [N]

prints the side-by-side table of N generated scenes (10,000 by default) kept in ``docs/fidelity/occluders.md``.

The development half holds twelve Occluders scenes. A share over twelve has a standard error of up to 0.14, so what
the evaluation draws (hidden or in view, the ball's place, the occluder's type, how many further pieces) is held
within 0.3 (two standard errors); the type of the first further piece (six scenes have one) within 0.4, of the
second (two scenes) within 0.6; what every real scene shares (the occluder's distance from the ball by type, its
facing along the line, the further pieces' places and turn, the toys, nothing else on a sight line, the frame)
exactly.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable

from scenegen.families.occluders.tests.replay import FURNITURE, hiders, touching
from tests.kit import fidelity
from tests.kit.fidelity import Feature, Scene, the_scene

TASK = "interactive_occluders"
TEMPLATE = "eval7_occluders"
#: Two standard errors of a share over the twelve real scenes, the six with a further piece, the two with two.
FACTOR, FIRST_FACTOR, SECOND_FACTOR = 0.3, 0.4, 0.6


def _xz(item: Scene) -> tuple[float, float]:
    position = item["shows"][0]["position"]
    return float(position["x"]), float(position["z"])


def _furniture(scene: Scene) -> list[Scene]:
    """The occluder on the line (listed first), then the further pieces."""
    return [item for item in scene["objects"] if item["type"] in FURNITURE]


def _ball(scene: Scene) -> Scene:
    return scene["objects"][0]


def _start(scene: Scene) -> tuple[float, float]:
    position = scene["performerStart"]["position"]
    return float(position["x"]), float(position["z"])


def hidden(sample: dict[str, Scene]) -> bool:
    """Whether furniture hides the ball from the start (the replay's model)."""
    return bool(hiders(the_scene(sample)))


def ball_place(sample: dict[str, Scene]) -> str:
    x, z = _xz(_ball(the_scene(sample)))
    return f"({x:g}, {z:g})"


def occluder_type(sample: dict[str, Scene]) -> str:
    return str(_furniture(the_scene(sample))[0]["type"])


def occluder_distance(sample: dict[str, Scene]) -> str:
    """How far the occluder's centre is from the ball's, by its type (metres, two decimals)."""
    scene = the_scene(sample)
    occluder = _furniture(scene)[0]
    return f"{occluder['type']}: {math.dist(_xz(occluder), _xz(_ball(scene))):.2f}"


def occluder_on_the_line(sample: dict[str, Scene]) -> bool:
    """The occluder's centre lies on the line from the start through the ball, and it faces along that line."""
    scene = the_scene(sample)
    occluder, start, ball = _furniture(scene)[0], _start(scene), _xz(_ball(scene))
    heading = math.degrees(math.atan2(ball[0] - start[0], ball[1] - start[1]))
    across = abs((ball[0] - start[0]) * (_xz(occluder)[1] - start[1]) - (ball[1] - start[1]) * (_xz(occluder)[0] -
                                                                                                 start[0]))
    turn = (occluder["shows"][0]["rotation"]["y"] - heading) % 360
    return across / math.dist(start, ball) < 0.01 and min(turn, 360 - turn) < 0.01


def further_count(sample: dict[str, Scene]) -> int:
    return len(_furniture(the_scene(sample))) - 1


def further_type(rank: int) -> Callable[[dict[str, Scene]], str | None]:
    """The type of the further piece ``rank`` (0: the first), where there is one."""
    def measure(sample: dict[str, Scene]) -> str | None:
        pieces = _furniture(the_scene(sample))[1:]
        return str(pieces[rank]["type"]) if len(pieces) > rank else None
    return measure


def further_places(sample: dict[str, Scene]) -> str | None:
    """Where the further pieces stand and how they are turned, from the performer's facing."""
    scene = the_scene(sample)
    facing = scene["performerStart"]["rotation"]["y"]
    pieces = _furniture(scene)[1:]
    return " ".join(f"({x:g}, {z:g}) turned {(piece['shows'][0]['rotation']['y'] - facing) % 360:g}"
                    for piece in pieces for x, z in [_xz(piece)]) or None


def toys(sample: dict[str, Scene]) -> str:
    """The toys in order, each with its scale and material."""
    return "; ".join(f"{item['type']} x{item['shows'][0]['scale']['y']:g} {','.join(item['materials'])}"
                     for item in the_scene(sample)["objects"][1:] if item["type"] not in FURNITURE)


def nothing_else_on_sight_lines(sample: dict[str, Scene]) -> bool:
    """Whether nothing but the hiding occluder (if any) touches a sight line from the start to the ball, grown
    5 cm (the replay's model)."""
    scene = the_scene(sample)
    return touching(scene) == hiders(scene)


def frame(sample: dict[str, Scene]) -> str:
    """Room, materials, performer, the ball's pose, the goal's keys and last step."""
    scene = the_scene(sample)
    room = ", ".join(f"{value:g}" for value in scene["roomDimensions"].values())
    x, z = _start(scene)
    ball = _ball(scene)["shows"][0]
    return (f"room ({room}) {scene['wallMaterial']} {scene['floorMaterial']} {scene['ceilingMaterial']}, performer "
            f"({x:g}, {z:g}) facing {scene['performerStart']['rotation']['y']:g}, ball y {ball['position']['y']:g} "
            f"turned {ball['rotation']['y']:g}, goal {', '.join(sorted(scene['goal']))}, last_step "
            f"{scene['goal']['last_step']}")


FEATURES = (
    Feature("ball hidden from the start", hidden, FACTOR),
    Feature("ball's place", ball_place, FACTOR),
    Feature("occluder's type", occluder_type, FACTOR),
    Feature("occluder's distance from the ball", occluder_distance, FACTOR),
    Feature("occluder on the line, facing along it", occluder_on_the_line, 0.0),
    Feature("further furniture", further_count, FACTOR),
    Feature("first further piece", further_type(0), FIRST_FACTOR),
    Feature("second further piece", further_type(1), SECOND_FACTOR),
    Feature("further furniture's places and turn", further_places, FACTOR),
    Feature("toys", toys, 0.0),
    Feature("nothing but the hiding occluder on a sight line", nothing_else_on_sight_lines, 0.0),
    Feature("frame", frame, 0.0),
)


if __name__ == "__main__":
    fidelity.main(TASK, TEMPLATE, FEATURES, sys.argv[1:])
