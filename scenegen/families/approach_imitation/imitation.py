"""Imitation: in every familiarisation trial one of the two models walks its pattern and the main agent then walks
the preferred model's pattern; in the test trial the main agent walks up to one of the two.

A familiarisation trial, from its first step ``S``: everyone at home, the goal
object at its spot; from ``S + START_DELAY`` this trial's model (the two take
turns) walks its pattern; ``TURN_GAP`` steps after its last keyframe the main agent
walks the preferred model's pattern, its last leg lengthened to touch the goal in
a no-expectation version (the goal turns red, and back at the next trial); the
trial ends ``END_DELAY`` steps after the main agent's last keyframe. The goal
stands just beyond the end of the main agent's pattern in every version, so a
social version stops short of it. The test trial hides the goal, puts the three
at new spots, and the main agent walks straight up to the agent its version picks;
in the seed's training data (``trials.instrumental_test: goal``) a no-expectation
version's test keeps the goal where it stood and the main agent walks up to it.

A no-expectation version differs from its partner in the familiarisation trials
(the main agent's longer walks shift every later step), as the evaluation's
pair does; the test trials of such a pair show the same walk (but for the
training test up to the goal).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

import numpy as np

from scenegen.families.approach_imitation.arena import PLACE_ATTEMPTS, box, candidates, fits, spot, swept_boxes
from scenegen.families.approach_imitation.declaration import declaration
from scenegen.families.approach_imitation.family import PAIRS, SETTING, Plan, PreferenceFamily, Version, pattern_params
from scenegen.families.approach_imitation.stage import (
    SHORTEST_WALK,
    WALK_SPEED,
    Stage,
    approach_walk,
    arrange,
    clear_box,
    first_of,
    reachable,
)
from scenegen.families.approach_imitation.timeline import TEST_END, TURN_GAP, Take, columns, touch_steps
from scenegen.mcs.gridworld.cast import END_DELAY, START_DELAY
from scenegen.mcs.gridworld.motion import Point
from scenegen.mcs.gridworld.patterns import Pattern, Walk, positions
from scenegen.mcs.gridworld.sight import clear, contact_points

TURN = TURN_GAP["imitation"]
MODELS = ("preferred", "other")


class Imitation(PreferenceFamily):
    name = "imitation"
    lays_out = "an Imitation scene"
    description = ("Imitation: does an agent approach the agent whose movement pattern it kept imitating? Social "
                   "and instrumental pairs (MCS passive agents).")
    about = ("MCS passive agents, Social and Instrumental Imitation: " + SETTING + " One agent keeps repeating one "
             "of two agents' movement patterns (legs out and back, 0.05 m a step), then in the test walks up to one "
             "of them. " + PAIRS)
    declaration = declaration("imitation")
    versions: ClassVar[Mapping[str, tuple[Version, Version]]] = {
        "expected_unexpected": (Version("expected", "preferred", False), Version("unexpected", "other", False)),
        "expected_no_expectation": (Version("expected", "preferred", False),
                                    Version("no_expectation", "preferred", True)),
        "unexpected_no_expectation": (Version("no_expectation", "other", True), Version("unexpected", "other", False)),
    }

    def differs(self, versions: tuple[Version, Version]) -> str:
        if versions[0].touched == versions[1].touched:
            return "test"
        return "familiarisation" if versions[0].choice == versions[1].choice else "familiarisation_and_test"

    def versions_for(self, drawn: Mapping[str, Any]) -> tuple[Version, Version]:
        """As the evaluation has them; or, in the seed's training data, the no-expectation version's test walks
        up to the goal object instead of an agent."""
        versions = self.versions[drawn["pair"]]
        if drawn["trials.instrumental_test"] == "agent":
            return versions
        first, second = (replace(v, choice="goal") if v.touched else v for v in versions)
        return first, second

    def script(self, stage: Stage, versions: tuple[Version, Version], drawn: Mapping[str, Any],
               rng: np.random.Generator) -> Plan | None:
        world = _familiar_world(stage, any(v.touched for v in versions), rng)
        if world is None:
            return None
        homes, patterns, goal = world
        choices = {v.choice for v in versions}
        found = first_of(lambda: _test(stage, choices, goal, rng))
        if found is None:
            return None
        test, walks = found
        first = 0 if drawn["trials.first_mover"] == "matched" else 1
        # The familiarisation trials depend only on whether the main agent touches the goal: made once for each.
        model_walks = {role: positions(homes[role], patterns[role]) for role in MODELS}
        familiar = {touched: _familiarisation(stage, homes, patterns, model_walks, goal, first, touched)
                    for touched in {v.touched for v in versions}}
        takes = []
        for version in versions:
            take = familiar[version.touched].copy()
            start = take.test_start
            if version.choice == "goal":
                take.goal.append((start, *goal))
            else:
                take.goal_hidden = start
            for role in ("main", *MODELS):
                take.stand(role, start, test[role])
            last = take.move("main", start + START_DELAY, columns(walks[version.choice]))
            # The goal turns red as the main agent touches it, or (as the evaluation's, while it is off show)
            # as it reaches the agent it walks up to.
            take.touch([last])
            take.last_step = last + TEST_END["imitation"]
            takes.append(take)
        return Plan(takes, {"homes": {role: list(point) for role, point in homes.items()},
                            "goal_position": list(goal),
                            "patterns": {role: pattern_params(patterns[role]) for role in MODELS},
                            "test_homes": {role: list(point) for role, point in test.items()}})


def _familiarisation(stage: Stage, homes: Mapping[str, Point], patterns: Mapping[str, Pattern],
                     model_walks: Mapping[str, Walk], goal: Point, first: int, touched: bool) -> Take:
    """The familiarisation trials: in each, one model (``first`` the first) walks its pattern (its walk in
    ``model_walks``) and the main agent walks the preferred one's, its last leg lengthened to touch the goal when
    ``touched``; the take's ``test_start`` is the test trial's first step."""
    take = Take()
    walked = patterns["preferred"].extended(stage.gap_steps) if touched else patterns["preferred"]
    main_walk = positions(homes["main"], walked)
    start = 0
    for trial in range(stage.familiarization):
        for role in ("main", *MODELS):
            take.stand(role, start, homes[role])
        take.goal.append((start, *goal))
        model = MODELS[(trial + first) % 2]
        step = take.move(model, start + START_DELAY, model_walks[model]) + TURN
        last = take.move("main", step, main_walk)
        if touched:
            take.touch(touch_steps(step, walked))
        end = last + END_DELAY
        take.next_trial(start, end)
        start = end
    take.test_start = start
    return take


def _familiar_world(stage: Stage, touching: bool, rng: np.random.Generator,
                    ) -> tuple[dict[str, Point], dict[str, Pattern], Point] | None:
    """The agents' homes, the two models' patterns and the goal's spot, every walk of every version clear."""
    preferred = stage.pattern(rng)
    patterns = {"preferred": preferred, "other": stage.pattern(rng, unlike=preferred)}
    walks = [(preferred, False), *([(preferred.extended(stage.gap_steps), True)] if touching else [])]
    arranged = arrange(stage, walks, preferred, patterns, rng)
    if arranged is None:
        return None
    homes, goal = arranged
    return homes, patterns, goal


