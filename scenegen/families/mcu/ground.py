"""Where things go around the agent: cells at relative (dx, dy, dz), never the agent's own cells nor the ring
around them (nothing set there can bury, trap or suffocate it), each cell used once, all on or in the ground
(dy 0 or -1), so every one is in reach by walking."""

from __future__ import annotations

import math

from scenegen.errors import GenerationError
from scenegen.families.mcu.commands import Cell
from scenegen.plugin.draws import Draws

#: Tries at one placement before the sample is given up (the ground around the agent is wide: never reached in
#: practice; the bound keeps a bug from looping).
TRIES = 200


class Ground:
    """The cells used so far in one sample."""

    def __init__(self) -> None:
        self.used: set[tuple[int, int]] = set()

    def _free(self, dx: int, dz: int) -> bool:
        return max(abs(dx), abs(dz)) >= 2 and (dx, dz) not in self.used

    def spot(self, draws: Draws, low: int, high: int, dy: int = 0) -> Cell:
        """A free cell whose horizontal distance from the agent is from ``low`` to ``high``."""
        uniform, width = draws.uniform, 2 * high + 1
        for _ in range(TRIES):
            dx, dz = int(uniform() * width) - high, int(uniform() * width) - high
            if low * low <= dx * dx + dz * dz <= high * high and self._free(dx, dz):
                self.used.add((dx, dz))
                return (dx, dy, dz)
        raise GenerationError(f"no free cell from {low} to {high} blocks from the agent")

    def row(self, draws: Draws, length: int, low: int, high: int, dy: int) -> tuple[Cell, Cell]:
        """The ends of a free straight row of ``length`` cells, within ``high`` of the agent."""
        for _ in range(TRIES):
            dx, _, dz = self.spot(draws, low, high, dy)
            self.used.discard((dx, dz))
            step = (1, 0) if draws.chance(0.5) else (0, 1)
            cells = [(dx + step[0] * k, dz + step[1] * k) for k in range(length)]
            if all(self._free(x, z) and math.hypot(x, z) <= high for x, z in cells):
                self.used.update(cells)
                return (dx, dy, dz), (cells[-1][0], dy, cells[-1][1])
        raise GenerationError(f"no free row of {length} cells within {high} blocks of the agent")
