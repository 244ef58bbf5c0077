"""Lava's config: the navigation task's parameters (:mod:`scenegen.mcs.navigation.declaration`) with the
defaults of the evaluation's lava scenes (``docs/mcs_facts.md`` 11)."""

from __future__ import annotations

from scenegen.mcs.navigation.declaration import navigation_declaration

DECLARATION = navigation_declaration("lava", "lava", {
    "room.width": 18, "room.depth": 22, "room.height": 4,
    "performer.x": {"min": -7.5, "max": 7.5}, "performer.depth": {"min": 0.75, "max": 1.25},
    "performer.rotation": [0, 45, 90, 135, 180, 225, 270, 315],
    "target.holder": ["floor", "agent"], "target.x": {"min": -7.5, "max": 7.5},
    "target.depth": {"min": 1.0, "max": 2.0},
    "agent.type": [f"agent_female_0{n}" for n in range(1, 9)], "agent.rotation": [0, 90, 180, 270],
    "agent.outfit": [0, 1],
    "blob.present": [True, False], "blob.type": ["blob_18", "blob_20"], "blob.scale": {"min": 1.4, "max": 1.8},
    "blob.material": ["Custom/Materials/Rose", "Custom/Materials/Violet"], "blob.rotation": [0, 90, 180, 270],
    "blob.distance": {"min": 1.3, "max": 1.7},
    "blob.bearing": {"min": 0, "max": 180},
    "field.layout": "walls", "field.side": "across",
    "field.width": {"min": 9, "max": 19}, "field.depth": {"min": 11, "max": 16},
    "field.rows": {"min": 1, "max": 4}, "field.columns": {"min": 0, "max": 2},
    "field.near_rows": {"min": 0, "max": 1}, "field.spine": [-1, 0], "field.gaps": [1, 2],
    "field.near_gaps": [1, 2],
    "field.scatter": {"min": 0.05, "max": 0.2}, "field.cells": 0,
    "platform.material": "Custom/Materials/VioletDrywallMCS",
    "materials.ceiling": "AI2-THOR/Materials/Walls/DrywallBeige",
    "materials.floor": "AI2-THOR/Materials/Fabrics/CarpetDarkGreen",
    "materials.wall": "Custom/Materials/BlueDrywallMCS",
    "min_detour": 2, "last_step": 4500,
})
