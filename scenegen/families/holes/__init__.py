"""The Holes family (MCS eval 7, "Navigation - Holes and Lava"): walk round the holes to the ball."""

from __future__ import annotations

from scenegen.families.holes.declaration import DECLARATION
from scenegen.mcs.navigation.family import FieldNavigation, field_about


class Holes(FieldNavigation):
    """Hole cells trap the performer that steps too close, and anything standing over one falls in."""

    name = "holes"
    description = "Holes: walk round or through a field of holes to the ball, or the agent holding it (eval 7)."
    makes = ("Navigation - Holes and Lava",)
    about = field_about("Holes", "holes")
    declaration = DECLARATION
    danger = "holes"


__all__ = ["Holes"]
