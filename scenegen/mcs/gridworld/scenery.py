"""What every passive-agent grid world scene has around its actors (Helper/Hinderer, True/False Belief,
Approach and Imitation): the black wall cells and border, the pillar beside the grid, the watching
performer's actions, and the room, materials and view the scene is written with (``docs/mcs_facts.md`` 7).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scenegen.mcs.actions import END_HABITUATION, PASS
from scenegen.mcs.frame import passive_agents_goal
from scenegen.mcs.gridworld.cast import PILLAR_SCALE, ROOM, VIEWS, WALL_HEIGHT, WALL_MATERIAL, ZERO
from scenegen.mcs.gridworld.layout import CELL
from scenegen.mcs.gridworld.motion import Point
from scenegen.mcs.model import Goal, Materials, Scene, SceneObject, Show, Vec3
from scenegen.mcs.objects import structure_cube


def wall(key: str, x: float, z: float, scale: Vec3, height: float = WALL_HEIGHT) -> SceneObject:
    """A black wall block of ``scale`` standing on the floor at (``x``, ``z``)."""
    return SceneObject(id=key, type="cube", materials=[WALL_MATERIAL], kinematic=True, structure=True,
                       shows=[Show((x, height / 2, z), ZERO, scale, 0)])


def grid_walls(size: int, centres: Sequence[Point], wall_ids: Sequence[str]) -> list[SceneObject]:
    """The wall cells at ``centres``, then the border ring of a grid ``size`` cells a side (ids as in the
    evaluation scenes)."""
    cube = (CELL, WALL_HEIGHT, CELL)
    walls = [wall(key, x, z, cube) for key, (x, z) in zip(wall_ids, centres, strict=True)]
    inner = size * CELL
    edge = (inner + CELL) / 2
    across, along = (inner + 2 * CELL, WALL_HEIGHT, CELL), (CELL, WALL_HEIGHT, inner)
    return [*walls, wall("wall_grid_front", 0, edge, across), wall("wall_grid_back", 0, -edge, across),
            wall("wall_grid_left", -edge, 0, along), wall("wall_grid_right", edge, 0, along)]


def pillar(key: str, view: str, material: str) -> SceneObject:
    """The pillar beside the grid, on the side ``view`` puts it."""
    return structure_cube(key, (4.0, 1.5, VIEWS[view][2]), PILLAR_SCALE, material, lips=True)


def watching_goal(last_step: int, trial_ends: Iterable[int], trials: int) -> Goal:
    """The goal of a scene the performer watches: it passes throughout, and ends each of the ``trials``
    familiarisation trials (``trial_ends``: the step after each) with EndHabituation on its last step."""
    actions = [PASS] * last_step
    for end in trial_ends:
        actions[end - 1] = END_HABITUATION
    return passive_agents_goal(last_step, tuple(actions), trials)


def grid_scene(objects: list[SceneObject], goal: Goal, materials: Materials, view: str) -> Scene:
    """A passive-agent scene: the performer stands still at the room's centre and watches from ``view``."""
    isometric, front_right, _ = VIEWS[view]
    return Scene(room=ROOM, materials=materials, performer_position=ZERO, performer_rotation=ZERO,
                 objects=objects, goal=goal, version=3, isometric=isometric, isometric_front_right=front_right)
