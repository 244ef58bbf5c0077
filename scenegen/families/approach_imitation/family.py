"""The family both tasks are: draw a sample's world and cast, let the task script the pair's two files, and label
them. A task subclass names itself, its declaration, which file versions each pair kind holds, and its script."""

from __future__ import annotations

import abc
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from scenegen.errors import Problem
from scenegen.families.approach_imitation.arena import arena
from scenegen.families.approach_imitation.files import GOAL_PREFIX, RANK, cast, scene_ids, scenes
from scenegen.families.approach_imitation.stage import SCENE_ATTEMPTS, Stage, exhausted
from scenegen.families.approach_imitation.timeline import Take
from scenegen.mcs.evidence import with_id_prefix, without
from scenegen.mcs.gridworld.cast import blob_body, goal_body
from scenegen.mcs.gridworld.layout import CELL
from scenegen.mcs.gridworld.patterns import STEP, Pattern
from scenegen.mcs.objects import object_id
from scenegen.mcs.task import McsTask, Refusal, feasibility
from scenegen.plugin.family import Evidence, Sample
from scenegen.plugin.outputs import RATED_PAIRS


@dataclass(frozen=True)
class Version:
    """One file of a pair: its kind, what the main agent picks in the test trial (an agent's role, or ``goal`` in a
    training version that walks up to the goal object), and whether it touches the goal."""

    kind: str
    choice: str
    touched: bool


@dataclass(frozen=True)
class Plan:
    """What a task's script made: each version's timeline, and what it drew that the params should record."""

    takes: Sequence[Take]
    params: Mapping[str, Any]


#: A no-expectation file is the one whose main agent goes for the goal object, which turns red as it touches it, as
#: the evaluation's does (its instrumental approach pair writes the test's red in one file only); where an Imitation
#: test has the main agent walk up to the goal (`instrumental_test: goal`), the goal stays on show for it.
GOAL_TOUCHED = Evidence("the goal object (turning red as the main agent touches it, on show where it walks up to it)",
                        without(with_id_prefix(GOAL_PREFIX)))

#: The scene both tasks share, and their pairs, as the README's family table says them.
SETTING = "Three blobs in a grid world of scattered wall cells over eight familiarisation trials and a test trial."
PAIRS = ("Touching the goal object (which turns red) makes a no-expectation scene. Always pairs (`_a.json`, "
         "`_b.json`) of any two kinds: expected/unexpected (social), or either with no-expectation (instrumental)")


