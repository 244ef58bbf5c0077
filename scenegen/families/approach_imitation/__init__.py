"""Approach and Imitation (MCS passive agents, social and instrumental): pairs of scenes about whether an agent
keeps the preference for another agent that it showed in the familiarisation trials.

Both tasks share one machinery: the grid (:mod:`.arena`), the world and its walks (:mod:`.stage`), the
timeline of a file (:mod:`.timeline`), the scenes and the cast (:mod:`.files`) and the family that pairs and
labels the files (:mod:`.family`); :mod:`.approach` and :mod:`.imitation` script their trials. Every walk is
checked where it is made: each keyframe's footprint stays inside the border and overlaps no wall cell, no
agent standing still meanwhile and no goal object on show (touching is allowed; one agent moves at a time).
"""

from scenegen.families.approach_imitation.approach import Approach
from scenegen.families.approach_imitation.imitation import Imitation

__all__ = ["Approach", "Imitation"]
