"""What the tool tasks show an agent of the way the ball must go: the tools, the rails guiding them and the lava.

Where the lava lies round the ball and where the tool lies beside it say which
way to push or pull: that is the task, so the shortcut probe looks for the
answer (``direction``) in the scene without them
(:class:`scenegen.plugin.family.Evidence`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scenegen.mcs.evidence import either, of_type, with_id_prefix, without
from scenegen.mcs.tools.kinds import tool_kind
from scenegen.plugin.family import Evidence

#: The id prefix of the rails either side of a tool's pushing line.
GUIDE_RAIL_PREFIX = "guide_rail_"


def is_tool(thing: Mapping[str, Any], objects: Sequence[Mapping[str, Any]]) -> bool:
    """Whether an object is a tool, by its type name (:func:`scenegen.mcs.tools.kinds.tool_kind`)."""
    return tool_kind(str(thing.get("type", ""))) is not None


WAY_OUT = Evidence("the tools, their guide rails and the lava (which way the ball must go)",
                   without(either(is_tool, with_id_prefix(GUIDE_RAIL_PREFIX)), scene=("lava",)))

#: Where a ball lies in lava that reaches the walls (Asymmetric and Secondary Tool Use: a band along three walls, a
#: pool in a corner) says, with the lava, the one way it can come out, toward the only open floor, where the
#: performer stands: the ball and the performer's start are part of what the task shows.
WAY_OUT_OF_THE_CORNER = Evidence("the tools, their guide rails, the lava, the ball in it and the performer's start on "
                                 "the open floor (which way the ball can come out between the walls)",
                                 without(either(is_tool, with_id_prefix(GUIDE_RAIL_PREFIX), of_type("soccer_ball")),
                                         scene=("lava", "performerStart")))
