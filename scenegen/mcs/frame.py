"""The frame every MCS scene shares: its room's materials and its goal.

A family draws the room materials declared by
:func:`scenegen.mcs.config.room_materials` and builds its goal here, so that
every task writes them the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scenegen.mcs.actions import Action
from scenegen.mcs.model import Goal, Materials


def room_materials(drawn: Mapping[str, Any]) -> Materials:
    """The room's materials, from a sample's drawn ``materials.ceiling``, ``materials.floor`` and ``materials.wall``."""
    return Materials(drawn["materials.ceiling"], drawn["materials.floor"], drawn["materials.wall"])


#: How the evaluation's retrieval scenes describe their target, the soccer ball (Tool Choice, the tool tasks, Lava and
#: Holes alike).
SOCCER_BALL_DESCRIPTION = "Find and pick up the small light black white rubber ball."


def retrieval_goal(target_id: str, description: str, last_step: int, actions: Sequence[Action] = ()) -> Goal:
    """An interactive retrieval goal: find and pick up the object ``target_id``, described in words as the
    evaluation scenes describe it (e.g. "Find and pick up the tiny light black white rubber ball.")."""
    return Goal(category="retrieval", description=description, last_step=last_step, action_list=actions,
                metadata={"target": {"id": target_id}})


def untimed_retrieval_goal(target_id: str, description: str) -> Goal:
    """A retrieval goal as the Secondary Tool scenes write it: no ``last_step`` and no ``action_list``."""
    return Goal(category="retrieval", description=description, last_step=None, action_list=None,
                metadata={"target": {"id": target_id}})


def passive_agents_goal(last_step: int, actions: Sequence[Action], trials: int) -> Goal:
    """A passive agents goal (category ``agents``): the performer watches ``trials`` familiarisation trials
    (each ended by EndHabituation in ``actions``), then the test trial."""
    return Goal(category="agents", last_step=last_step, action_list=actions, extra={"habituation_total": trials})
