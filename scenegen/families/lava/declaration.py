"""Lava's config: the navigation task's parameters (:mod:`scenegen.mcs.navigation.declaration`) with the
defaults in which the evaluation's lava scenes differ from its holes scenes (``docs/mcs_facts.md`` 11)."""

from __future__ import annotations

from scenegen.mcs.navigation.declaration import navigation_declaration

DECLARATION = navigation_declaration("lava", "lava", {
    "room.depth": 22, "target.depth": {"min": 1.0, "max": 2.0}, "field.depth": {"min": 11, "max": 16},
    "platform.material": "Custom/Materials/VioletDrywallMCS",
    "materials.ceiling": "AI2-THOR/Materials/Walls/DrywallBeige",
    "materials.floor": "AI2-THOR/Materials/Fabrics/CarpetDarkGreen",
    "materials.wall": "Custom/Materials/BlueDrywallMCS",
    "last_step": 4500,
})
