"""The builder's voxel world, as the seed's prompts define it.

Facts from the seed (Madge & Poesio, "Large Language Models as Minecraft Agents",
appendix prompts), stated here once: x and z run from -5 to 5 and y up from 0;
north is -z, south +z, west -x, east +x; the six colours are blue, yellow, green,
orange, purple and red; a block is ``[x, y, z, colour]``. The top of the world is
not in the seed: it is the config's ``height``. Left and right are not in the seed
either: this family reads them as a viewer facing north sees them (left is west,
right is east); see docs/builder.md.
"""

from __future__ import annotations

#: The lowest and highest x and z (the seed's "most westerly/northernly point" -5, "most eastern/southern" 5).
LOW, HIGH = -5, 5
#: The colours a block may have, as the seed's builder prompt lists them.
COLOURS = ("blue", "yellow", "green", "orange", "purple", "red")
#: Unit steps of the four compass directions on the ground, (dx, dz).
COMPASS = {"north": (0, -1), "south": (0, 1), "west": (-1, 0), "east": (1, 0)}
#: Unit steps of the four diagonal directions on the ground, (dx, dz): between two compass directions.
DIAGONALS = {"north east": (1, -1), "north west": (-1, -1), "south east": (1, 1), "south west": (-1, 1)}
#: Left and right, read by a viewer facing north (not stated by the seed; see the module docstring).
SIDES = {"left": "west", "right": "east"}
