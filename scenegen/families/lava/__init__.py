"""The Lava family (MCS eval 7, "Navigation - Holes and Lava"): walk round the lava to the ball."""

from __future__ import annotations

from scenegen.families.lava.declaration import DECLARATION
from scenegen.mcs.navigation.family import FieldNavigation, field_about


class Lava(FieldNavigation):
    """Lava cells end the scene when the performer steps too close: the field must be walked round."""

    name = "lava"
    description = "Lava: walk round or through a field of lava cells to the ball, or the agent holding it (eval 7)."
    makes = ("Navigation - Holes and Lava",)
    about = field_about("Lava", "lava cells")
    declaration = DECLARATION
    danger = "lava"


__all__ = ["Lava"]