class PreferenceFamily(McsTask):
    """Approach or Imitation: pairs of scenes about an agent's preference for one of two others."""

    makes = ("Social and Instrumental Approach and Imitation",)
    label_about = ("per document: its kind, whether to rate it higher, whom the agent picks, whether it touched the "
                   "goal, the three agents' ids; `pair`: each file's kind, the file to rate higher, task, variant, "
                   "category, roles by id")

    pairing = RATED_PAIRS
    answers = ("kind",)
    evidence: ClassVar[Mapping[str, Evidence]] = {"kind": GOAL_TOUCHED}
    #: The versions of each pair kind, the file to rate higher first.
    versions: ClassVar[Mapping[str, tuple[Version, Version]]]

    checks = "scenegen.families.approach_imitation.checks:preference_problems"

    def __init__(self, config: Mapping[str, Any]) -> None:
        self.familiarization = int(config["trials"]["familiarization"])
        self.agent_types: tuple[str, ...] = tuple(config["agents"]["types"])
        self.agent_colours: tuple[str, ...] = tuple(config["agents"]["colours"])
        self.shapes: tuple[str, ...] = tuple(config["patterns"]["shapes"])
        super().__init__(config)
        self.blobs = {name: blob_body(name) for name in self.agent_types}
        self.goals = {name: goal_body(name) for name in self.parameters.support("object.type")}

    @abc.abstractmethod
    def script(self, stage: Stage, versions: tuple[Version, Version], drawn: Mapping[str, Any],
               rng: np.random.Generator) -> Plan | None:
        """Both files' timelines, or None when this draw of the world cannot hold them."""

    @abc.abstractmethod
    def differs(self, versions: tuple[Version, Version]) -> str:
        """Which part of the scene the pair's files differ in: ``test``, ``familiarisation`` or both."""

    def versions_for(self, drawn: Mapping[str, Any]) -> tuple[Version, Version]:
        """The two versions a sample's draw makes."""
        return self.versions[drawn["pair"]]

    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> tuple[Stage, Plan]:
        """The cast, then a world and both files' timelines: the world drawn again (the cast kept) until the
        script fits in it."""
        versions = self.versions_for(drawn)
        members = cast(rng, self.agent_types, self.agent_colours, self.blobs)
        for _ in range(SCENE_ATTEMPTS):
            stage = Stage(self.name, arena(drawn["grid.size"], drawn["grid.walls"], rng), members,
                          self.goals[drawn["object.type"]], max(1, round(drawn["object.gap"] / STEP)),
                          self.familiarization, self.parameters, self.shapes)
            plan = self.script(stage, versions, drawn, rng)
            if plan is not None:
                return stage, plan
        raise exhausted(self.name, "every agent walk its part")

    def allocate(self, layout: tuple[Stage, Plan], rng: np.random.Generator) -> dict[str, Any]:
        return scene_ids(rng, layout[0].arena)

    def compose(self, drawn: dict[str, Any], layout: tuple[Stage, Plan], ids: dict[str, Any],
                rng: np.random.Generator) -> Sample:
        stage, plan = layout
        versions, members = self.versions_for(drawn), stage.cast
        other_first = bool(rng.integers(2))
        # Which version is file a: drawn, so that a is not always the file to rate higher.
        order = (1, 0) if rng.integers(2) else (0, 1)
        files = dict(zip(("a", "b"), order, strict=True))
        made = scenes(stage, [plan.takes[k] for k in files.values()], drawn, ids, other_first)
        documents = dict(zip(files, made, strict=True))
        truth, pair = self._labels(versions, files, plan, {role: member.id for role, member in members.items()},
                                   ids["goal"], object_id(rng, "pair_"))
        params = {**drawn, **{role: member.params() for role, member in members.items()},
                  "other_listed_first": other_first, "walls": [list(cell) for cell in stage.arena.walls],
                  **plan.params}
        return Sample(documents=documents, params=params, truth=truth, pair=pair)

    def _labels(self, versions: tuple[Version, Version], files: Mapping[str, int], plan: Plan,
                roles: Mapping[str, str], goal_id: str, pair_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
        """Each file's ground truth, and the pair record: the files' kinds, the one to rate higher, the task, the
        variant, the category and the agents' roles by id. A file's choice is the agent the main agent picks in
        the test trial (or the goal object, which a training version's walks up to)."""
        picks = {**roles, "goal": goal_id}
        kinds = {suffix: versions[k].kind for suffix, k in files.items()}
        higher = max(kinds, key=lambda suffix: RANK[kinds[suffix]])
        variant = "instrumental" if "no_expectation" in kinds.values() else "social"
        common = {"task": self.name, "variant": variant, "category": f"{variant}_{self.name}",
                  **{f"{role}_id": key for role, key in roles.items()}}
        truth = {suffix: {"kind": versions[k].kind, "rated_higher": suffix == higher, **common,
                          "choice_id": picks[versions[k].choice], "shows_preference": versions[k].choice == "preferred",
                          "goal_touched": versions[k].touched, "test_start": plan.takes[k].test_start,
                          "last_step": plan.takes[k].last_step}
                 for suffix, k in files.items()}
        pair = {"id": pair_id, **kinds, "higher": higher, **common,
                "roles": {key: role for role, key in roles.items()}, "differs": self.differs(versions)}
        return truth, pair

    def check(self, document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
        return self.replay()(document, truth, self.name)

    @feasibility
    def _grid_and_pools_fit(self) -> Iterator[Refusal]:
        """The grid and the pools can make a scene."""
        sizes = self.parameters.support("grid.size")
        walls = max(self.parameters.support("grid.walls"))
        if walls > min(sizes) ** 2 // 4:
            yield "grid.walls", (f"{walls} wall cells leave a {min(sizes)}-cell grid too little floor; at most a "
                                 f"quarter of its cells ({min(sizes) ** 2 // 4})")
        legs = max(self.parameters.support("patterns.leg"))
        if legs >= min(sizes) * CELL / 2:
            yield "patterns.leg", f"legs of {legs} m do not fit twice across a {min(sizes)}-cell grid"
        for path, pool in (("agents.types", self.agent_types), ("agents.colours", self.agent_colours)):
            if len(set(pool)) < 3:
                yield path, f"{len(set(pool))} distinct entries; the three agents each need their own"


def pattern_params(pattern: Pattern) -> dict[str, Any]:
    """A pattern as the params record it: leg directions, steps per leg, repeats."""
    return {"directions": [list(d) for d in pattern.directions], "steps": list(pattern.steps),
            "repeats": pattern.repeats}
