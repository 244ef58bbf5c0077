"""The throwing device and the ball it launches, as the evaluation's Moving Target Prediction and interactive Object
Permanence scenes write them, and the conservative rolling model the launch tasks label by.

The device is a grey ``tube_wide`` scaled 0.55, lying on its side (rotation z 90) 0.25 m in from a wall, its
``states`` "held" until the launch step and "released" from it. The ball (scale 2) starts in the tube, turned as
the tube is (rotation y), and is launched by one impulse along its own x axis (``relative``): MCS rotation y turns
+x toward -z, so a ball turned by y degrees travels along ``(cos y, -sin y)`` in (x, z).

The rolling model (``docs/fidelity/moving_target.md``): the ball leaves at the speed the impulse gives it
(impulse / mass), rolls straight along its heading, and slows by a constant deceleration somewhere between none
and :data:`MAX_DECELERATION`; a step lasts :data:`STEP_SECONDS`. Both constants are assumptions, not measured
figures: a label's step window holds every step at which a ball slowed anywhere in that band passes a point.

The flight model (``docs/fidelity/object_permanence.md``): a ball launched up high flies without drag at some share
of its launch speed between :data:`SLOWEST_FLIGHT` and all of it, under gravity, along the direction its rotation
gives its own x (rotation z tilts it, then y turns it); every bounce, off a wall or the floor, keeps at most
:data:`MAX_RESTITUTION` of the speed into it, so a ball that has once fallen can rise again no higher than
:func:`highest_rebound`. Both constants are assumptions.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from scenegen.mcs.evidence import either, of_type, with_id_prefix, without
from scenegen.mcs.model import Force, SceneObject, Show, Vec3
from scenegen.mcs.objects import TARGET_BALL_SCALE, structure_mass
from scenegen.plugin.family import Evidence
from scenegen.plugin.params import number

#: The device's type, uniform scale (metres: its diameter and length), material and id prefix.
THROWER_TYPE = "tube_wide"
THROWER_SCALE = 0.55
THROWER_MATERIAL = "Custom/Materials/Grey"
THROWER_PREFIX = "throwing_device_"
#: How far the device's centre stands in from the wall it is on (8.75 in the 18 m room, 3.75 in the 8 m one).
THROWER_INSET = 0.25
#: Physics seconds one step simulates (an MCS controller's 5 loops of 3 steps of 0.01 s): an assumption.
STEP_SECONDS = 0.15
#: The strongest rolling deceleration (m/s^2) the model allows a launched ball: an assumption, generous.
MAX_DECELERATION = 2.0
#: Gravity (m/s^2), the least share of its launch speed a thrown ball flies at, and the most of its speed into a
#: wall or the floor a bounce keeps (both assumptions: the first covers drag, the second the rubber's bounce).
GRAVITY = 9.81
SLOWEST_FLIGHT = 0.85
MAX_RESTITUTION = 0.4
#: How far short of where the slowest ball would stop a label's sure stretch ends: a step at the very stop would
#: hang on rounding.
REACH_MARGIN = 0.05
#: A held or released device for one step, shared by every scene (a device has one entry per step).
HELD: Sequence[str] = ("held",)
RELEASED: Sequence[str] = ("released",)


def heading(rotation_y: float) -> tuple[float, float]:
    """The unit (x, z) direction a ball turned by ``rotation_y`` degrees travels when pushed along its own x."""
    angle = math.radians(rotation_y)
    return math.cos(angle), -math.sin(angle)


def thrower(object_key: str, position: Vec3, rotation_y: float, launch_step: int, steps: int,
            length: float = THROWER_SCALE) -> SceneObject:
    """The device at ``position``, aimed by ``rotation_y``, holding its ball until ``launch_step`` (its ``states``
    cover ``steps`` steps, the first for step 1); ``length``: its scale along its own y, the ball's way out (the
    Occluded Trajectory and Collisions devices are 1 long; every device weighs what the 0.55 cube would)."""
    scale = (THROWER_SCALE, length, THROWER_SCALE)
    states = [HELD] * (launch_step - 1) + [RELEASED] * (steps - launch_step + 1)
    return SceneObject(id=f"{THROWER_PREFIX}{object_key}", type=THROWER_TYPE, mass=structure_mass((THROWER_SCALE,) * 3),
                       materials=[THROWER_MATERIAL], kinematic=True, structure=True,
                       shows=[Show(position, (0.0, rotation_y, 90.0), scale)], states=states)


def launched_ball(object_key: str, position: Vec3, rotation: Vec3, impulse: float, step: int) -> SceneObject:
    """The scale-2 soccer ball at ``position`` (in its device), pushed at ``step`` by ``impulse`` newton-seconds
    along its own x axis."""
    return SceneObject(id=object_key, type="soccer_ball", mass=TARGET_BALL_SCALE, salient_materials=["rubber"],
                       moveable=True, pickupable=True, materials=[],
                       shows=[Show(position, rotation, (TARGET_BALL_SCALE,) * 3)],
                       forces=[Force(step, step, (impulse, 0.0, 0.0), impulse=True, relative=True)])


def launch_speed(impulse: float, mass: float) -> float:
    """The ball's speed (m/s) just after an impulse (N s): all of it goes into the ball."""
    return impulse / mass


