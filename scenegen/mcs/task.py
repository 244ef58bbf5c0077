"""The staged base of an MCS task: a sample made in named stages a family fills in, and what every task shares.

:meth:`McsTask.generate` runs these stages, each a method a family may replace:

    draw(rng) -> drawn                       the sample's parameters (default: the declared parameters' draw)
    lay_out(drawn, rng) -> layout            where things go and what happens; None: draw the sample again
    allocate(layout, rng) -> ids             the object ids (default: ``ids`` random ids)
    compose(drawn, layout, ids, rng)         the sample (default: built from the stages below); None: draw again
        -> Sample
    build(drawn, layout, ids, rng)           the scene (its objects, timeline and :meth:`frame`) and its ground
        -> (scene, truth)                    truth; None: draw the sample again
    twin(drawn, layout, rng) -> layout       in pair mode, the layout with one factor changed; None: draw again
    pair_record(drawn, layout, twin)         the pair record of a sample and its twin

A family whose samples are not one scene and its twin (e.g. expected and unexpected scenes sharing their
familiarisation) replaces ``compose`` and needs neither ``build`` nor ``twin``.

A sample a stage turns down is drawn again from the start, at most ``attempts`` times; then
:meth:`exhausted` says why none would do. The base also owns ``last_step`` (where a task's config declares it), the
refusal of a config some of whose scenes cannot be laid out (the checks marked :func:`feasibility`, run
when the family is built) and the independent replay of a written scene (``checks``, imported only when a
run checks).
"""

from __future__ import annotations

import abc
import importlib
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, TypeVar

import numpy as np

from scenegen.errors import ConfigError, GenerationError, Problem
from scenegen.mcs.actions import Action
from scenegen.mcs.family import McsFamily
from scenegen.mcs.frame import SOCCER_BALL_DESCRIPTION, retrieval_goal, room_materials, untimed_retrieval_goal
from scenegen.mcs.geometry.grid import PERFORMER_RADIUS
from scenegen.mcs.model import Scene, SceneObject, Vec3
from scenegen.mcs.objects import object_ids
from scenegen.plugin.family import Sample
from scenegen.plugin.values import Parameters

#: A reason a config cannot be laid out: the config key to blame and what cannot be done.
Refusal = tuple[str, str]
Check = TypeVar("Check", bound=Callable[..., Iterable[Refusal]])

_FEASIBILITY = "_scenegen_feasibility"
#: Scenes drawn (from a fixed seed) to measure the share of a config's draws that lay out, and the chance a sample
#: may have of running out of its draws: a config is refused when that share is so low that more than one sample
#: in a million would.
LAYOUT_PROBES, RUN_OUT_CHANCE = 200, 1e-6


def feasibility(check: Check) -> Check:
    """Declare a method one of its family's feasibility checks: it yields what cannot be laid out, if anything.

    The checks run when the family is built, base classes' first, then in order of definition; the first
    refusal any of them yields is raised (code after it never runs).
    """
    setattr(check, _FEASIBILITY, True)
    return check


def rarely_laid_out(attempts: Iterable[object], least: float) -> Iterator[Refusal]:
    """The refusal of a config less than the share ``least`` of whose draws lay a scene out, blaming the commonest
    reason: ``attempts`` holds each draw's layout, or the :data:`Refusal` that says why it cannot be laid out
    (what a feasibility check probing a fixed seed's draws yields from)."""
    tried = list(attempts)
    failures = [attempt for attempt in tried if isinstance(attempt, tuple)]
    if len(failures) > len(tried) * (1 - least):
        (path, reason), count = Counter(failures).most_common(1)[0]
        yield path, (f"{len(tried) - len(failures)} of {len(tried)} draws lay a scene out (at least {least:.0%} "
                     f"must); {count} fail because {reason}")


def start_clear_of_walls(parameters: Parameters) -> Iterator[Refusal]:
    """Refusals of performer starts (``performer.x``, ``performer.z``) that may lie outside the smallest room drawn
    (``room.width``, ``room.depth``) or not clear of its walls."""
    for axis, size in (("x", "room.width"), ("z", "room.depth")):
        far = max(abs(parameters.low(f"performer.{axis}")), abs(parameters.high(f"performer.{axis}")))
        if far > parameters.low(size) / 2 - PERFORMER_RADIUS:
            yield f"performer.{axis}", (f"a start {far} m from the centre is not clear of the walls of a "
                                        f"{parameters.low(size)} m room")