def _test(stage: Stage, choices: set[str], goal: Point, rng: np.random.Generator,
          ) -> tuple[dict[str, Point], dict[str, list[Point]]] | None:
    """Where the three stand in the test trial, and the main agent's walk up to each agent a version picks, clear
    of the walls and of the agent it does not pick; or (a training version) up to the goal object, which then
    stays where it stood, clear of both agents."""
    shown = [box(goal, stage.goal.half)] if "goal" in choices else []
    if shown:
        to_goal = _goal_walk(stage, goal, shown, rng)
        main = to_goal[0] if to_goal else None
    else:
        to_goal, main = None, spot(stage.arena, stage.half("main"), [], rng)
    if main is None:
        return None
    homes = {"main": main}
    walks = {}
    # The agents stand clear of the main agent's walks, placed first: its walk up to the goal, then each it picks.
    walked = [_swept(stage, main, to_goal[1])] if to_goal else []
    for role in sorted(MODELS, key=lambda r: r not in choices):  # the picked first: they must be reachable
        taken = [*shown, *walked, *(box(p, stage.half(r)) for r, p in homes.items())]
        if role in choices:
            found = reachable(stage, main, "main", role, taken, [p for r, p in homes.items() if r != "main"], rng)
            if found is None:
                return None
            homes[role], walks[role] = found
            walked.append(_swept(stage, main, found[1]))
        else:
            placed = spot(stage.arena, stage.half(role), taken, rng)
            if placed is None:
                return None
            homes[role] = placed
    for role, path in walks.items():
        other = MODELS[1 - MODELS.index(role)]
        # Clear of the agent it does not pick by a margin: it ends against one agent only.
        if not fits(stage.arena, path, stage.half("main"), [*shown, clear_box(homes[other], stage.half(other)),
                                                             box(homes[role], stage.half(role))]):
            return None
    if to_goal:
        path = to_goal[1]
        agents = [box(homes[role], stage.half(role)) for role in MODELS]
        if not fits(stage.arena, path, stage.half("main"), [*agents, *shown]):
            return None
        walks["goal"] = path
    return homes, walks


def _goal_walk(stage: Stage, goal: Point, shown: list[np.ndarray], rng: np.random.Generator,
               ) -> tuple[Point, list[Point]] | None:
    """A spot for the main agent from which it walks straight up to the goal object, at least ``SHORTEST_WALK``
    and crossing no wall cell, and that walk; None when no draw finds one. Every draw is tested at once: a spot
    drawn alone and its walk checked after fails three times in four."""
    half, reach = stage.half("main"), stage.reach("main")
    options = candidates(stage.arena, half, [], [], shown, rng, chunk=PLACE_ATTEMPTS)
    if not len(options):
        return None
    touches = contact_points(options, goal, reach)
    # A step more than the shortest walk: a walk's keyframes can fall short of its length by one.
    good = (np.hypot(*(touches - options).T) >= SHORTEST_WALK + WALK_SPEED) & \
        clear(options, touches, half, stage.arena.boxes[:, :2])
    if not good.any():
        return None
    chosen = options[good][0]
    main = (float(chosen[0]), float(chosen[1]))
    path = approach_walk(main, goal, reach)
    return (main, path) if len(path) * WALK_SPEED >= SHORTEST_WALK else None


def _swept(stage: Stage, start: Point, path: list[Point]) -> np.ndarray:
    """The boxes the main agent covers walking ``path`` from ``start``."""
    return swept_boxes(start, [np.asarray(path) - np.asarray(start)], stage.half("main"))