#: Steps within this of a whole number count as that number (a distance reached exactly at a step's end).
STEP_TIE = 1e-6


def sure_reach(speed: float) -> float:
    """How far (m) a ball launched at ``speed`` surely rolls: slowed the most the model allows, less
    :data:`REACH_MARGIN`."""
    return speed * speed / (2 * MAX_DECELERATION) - REACH_MARGIN


def passing_steps(distance: float, speed: float, launch_step: int) -> tuple[int, int]:
    """The first and last step at which the ball may pass ``distance`` metres along its path (within its
    :func:`sure_reach`): the first if it keeps its speed, the last if it is slowed the most."""
    fastest = distance / speed
    slowest = (speed - math.sqrt(max(speed * speed - 2 * MAX_DECELERATION * distance, 0.0))) / MAX_DECELERATION
    # a ball reaching ``distance`` exactly at the end of a step passes it on that step: rounding error must not move
    # the window's ends by a step either way
    return (launch_step + math.floor(fastest / STEP_SECONDS + STEP_TIE),
            launch_step + math.ceil(slowest / STEP_SECONDS - STEP_TIE))


def slowest_speed(speed: float, distance: float) -> float:
    """The least speed (m/s) a ball launched at ``speed`` still has ``distance`` metres along its path (within its
    :func:`sure_reach`): slowed the most the model allows."""
    return math.sqrt(max(speed * speed - 2 * MAX_DECELERATION * distance, 0.0))


def launch_direction(rotation_y: float, rotation_z: float) -> tuple[float, float, float]:
    """The unit (x, y, z) direction of a ball's own x axis turned by ``rotation_z`` (up, in degrees) then
    ``rotation_y`` (as Unity applies them)."""
    turn, tilt = math.radians(rotation_y), math.radians(rotation_z)
    return math.cos(tilt) * math.cos(turn), math.sin(tilt), -math.cos(tilt) * math.sin(turn)


def flight_height(across: float, height: float, speed: float, rise: float) -> float:
    """The height of a ball's centre once it has flown ``across`` metres horizontally, launched from ``height`` at
    ``speed`` with the vertical share ``rise`` of its direction (sine of its elevation)."""
    forward = speed * math.sqrt(1 - rise * rise)
    seconds = across / forward
    return height + speed * rise * seconds - GRAVITY * seconds * seconds / 2


def landing(height: float, speed: float, rise: float, floor: float) -> float:
    """How far (horizontally) a ball flies before its centre comes down to ``floor``."""
    up = speed * rise
    seconds = (up + math.sqrt(up * up + 2 * GRAVITY * (height - floor))) / GRAVITY
    return speed * math.sqrt(1 - rise * rise) * seconds


def highest_rebound(height: float, speed: float, rise: float, floor: float) -> float:
    """The highest a ball's centre can rise after its first bounce: the floor (or a wall) returns at most
    :data:`MAX_RESTITUTION` of the vertical speed it comes down with, and no bounce adds to it."""
    up = speed * rise
    falling = up * up + 2 * GRAVITY * (height - floor)
    return floor + MAX_RESTITUTION ** 2 * falling / (2 * GRAVITY)


#: Where a ball is thrown from, which way and how hard says where it ends: the task itself, which the shortcut probe
#: leaves out (the throwing device and the balls, the thrown one with its force and the one it may strike).
#: The step a ball is launched on, as Moving Target and Object Permanence declare it.
LAUNCH_STEP = number("launch_step", 1, 10_000, "step", integer=True)

THE_THROW = Evidence("the throwing device and the balls (where, which way and how hard the ball is thrown)",
                     without(either(with_id_prefix("throwing_device"), of_type("soccer_ball", "sphere"))))
