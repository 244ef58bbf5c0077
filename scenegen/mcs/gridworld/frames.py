"""Turning places drawn in a canonical frame into a grid world's frame (Efficient Action, Inaccessible Goal): a
family draws its layout with the way it cares about running along +x, then a quarter turn (swapping x and z) and
mirrors in x and z spread it over the grid without favouring a side."""

from __future__ import annotations

from dataclasses import dataclass

from scenegen.mcs.gridworld.motion import Point


@dataclass(frozen=True)
class Frame:
    """How the canonical frame turns into the scene's: swap x and z, then the signs of x and z."""

    swap: bool
    signs: tuple[int, int]

    def point(self, point: Point) -> Point:
        x, z = point[0] * self.signs[0], point[1] * self.signs[1]
        return (round(z, 4) + 0.0, round(x, 4) + 0.0) if self.swap else (round(x, 4) + 0.0, round(z, 4) + 0.0)

    def half(self, half: Point) -> Point:
        """Half extents along the scene's x and z turned into the canonical frame's (and back: a swap is its own
        inverse)."""
        return (half[1], half[0]) if self.swap else half
