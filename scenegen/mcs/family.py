"""The base of every family whose documents are MCS scenes."""

from __future__ import annotations

from scenegen.mcs.output import MCS_SCENES
from scenegen.plugin.family import Family
from scenegen.plugin.outputs import Output


class McsFamily(Family):
    """A family whose documents are :class:`scenegen.mcs.model.Scene` objects, written as MCS scene files."""

    output: Output = MCS_SCENES
