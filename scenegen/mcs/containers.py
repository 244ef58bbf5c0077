"""Containers with lids of their own (chests, cases, toolboxes): which a ball fits in, where it rests inside, and
the scene objects of a container and of a ball hidden in one, as the evaluation's Retrieval - Containers scenes
write them.

The tracking kit's ``separate_container`` and ``lid`` (:mod:`scenegen.mcs.tracking.props`) are another thing: an
open box a placer lowers a lid onto. These open with OpenObject and hold the ball from step 0, written inside
through ``locationParent`` (its position then counts from the container's pivot).

A container's outer size is the catalogue's (``data/objects.json``, with its lid open where that is larger); what
only containers have is here: the room inside (the MCS generator's ``enclosed_area``: its size and how high its
floor is above the pivot, at scale 1), the mass at scale 1 and the scale the evaluation gives each type.
"""

from __future__ import annotations

from dataclasses import dataclass

from scenegen.mcs.materials import salient
from scenegen.mcs.model import SceneObject, Show
from scenegen.mcs.objects import SOCCER_BALL_SIZE

#: How much wider than the ball a container's inside must be, every way, for the ball to be hidden in it.
CLEARANCE = 0.01


@dataclass(frozen=True)
class Container:
    """What one container type holds inside, at scale 1."""

    type: str
    #: The inside's size (x, y, z).
    interior: tuple[float, float, float]
    #: How high the inside's floor is above the pivot (the container's bottom).
    floor: float
    #: Mass at scale 1 (the MCS rule: times the mean of the scale's axes).
    mass: float
    #: The scale the evaluation's scenes give the type.
    scale: float


#: Interiors of chest_7 and military cases 2 and 4: mcs-scene-generator's base_objects.py (their floors agree with
#: where the evaluation rests the ball in chest_7, 0.125 up). toolbox_8's floor is where the evaluation rests the
#: ball in it at scale 7 (0.138 up); its inside, and circular_container's and military_case_5's, are inferred as
#: about 0.8 of their outer size every way (no source at hand gives them). Masses are the evaluation's over their
#: scale.
CONTAINERS = {kind.type: kind for kind in (
    Container("toolbox_8", (0.11, 0.12, 0.1), 0.004, 15.0, 7.0),
    Container("circular_container", (0.2, 0.36, 0.3), 0.02, 5.0, 1.75),
    Container("military_case_5", (1.1, 0.9, 0.8), 0.05, 15.0, 0.6),
    Container("chest_7", (0.38, 0.34, 0.26), 0.015, 15.0, 1.0),
    Container("military_case_4", (0.76, 0.24, 0.48), 0.02, 15.0, 1.0),
    Container("military_case_2", (0.72, 0.26, 0.36), 0.03, 15.0, 0.9),
)}


def smallest_scale(kind: str, size: float = SOCCER_BALL_SIZE) -> float:
    """The least scale of a container type whose inside holds a ball ``size`` across with :data:`CLEARANCE`."""
    return (size + CLEARANCE) / min(CONTAINERS[kind].interior)


def fits(kind: str, scale: float, size: float = SOCCER_BALL_SIZE) -> bool:
    """Whether a ball ``size`` across fits inside a container of ``kind`` at ``scale``."""
    return scale >= smallest_scale(kind, size) - 1e-9


def rest_height(kind: str, scale: float, size: float = SOCCER_BALL_SIZE) -> float:
    """How high above a container's pivot the centre of a ball resting on its inside's floor lies."""
    return round(CONTAINERS[kind].floor * scale + size / 2, 4)


def container(key: str, kind: str, x: float, z: float, facing: float, scale: float, material: str) -> SceneObject:
    """A closed container on the floor at (x, z), turned ``facing`` degrees, that may hold the target."""
    return SceneObject(key, kind, [Show((x, 0.0, z), (0.0, facing, 0.0), (scale, scale, scale))],
                       materials=[material], mass=round(CONTAINERS[kind].mass * scale, 4),
                       salient_materials=list(salient(material)), receptacle=True, openable=True,
                       can_contain_target=True)


def ball_inside(key: str, holder: str, kind: str, scale: float) -> SceneObject:
    """A scale-1 soccer ball resting at the middle of the inside's floor of the container ``holder``."""
    return SceneObject(key, "soccer_ball", [Show((0.0, rest_height(kind, scale), 0.0))], materials=[], mass=1.0,
                       salient_materials=["rubber"], moveable=True, pickupable=True, location_parent=holder)
