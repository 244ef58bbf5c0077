"""What the container-tracking families share: their parameters, pair mode and the redraw loop.

A family plans a sample from its drawn parameters, draws the object ids, and
builds a scene from a plan. In pair mode it also makes a twin plan with one
causal factor changed so that the answer changes; a draw whose factor cannot
change the answer is drawn again, at most ``MAX_REDRAWS`` times.
"""

from __future__ import annotations

import abc
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from scenegen.errors import Problem
from scenegen.mcs.actions import Action
from scenegen.mcs.family import McsFamily
from scenegen.mcs.frame import retrieval_goal, room_materials
from scenegen.mcs.model import Scene, SceneObject
from scenegen.mcs.tracking.params import MAX_REDRAWS, redraw_limit
from scenegen.mcs.tracking.props import ROOM_HEIGHT
from scenegen.plugin.family import Sample
from scenegen.plugin.outputs import OPTIONAL_PAIRS

DESCRIPTION = "Find and pick up the tiny light black white rubber ball."
class TrackingFamily(McsFamily):
    """Base of Shell Game and Set Rotation; subclasses fill in the planning hooks."""

    pairing = OPTIONAL_PAIRS

    def __init__(self, config: Mapping[str, Any]) -> None:
        super().__init__(config)
        self.pairs = bool(config.get("pairs", False))
        self.last_step = int(config["last_step"])
        self._check_fits()

    def generate(self, index: int, rng: np.random.Generator) -> Sample:
        for _ in range(MAX_REDRAWS):
            drawn = self.parameters.draw(rng)
            plan = self._plan(drawn, rng)
            keys = self._keys(plan, rng)
            if not self.pairs:
                scene, truth = self._scene(plan, drawn, keys)
                drawn.pop("pair_factor")
                return Sample(documents={"": scene}, params=drawn, truth=truth)
            factor = drawn["pair_factor"]
            twin = self._twin(plan, factor, rng)
            if twin is not None:
                break
        else:
            raise redraw_limit(self.name, index)
        scene_a, truth_a = self._scene(plan, drawn, keys)
        scene_b, truth_b = self._scene(twin, drawn, keys)
        pair = {"factor": factor, **self._pair_values(plan, twin, factor)}
        return Sample(documents={"a": scene_a, "b": scene_b}, params=drawn,
                      truth={"a": truth_a, "b": truth_b}, pair=pair)

    def check(self, document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
        from scenegen.mcs.tracking.checks import (
            tracking_problems,  # only checking runs need it: a run's every process starts faster
        )

        return tracking_problems(document, truth)

    def _room_scene(self, drawn: Mapping[str, Any], performer_z: float, objects: list[SceneObject],
                    actions: Sequence[Action], target: str) -> Scene:
        """The scene of a tracking task: the drawn room, the performer facing +z, find ``target``."""
        return Scene(
            room=(float(drawn["room.width"]), ROOM_HEIGHT, float(drawn["room.depth"])),
            materials=room_materials(drawn),
            performer_position=(0.0, 0.0, float(performer_z)),
            objects=objects,
            goal=retrieval_goal(target, DESCRIPTION, self.last_step, actions),
            restrict_open_objects=True,
        )

    @abc.abstractmethod
    def _check_fits(self) -> None:
        """Refuse a config whose most demanding scenes cannot be laid out."""

    @abc.abstractmethod
    def _plan(self, drawn: dict[str, Any], rng: np.random.Generator) -> Any:
        """What happens in one scene, from its drawn parameters (a plan may record further draws in ``drawn``)."""

    @abc.abstractmethod
    def _keys(self, plan: Any, rng: np.random.Generator) -> Any:
        """The object ids of a scene (shared by both documents of a pair)."""

    @abc.abstractmethod
    def _scene(self, plan: Any, drawn: Mapping[str, Any], keys: Any) -> tuple[Scene, dict[str, Any]]:
        """The scene of a plan and its ground truth."""

    @abc.abstractmethod
    def _twin(self, plan: Any, factor: str, rng: np.random.Generator) -> Any | None:
        """The plan with ``factor`` changed so that the answer changes; None when it cannot be."""

    @abc.abstractmethod
    def _pair_values(self, plan: Any, twin: Any, factor: str) -> dict[str, Any]:
        """The pair record's ``a`` and ``b`` values of the factor, and their ``meaning``."""
