"""Supports and the objects a placer lets go on them (the passive Gravity Support scenes, ``docs/mcs_facts.md`` 20).

A placer lowers a released object from above the room until its bottom touches the top of a support cube (its
descent is :data:`DESCENT` steps at the placers' speed), holds it still, lets go (the object gets physics, the
placer turns cyan) and rises. What happens next the simulator decides; the model here says when the outcome is
certain: a released object stays on the supports under it when its centre of mass lies over the span its
contacts with them cover, :data:`MARGIN` or more inside, and falls when it lies that far outside; in between is
not laid out. The implausible versions of the evaluation are two: a support nobody sees (``shrouds`` over the
whole scene) under an object that should fall, and a centre of mass moved off the support under one that should
stay (``centerOfMass``, set back once the object has dropped half the support's height).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from scenegen.mcs.model import MaterialChange, Motion, SceneObject, Show, StepRange, Vec3
from scenegen.mcs.timeline import RELEASE_WAIT, RISE_WAIT, SPEED, drop_states
from scenegen.mcs.tracking.props import CYAN, MAGENTA

#: The placer's descent with its load, in steps from step 1 (the evaluation's 1-20, 0.25 m a step).
DESCENT = 20
#: The step the load gets physics and the placer turns cyan, and the steps the placer rises over.
RELEASE = DESCENT + RELEASE_WAIT
RISE = (RELEASE + RISE_WAIT, RELEASE + RISE_WAIT + DESCENT - 1)
#: How far a centre of mass keeps from the edge of what supports it for the outcome to count as certain.
MARGIN = 0.05
#: The placer's pole: scale (x, y, z) and mass, as the evaluation writes it; its lower end rests on the load's top.
PLACER_SCALE: Vec3 = (0.14, 4.35, 0.14)
PLACER_MASS = 11
#: The centre of mass the evaluation moves off the support: this far along the object's local axis, at scale 1.
COM_SHIFT = 1.45
#: The id of a support nobody sees, as the evaluation names it.
HIDDEN_SUPPORT_ID = "invisible_support"


@dataclass(frozen=True)
class Released:
    """An object type a placer lets go, as the evaluation scales it: its scale, mass, the turns it is shown at,
    how far its centre of mass lies towards its tall side and where the placer grips it (shares of its width)."""

    type: str
    scale: Vec3
    mass: float
    turns: tuple[int, ...]
    com_share: float
    grip_share: float

    def tall_side(self, turn: float) -> float:
        """The x direction (+1, -1 or 0) of the object's tall side when turned ``turn`` degrees about y."""
        return round(math.sin(math.radians(turn))) if self.com_share or self.grip_share else 0.0


#: The released objects of the evaluation: a pyramid (its centre of mass at its centre) and a right-angled
#: triangle turned so that its tall side faces one way along x (centroid a sixth of its width from the centre,
#: gripped 0.2205 m from the centre at width 0.7).
RELEASED = {
    "pyramid": Released("pyramid", (0.7, 0.7, 0.7), 3.5, (0,), 0.0, 0.0),
    "triangle": Released("triangle", (0.7, 0.35, 0.7), 2.9165, (-90, 90), 1 / 6, 0.315),
}


def released_mass(kind: Released, size: float) -> float:
    """The mass of ``kind`` at ``size`` times the evaluation's scale (it grows with the volume)."""
    return round(kind.mass * size ** 3, 4)


def released_scale(kind: Released, size: float) -> Vec3:
    """The scale of ``kind`` at ``size`` times the evaluation's, to the millimetre (so that its half, where it rests
    on a support, is exact at the 0.1 mm a file writes)."""
    x, y, z = (round(s * size, 3) for s in kind.scale)
    return x, y, z


