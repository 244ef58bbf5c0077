"""What the container-tracking families share: their room, pair mode and its record.

A family plans a sample from its drawn parameters (its layout stage), draws the
object ids, and builds a scene from a plan. In pair mode it also makes a twin
plan with the drawn causal factor changed so that the answer changes; a draw
whose factor cannot change the answer is drawn again by the staged base, at
most ``MAX_REDRAWS`` times.
"""

from __future__ import annotations

import abc
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import numpy as np

from scenegen.mcs.actions import Action
from scenegen.mcs.model import Scene, SceneObject
from scenegen.mcs.task import McsTask
from scenegen.mcs.tracking.params import MAX_REDRAWS, redraw_limit
from scenegen.mcs.tracking.props import ROOM_HEIGHT
from scenegen.plugin.outputs import OPTIONAL_PAIRS

DESCRIPTION = "Find and pick up the tiny light black white rubber ball."
class TrackingFamily(McsTask):
    """Base of Shell Game and Set Rotation: a plan is a sample's layout; its twin changes the drawn pair_factor."""

    pairing = OPTIONAL_PAIRS
    checks = "scenegen.mcs.tracking.checks:tracking_problems"
    attempts = MAX_REDRAWS
    # Integers whatever the config: a run without an odd container, or one that draws "any" index, holds None.
    record_types: ClassVar[Mapping[str, Any]] = {"label": ["struct", {"odd_container_index": "int64"}],
                                                  "params": ["struct", {"containers.odd_index": "int64"}]}

    def recorded_params(self, drawn: dict[str, Any]) -> dict[str, Any]:
        """The drawn values, with the odd container's index "any" recorded as None (no index was fixed; the label
        says which container is odd)."""
        if drawn.get("containers.odd_index") == "any":
            return {**drawn, "containers.odd_index": None}
        return drawn

    def draw(self, rng: np.random.Generator) -> dict[str, Any]:
        drawn = super().draw(rng)
        if not self.pairs:
            drawn.pop("pair_factor")
        return drawn

    def pair_record(self, drawn: Mapping[str, Any], layout: Any, twin: Any) -> dict[str, Any]:
        factor = drawn["pair_factor"]
        return {"factor": factor, **self._pair_values(layout, twin, factor)}

    def exhausted(self, index: int) -> Exception:
        return redraw_limit(self.name, index)

    def _room_scene(self, drawn: Mapping[str, Any], performer_z: float, objects: list[SceneObject],
                    actions: Sequence[Action], target: str) -> Scene:
        """The scene of a tracking task: the drawn room, the performer facing +z, find ``target``."""
        return self.frame(drawn, (0.0, 0.0, float(performer_z)), objects, target, actions=actions,
                          description=DESCRIPTION, height=ROOM_HEIGHT, restrict_open_objects=True)

    @abc.abstractmethod
    def _pair_values(self, plan: Any, twin: Any, factor: str) -> dict[str, Any]:
        """The pair record's ``a`` and ``b`` values of the factor, and their ``meaning``."""
