"""The Holes family (MCS eval 7, "Navigation - Holes and Lava"): walk round the holes to the ball."""

from __future__ import annotations

from scenegen.families.holes.declaration import DECLARATION
from scenegen.mcs.navigation.family import FieldNavigation


class Holes(FieldNavigation):
    """Hole cells trap the performer that steps too close, and anything standing over one falls in."""

    name = "holes"
    description = "Holes: walk round or through a field of holes to the ball, or the agent holding it (eval 7)."
    about = ("MCS eval 7 Navigation - Holes and Lava (one implementation, two kinds of cell): the performer starts on "
             "a 1 m platform near the front wall; the soccer ball, on the floor or held by a human agent "
             "(`InteractWithAgent`), with perhaps a blob beside it, is near the back wall across a field of lava or "
             "hole cells on the 1 m floor grid (walls of cells with gaps, scattered cells) that always cuts the "
             "straight way")
    label_about = ("`target_id`, the `holder_id` and whether to `interact_with_agent`, the cell `kind` and count, the "
                   "shortest safe walk's `path_length` in 1 m grid steps, the open room's `open_path_length`, the "
                   "`detour` and the `straight_distance`")
    declaration = DECLARATION
    danger = "holes"


__all__ = ["Holes"]