def support(object_key: str, centre_x: float, z: float, scale: Vec3, material: str, mass: float, *,
            hidden_until: int | None = None) -> SceneObject:
    """A support cube standing on the floor (``hidden_until``: shrouded from step 0 to that step, as the
    evaluation's invisible support is)."""
    return SceneObject(object_key, "cube", [Show((centre_x, round(scale[1] / 2, 4), z), scale=scale)],
                       materials=[material], mass=mass, salient_materials=[], kinematic=True, structure=True,
                       shrouds=() if hidden_until is None else (StepRange(0, hidden_until),))


def released_object(object_key: str, kind: Released, size: float, rest: Vec3, turn: float, material: str,
                    salient: Sequence[str], com_shift: float = 0.0, support_height: float = 0.0) -> SceneObject:
    """``kind`` lowered from :data:`DESCENT` steps above ``rest`` (its centre when it touches the support) and let go
    at :data:`RELEASE`; ``com_shift`` moves its centre of mass that far along x in the world (at scale 1, the
    evaluation's sign), set back once it has dropped half ``support_height``."""
    x, y, z = rest
    shifted = {}
    if com_shift:
        tall = kind.tall_side(turn)
        # The evaluation writes the axes left at zero as the integer 0.
        local = (com_shift, 0, 0) if tall == 0 else (0, 0, com_shift * tall)
        shifted = {"center_of_mass": local, "reset_center_of_mass": True,
                   "reset_center_of_mass_at_y": round(y - support_height / 2, 4)}
    return SceneObject(object_key, kind.type, [Show((x, round(y + DESCENT * SPEED, 4), z), (0.0, float(turn), 0.0),
                                                    released_scale(kind, size), step=1)],
                       materials=[material], mass=released_mass(kind, size), salient_materials=list(salient),
                       kinematic=True, physics=True, moves=(Motion(1, DESCENT, (0, -SPEED, 0)),),
                       toggle_physics=(RELEASE,), **shifted)  # type: ignore[arg-type]


def placer(object_key: str, x: float, z: float, load_top: float) -> SceneObject:
    """The pole lowering a load whose top is at ``load_top`` at its rest: it comes down with it, lets go at
    :data:`RELEASE` (cyan, inactive) and rises as far as it came down."""
    start = round(load_top + DESCENT * SPEED + PLACER_SCALE[1], 4)
    return SceneObject(object_key, "cylinder", [Show((x, start, z), scale=PLACER_SCALE)], materials=[MAGENTA],
                       mass=PLACER_MASS, kinematic=True, structure=True,
                       moves=(Motion(1, DESCENT, (0, -SPEED, 0)), Motion(*RISE, (0, SPEED, 0))),
                       change_materials=(MaterialChange(RELEASE, (CYAN,)),), states=drop_states(RELEASE))


def grip_x(kind: Released, size: float, x: float, turn: float) -> float:
    """Where along x the placer holds ``kind`` centred at ``x``: over its top (the tall side of a triangle)."""
    return round(x + kind.tall_side(turn) * kind.grip_share * released_scale(kind, size)[0], 4)


def centre_of_mass(kind: Released, size: float, x: float, turn: float) -> float:
    """Where along x the centre of mass of ``kind`` centred at ``x`` lies, as made."""
    return x + kind.tall_side(turn) * kind.com_share * released_scale(kind, size)[0]


def rests(com: float, spans: Sequence[tuple[float, float]], footprint: tuple[float, float]) -> bool | None:
    """Whether an object whose centre of mass is at ``com`` and whose bottom covers ``footprint`` (along x) stays on
    supports whose tops cover ``spans`` (at its bottom's height): True when ``com`` lies :data:`MARGIN` or more
    inside the span its contacts cover, False when that far outside, None when it is too near the edge to say."""
    touched = [(max(lo, footprint[0]), min(hi, footprint[1])) for lo, hi in spans
               if min(hi, footprint[1]) > max(lo, footprint[0])]
    if not touched:
        return False
    low, high = min(lo for lo, _ in touched), max(hi for _, hi in touched)
    inside = min(com - low, high - com)
    return None if abs(inside) < MARGIN else inside > 0
