"""The Lava family (MCS eval 7, "Navigation - Holes and Lava"): walk round the lava to the ball."""

from __future__ import annotations

from scenegen.families.lava.declaration import DECLARATION
from scenegen.mcs.navigation.family import FieldNavigation


class Lava(FieldNavigation):
    """Lava cells end the scene when the performer steps too close: the field must be walked round."""

    name = "lava"
    description = "Lava: walk round or through a field of lava cells to the ball, or the agent holding it (eval 7)."
    about = ("MCS eval 7 Navigation - Holes and Lava (one implementation, two kinds of cell): the performer starts on "
             "a 1 m platform near the front wall; the soccer ball, on the floor or held by a human agent "
             "(`InteractWithAgent`), with perhaps a blob beside it, is near the back wall across a field of lava or "
             "hole cells on the 1 m floor grid (walls of cells with gaps, scattered cells) that always cuts the "
             "straight way")
    label_about = ("`target_id`, the `holder_id` and whether to `interact_with_agent`, the cell `kind` and count, the "
                   "shortest safe walk's `path_length` in 1 m grid steps, the open room's `open_path_length`, the "
                   "`detour` and the `straight_distance`")
    declaration = DECLARATION
    danger = "lava"


__all__ = ["Lava"]
