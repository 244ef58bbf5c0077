"""How MCS turns things about the vertical axis: the one formula every family, replay and check uses."""

from __future__ import annotations

import math


def turned(x: float, z: float, degrees: float) -> tuple[float, float]:
    """``(x, z)`` turned by a y rotation of ``degrees`` as the simulator (Unity) turns it: clockwise seen
    from above, so that a positive angle turns +z toward +x."""
    radians = math.radians(degrees)
    cos, sin = math.cos(radians), math.sin(radians)
    return x * cos + z * sin, -x * sin + z * cos


def turned_about(x: float, z: float, centre_x: float, centre_z: float, degrees: float) -> tuple[float, float]:
    """``(x, z)`` turned by ``degrees`` about the vertical axis through ``(centre_x, centre_z)``."""
    dx, dz = turned(x - centre_x, z - centre_z, degrees)
    return centre_x + dx, centre_z + dz
