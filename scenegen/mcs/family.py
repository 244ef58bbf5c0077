"""The base of every family whose documents are MCS scenes."""

from __future__ import annotations

from scenegen.mcs.output import MCS_SCENES
from scenegen.plugin.family import Family
from scenegen.plugin.outputs import Output


class McsFamily(Family):
    """A family whose documents are :class:`scenegen.mcs.model.Scene` objects, written as MCS scene files.

    The contract alone (a third party may derive from it and write ``generate`` itself); an MCS task made in named
    stages, with its feasibility checks and replay declared, derives from :class:`scenegen.mcs.task.McsTask`.
    """

    output: Output = MCS_SCENES
    #: Scenes an embodied agent acts in (the interactive tasks) or rates (the passive ones).
    task_categories = ("reinforcement-learning", "robotics")
