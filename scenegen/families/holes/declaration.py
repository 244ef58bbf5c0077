"""Holes' config: the navigation task's parameters (:mod:`scenegen.mcs.navigation.declaration`) with the
defaults in which the evaluation's holes scenes differ from its lava scenes (``docs/mcs_facts.md`` 11)."""

from __future__ import annotations

from scenegen.mcs.navigation.declaration import navigation_declaration

DECLARATION = navigation_declaration("holes", "hole", {
    "room.depth": 21, "target.depth": {"min": 1.0, "max": 1.5}, "field.depth": {"min": 11, "max": 15},
    "platform.material": "Custom/Materials/GreenDrywallMCS",
    "materials.ceiling": "AI2-THOR/Materials/Walls/Drywall",
    "materials.floor": "AI2-THOR/Materials/Fabrics/Carpet2",
    "materials.wall": "Custom/Materials/LimeWoodMCS",
    "last_step": 4400,
})
