"""Tool types, read from and written as their MCS type names (``tool_rect_0_75_x_9_00``, ``tool_hooked_...``).

The sizes behind a name (``docs/mcs_facts.md`` 1.1, 10.1) live in the geometry
catalogue (``scenegen/mcs/data/objects.json``); this module only parses and writes names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

#: The shapes of tool MCS has: rectangular (symmetric), hooked (L, unequal arms), isosceles (L, equal arms), big.
SHAPES = ("rect", "hooked", "isosceles", "big")
#: The widths of the tools the evaluation uses (the hooked tool's arm width), in metres.
TOOL_WIDTHS = (0.5, 0.75, 1.0)
#: Lengths of the ``tool_rect_W_x_L`` types, in metres.
RECT_LENGTHS = (1, 3, 4, 5, 6, 7, 8, 9)
#: Lengths of the ``tool_hooked_W_x_L`` and ``tool_isosceles_W_x_L`` types, in metres.
HOOKED_LENGTHS = (4, 5, 6, 7, 8, 9)
#: The metal materials tools come in (``docs/mcs_facts.md`` 10.1).
TOOL_MATERIALS = tuple(f"UnityAssetStore/YughuesFreeMetalMaterials/Materials/M_YFMM_{n}"
                       for n in (11, 13, 15, 23, 34, 36, 40, 42))

#: The rotation that puts an L-shaped tool's hook (its +z end at rotation 0) behind the ball for each way the
#: ball is pulled out: MCS turns +z toward +x, so at 90 the hook is at +x and the pull goes along -x.
HOOK_ROTATIONS = {"-z": 0.0, "+z": 180.0, "-x": 90.0, "+x": 270.0}

_NAME = re.compile(r"tool_(rect|hooked|isosceles|big)_(\d+)_(\d+)_x_(\d+)_(\d+)")


@dataclass(frozen=True)
class ToolKind:
    """A tool type: its shape, its width ``W`` (an arm's width for an L) and its length ``L`` (along z at
    rotation 0)."""

    shape: str
    width: float
    length: float

    @property
    def type_name(self) -> str:
        return tool_type(self.shape, self.width, self.length)

    @property
    def hooked(self) -> bool:
        """Whether it is L-shaped: a long arm along z and a short one across its far (+z) end, reaching +x."""
        return self.shape in ("hooked", "isosceles")


@lru_cache(maxsize=512)
def tool_kind(object_type: str) -> ToolKind | None:
    """The :class:`ToolKind` of a tool type name; None for any other object type."""
    match = _NAME.fullmatch(object_type)
    if match is None:
        return None
    shape, w_int, w_frac, l_int, l_frac = match.groups()
    return ToolKind(shape, float(f"{w_int}.{w_frac}"), float(f"{l_int}.{l_frac}"))


@lru_cache(maxsize=512)
def tool_type(shape: str, width: float, length: float) -> str:
    """``tool_hooked_0_50_x_7_00`` for a hooked 0.5 x 7 tool."""
    return f"tool_{shape}_{_dimension(width)}_x_{_dimension(length)}"


def _dimension(metres: float) -> str:
    return f"{metres:.2f}".replace(".", "_")
