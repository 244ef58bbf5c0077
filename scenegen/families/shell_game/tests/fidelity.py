"""Shell Game's eval7 template against the development half of the evaluation's Shell Game scenes, feature by
feature (:mod:`tests.kit.fidelity`).

    python -m scenegen.families.shell_game.tests.fidelity [N]

prints the side-by-side table of N generated scenes (10,000 by default) kept in ``docs/fidelity/shell_game.md``.

The development half holds six Shell Game scenes (four in ``eval7/``, two one level up). A share measured on
six scenes has a standard error of up to 0.2, so the design factors the evaluation crosses (containers, order,
drags, where the drag goes) are held within 0.4 (two standard errors); what every real scene shares (the
ball's container at x 0 and listed first, the first drag taking it, the placers' states, sizes, materials,
timings, the frame) is held exactly (tolerance 0); the steps of a drag within 1.5 steps of the real ones (the
median of seven real drags moves by about a step with one scene more or less). The length of the action list
must fall inside the real range widened by 20 steps: six scenes rarely draw the longest drags (the published
twelve reach 188 steps, ``docs/mcs_facts.md`` 4.4, the six here 176).
"""

from __future__ import annotations

import sys

from tests.kit import fidelity
from tests.kit.fidelity import Feature, Scene, the_scene
from tests.kit.tracking_replay import containers, moved, released, start, the_ball

TASK = "interactive_shell_game"
TEMPLATE = "eval7_shell_game"
#: Two standard errors of a share over the six real scenes.
FACTOR = 0.4



def _x(point: complex) -> float:
    return round(point.real, 4) + 0.0


def _ball_container(scene: Scene) -> Scene:
    """The container under the ball where its placer lets it go (at rest in the row: the one at the ball's x)."""
    step = released(scene)
    ball = moved(the_ball(scene), step)
    return min(containers(scene), key=lambda item: abs(moved(item, step) - ball))


def _drags(scene: Scene) -> list[Scene]:
    """The dragged containers, in the order they are dragged."""
    return sorted((item for item in containers(scene) if item.get("moves")),
                  key=lambda item: item["moves"][0]["stepBegin"])


def _placers(scene: Scene, changes: int) -> list[Scene]:
    """Placers that change colour ``changes`` times: 1 lowers a ball or a lid, 2 drags a container."""
    return [item for item in scene["objects"] if item["id"].startswith("placer_")
            and len(item.get("changeMaterials", ())) == changes]


def container_count(sample: dict[str, Scene]) -> int:
    return len(containers(the_scene(sample)))


def order(sample: dict[str, Scene]) -> str:
    return "drop_first" if the_ball(the_scene(sample))["moves"][0]["stepBegin"] == 0 else "move_first"


def dragged(sample: dict[str, Scene]) -> int:
    return len(_drags(the_scene(sample)))


def ball_container_x(sample: dict[str, Scene]) -> float:
    return _x(start(_ball_container(the_scene(sample))))


def ball_container_listed_first(sample: dict[str, Scene]) -> bool:
    scene = the_scene(sample)
    return containers(scene)[0]["id"] == _ball_container(scene)["id"]


def others_x(sample: dict[str, Scene]) -> str:
    """The other containers' start x, in the order the scene lists them."""
    scene = the_scene(sample)
    ball = _ball_container(scene)["id"]
    return ", ".join(f"{_x(start(item)):g}" for item in containers(scene) if item["id"] != ball)


def first_drag_takes_the_ball_container(sample: dict[str, Scene]) -> bool:
    scene = the_scene(sample)
    return _drags(scene)[0]["id"] == _ball_container(scene)["id"]


def first_drag_end_x(sample: dict[str, Scene]) -> float:
    return _x(moved(_drags(the_scene(sample))[0]))


def second_drag(sample: dict[str, Scene]) -> str | None:
    drags = _drags(the_scene(sample))
    return f"{_x(start(drags[1])):g} to {_x(moved(drags[1])):g}" if len(drags) == 2 else None


def toward_steps(sample: dict[str, Scene]) -> float:
    """Steps toward the performer of the first drag (its first leg)."""
    leg = _drags(the_scene(sample))[0]["moves"][0]
    return leg["stepEnd"] - leg["stepBegin"] + 1


def drop_states_end_at_release(sample: dict[str, Scene]) -> bool:
    """Every ball or lid placer's states: active, and one inactive at the index before its colour change."""
    return all(item["states"] == [["active"]] * (item["changeMaterials"][0]["stepBegin"] - 1) + [["inactive"]]
               for item in _placers(the_scene(sample), 1))


def dragger_states(sample: dict[str, Scene]) -> str:
    """How many entries every dragger's states list after letting go (its second colour change)."""
    after = {len(item["states"]) - item["changeMaterials"][1]["stepBegin"] for item in _placers(the_scene(sample), 2)}
    return ", ".join(map(str, sorted(after)))


def lids_after_release(sample: dict[str, Scene]) -> str:
    """Steps from the ball's release to each lid's attachment."""
    scene = the_scene(sample)
    steps = {item["lidAttachment"]["stepBegin"] - released(scene) for item in scene["objects"] if item["type"] == "lid"}
    return ", ".join(map(str, sorted(steps)))


def materials(sample: dict[str, Scene]) -> str:
    """The containers' and lids' materials."""
    found = {m for item in the_scene(sample)["objects"] if item["type"] in ("separate_container", "lid")
             for m in item["materials"]}
    return ", ".join(sorted(found))


def container_scale(sample: dict[str, Scene]) -> str:
    return ", ".join(sorted({"(" + ", ".join(f"{value:g}" for value in item["shows"][0]["scale"].values()) + ")"
                             for item in containers(the_scene(sample))}))


def action_steps(sample: dict[str, Scene]) -> int:
    return len(the_scene(sample)["goal"]["action_list"])


def frame(sample: dict[str, Scene]) -> str:
    """Room, performer start and the goal's keys."""
    scene = the_scene(sample)
    position = scene["performerStart"]["position"]
    room = ", ".join(f"{value:g}" for value in scene["roomDimensions"].values())
    return (f"room ({room}), performer ({position['x']:g}, {position['z']:g}), goal "
            f"{', '.join(sorted(scene['goal']))}, last_step {scene['goal']['last_step']}")


FEATURES = (
    Feature("containers", container_count, FACTOR),
    Feature("order", order, FACTOR),
    Feature("containers dragged", dragged, FACTOR),
    Feature("ball's container: start x", ball_container_x, 0.0),
    Feature("ball's container listed first", ball_container_listed_first, 0.0),
    Feature("other containers' x, as listed", others_x, FACTOR),
    Feature("first drag takes the ball's container", first_drag_takes_the_ball_container, 0.0),
    Feature("first drag ends at x", first_drag_end_x, FACTOR),
    Feature("second drag", second_drag, 0.0),
    Feature("first drag: steps toward the performer", toward_steps, 1.5, numeric=True),
    Feature("ball and lid placers' states end at release", drop_states_end_at_release, 0.0),
    Feature("draggers' states after letting go", dragger_states, 0.0),
    Feature("lids attach, steps after the ball's release", lids_after_release, 0.0),
    Feature("container and lid materials", materials, 0.0),
    Feature("container scale", container_scale, 0.0),
    Feature("action list length", action_steps, 20, numeric=True, within_range=True),
    Feature("frame", frame, 0.0),
)


if __name__ == "__main__":
    fidelity.main(TASK, TEMPLATE, FEATURES, sys.argv[1:])