class McsTask(McsFamily):
    """An MCS task made in named stages; a family fills in the stages it needs and declares its checks."""

    #: What a refusal says cannot be laid out ("cannot lay out <lays_out>: ..."), e.g. "a Symmetric Tool room".
    lays_out: ClassVar[str]
    #: Where the independent replay of a written scene lives, "module:function"; imported on first check.
    checks: ClassVar[str]
    #: How many object ids :meth:`allocate` draws.
    ids: ClassVar[int] = 0
    #: How many times a sample is drawn before :meth:`exhausted` gives up.
    attempts: ClassVar[int] = 1
    #: The names of the methods marked :func:`feasibility`, in the order they run.
    feasibility_checks: ClassVar[tuple[str, ...]] = ()
    #: Where a family's ``lay_out`` turns some draws down: the config key to blame when too few drawn scenes lay
    #: out ("" for none in particular), and what is turned down. The base then refuses a config more than one
    #: sample in a million of which would run out of its ``attempts`` (:meth:`seldom_laid_out`). None: no check.
    layout_blame: ClassVar[tuple[str, str] | None] = None
    #: The scene's goal.last_step, from the config; a task whose config declares none writes no last_step and no
    #: action list (as the Secondary Tool scenes do).
    last_step: int

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = tuple(name for name, value in vars(cls).items() if getattr(value, _FEASIBILITY, False))
        cls.feasibility_checks += tuple(name for name in own if name not in cls.feasibility_checks)

    def __init__(self, config: Mapping[str, Any]) -> None:
        """Build the task and refuse its config if some of its scenes cannot be laid out (a family reads its own
        settings before calling this, so that its checks can use them)."""
        super().__init__(config)
        if "last_step" in config:  # a scripted task's scenes end when their script does
            self.last_step = int(config["last_step"])
        self.pairs = bool(config.get("pairs", False))
        for name in self.feasibility_checks:
            for path, message in getattr(self, name)():
                raise self.refusal(path, message)
        seldom = self.seldom_laid_out()
        if seldom is not None:
            raise self.refusal(*seldom)

    def seldom_laid_out(self) -> Refusal | None:
        """Where the family declares a :attr:`layout_blame`: a refusal when so few of :data:`LAYOUT_PROBES` scenes
        drawn from a fixed seed lay out that a sample would run out of its ``attempts`` draws more often than
        :data:`RUN_OUT_CHANCE` (a range mostly in a band the layout turns down, say); else None."""
        if self.layout_blame is None:
            return None
        rng = np.random.default_rng(0)
        laid = sum(self.lay_out(self.draw(rng), rng) is not None for _ in range(LAYOUT_PROBES))
        least = 1 - RUN_OUT_CHANCE ** (1 / self.attempts)
        if laid >= least * LAYOUT_PROBES:
            return None
        path, turned_down = self.layout_blame
        return path, (f"only {laid} of {LAYOUT_PROBES} scenes drawn lay out ({turned_down}), and a sample draws "
                      f"{self.attempts} at most: at least {least:.0%} must, so that no sample runs out")

    def refusal(self, path: str, message: str) -> ConfigError:
        """The error for a config whose scenes cannot be laid out, blaming ``path``."""
        return ConfigError(path, f"cannot lay out {self.lays_out}: {message}")

    # --- the stages ------------------------------------------------------------------------

    def generate(self, index: int, rng: np.random.Generator) -> Sample:
        for _ in range(self.attempts):
            drawn = self.draw(rng)
            layout = self.lay_out(drawn, rng)
            if layout is None:
                continue
            sample = self.compose(drawn, layout, self.allocate(layout, rng), rng)
            if sample is not None:
                return sample
        raise self.exhausted(index)

    def draw(self, rng: np.random.Generator) -> dict[str, Any]:
        """The sample's parameters."""
        return self.parameters.draw(rng)

    @abc.abstractmethod
    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> Any | None:
        """Where things go and what happens in one scene; None when this draw cannot be laid out."""

    def allocate(self, layout: Any, rng: np.random.Generator) -> Any:
        """The object ids of a scene (shared by both documents of a pair)."""
        return object_ids(rng, self.ids)

    def compose(self, drawn: dict[str, Any], layout: Any, ids: Any, rng: np.random.Generator) -> Sample | None:
        """The sample: the scene :meth:`build` makes, or in pair mode the scenes of the layout and its :meth:`twin`
        and their :meth:`pair_record`; None when this draw turns out unusable."""
        if not self.pairs:
            built = self.build(drawn, layout, ids, rng)
            return None if built is None else Sample(documents={"": built[0]}, params=self.recorded_params(drawn),
                                                     truth=built[1])
        twin = self.twin(drawn, layout, rng)
        return None if twin is None else self._pair(drawn, layout, twin, ids, rng)

    def recorded_params(self, drawn: dict[str, Any]) -> dict[str, Any]:
        """The parameters a sample's record holds: what was drawn (a family may write a keyword as what it
        stands for, so that a parameter's column has one type whatever the config)."""
        return drawn

    def build(self, drawn: dict[str, Any], layout: Any, ids: Any,
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]] | None:
        """The scene of a layout and its ground truth (it may record in ``drawn`` what it made); None when this draw
        turns out unusable."""
        raise NotImplementedError(f"{self.name} composes its samples itself")

    def frame(self, drawn: Mapping[str, Any], performer: Vec3, objects: list[SceneObject], target: str, *,
              facing: float = 0.0, actions: Sequence[Action] = (), description: str = SOCCER_BALL_DESCRIPTION,
              height: float | None = None, **scene: Any) -> Scene:
        """A retrieval scene: the drawn room (``room.width``, ``room.height`` unless ``height`` is given,
        ``room.depth``) and materials, the performer at ``performer`` facing ``facing`` degrees, ``objects``, and
        the goal to pick up ``target`` by ``last_step`` (untimed, without actions, where the task has none);
        ``scene`` holds the rest (e.g. ``lava``)."""
        room = (float(drawn["room.width"]), float(drawn["room.height"]) if height is None else height,
                float(drawn["room.depth"]))
        goal = retrieval_goal(target, description, self.last_step, actions) if hasattr(self, "last_step") else \
            untimed_retrieval_goal(target, description)
        return Scene(room=room, materials=room_materials(drawn), performer_position=performer,
                     performer_rotation=(0.0, facing, 0.0), objects=objects, goal=goal, **scene)

    def twin(self, drawn: Mapping[str, Any], layout: Any, rng: np.random.Generator) -> Any | None:
        """The layout with one factor changed so that the answer changes; None when it cannot be."""
        raise NotImplementedError(f"{self.name} makes no pairs")

    def pair_record(self, drawn: Mapping[str, Any], layout: Any, twin: Any) -> dict[str, Any]:
        """What differs between a sample and its twin."""
        raise NotImplementedError(f"{self.name} makes no pairs")

    def exhausted(self, index: int) -> Exception:
        """The error when no draw of ``attempts`` would do for sample ``index``."""
        return GenerationError(f"{self.name}: sample {index}: no draw of {self.attempts} could be laid out")

    def _pair(self, drawn: dict[str, Any], layout: Any, twin: Any, ids: Any, rng: np.random.Generator) -> Sample:
        scene_a = self.build(drawn, layout, ids, rng)
        scene_b = self.build(drawn, twin, ids, rng)
        if scene_a is None or scene_b is None:
            raise GenerationError(f"{self.name}: a pair's layout could not be built")
        return Sample(documents={"a": scene_a[0], "b": scene_b[0]}, params=self.recorded_params(drawn),
                      truth={"a": scene_a[1], "b": scene_b[1]}, pair=self.pair_record(drawn, layout, twin))

    # --- the replay ------------------------------------------------------------------------

    def check(self, document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
        return self.replay()(document, truth)

    def replay(self) -> Callable[..., list[Problem]]:
        """The family's independent checks, imported on first use: only checking runs need them, and a run's
        every process starts faster without."""
        module, _, function = self.checks.partition(":")
        replay: Callable[..., list[Problem]] = getattr(importlib.import_module(module), function)
        return replay
