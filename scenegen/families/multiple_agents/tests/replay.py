"""An independent replay of Multiple Agents pairs, for the tests.

Everything is re-derived from the two exported documents, independently of the generator
(:mod:`tests.kit.grid_walks`): the grid from its border walls, the trials from the action list, where each agent
and object is at every step. An agent's preference is the object it ends its familiarisation walks touching (each
agent always the same one, the two agents different ones); a file is expected when the agent that ends the test
trial touching an object is that object's owner.
"""

from __future__ import annotations

from scenegen.plugin.family import Family
from scenegen.plugin.schemas import compiled_validator
from tests.kit.grid_walks import World, assert_plays_fair
from tests.kit.pairs import assert_identical_before_test
from tests.kit.support import checked_sample


def contacts(world: World, step: int) -> list[tuple[str, str]]:
    """(agent id, object id) for every agent touching an object at ``step``."""
    found = []
    for agent in world.prefixed("agent_"):
        world.agent = agent
        found += [(agent["id"], reached) for reached in world.touched(world.prefixed("object_"), step)]
    return found


def preferences(world: World) -> dict[str, str]:
    """Each agent's object: the one it ends every familiarisation trial it walks in touching."""
    seen: dict[str, set[str]] = {}
    for end in world.ends:
        made = contacts(world, end - 1)
        assert len(made) == 1, f"the trial ending at {end} ends with contacts {made}"
        seen.setdefault(made[0][0], set()).add(made[0][1])
    assert all(len(reached) == 1 for reached in seen.values()), f"an agent walks to two objects: {seen}"
    owned = {agent: next(iter(reached)) for agent, reached in seen.items()}
    assert len(set(owned.values())) == len(owned) == 2, f"the two agents do not prefer two objects: {owned}"
    return owned


def is_expected(world: World) -> bool:
    """Whether the agent that ends the test trial touching an object is the one that preferred it."""
    made = contacts(world, world.last_step)
    assert len(made) == 1, f"the test trial ends with contacts {made}"
    walker, reached = made[0]
    return preferences(world)[walker] == reached


def check_pair(family: Family, seed: int, index: int) -> None:
    """Sample ``index`` validates, plays fair (each agent in turn: no overlap with the other agent or an object,
    inside the grid), its two files are identical before the test trial and their test walks as many steps, and
    the replay names the expected file as the label does."""
    sample, documents, _ = checked_sample(family, seed, "ma_", index)
    assert set(documents) == {"expected", "unexpected"} and sample.pair is not None
    worlds = {}
    for suffix, document in documents.items():
        assert list(compiled_validator("mcs_scene").iter_errors(document)) == []
        world = worlds[suffix] = World(document)
        goals, agents = world.prefixed("object_"), world.prefixed("agent_")
        assert len(goals) == 2 and len(agents) == 2
        for agent in agents:
            world.agent = agent
            assert_plays_fair(world, goals, [other for other in agents if other is not agent])
        truth = sample.truth[suffix]
        assert is_expected(world) == truth["expected"] == (suffix == sample.pair["expected"])
        assert contacts(world, world.last_step) == [(truth["walker_id"], truth["approached_id"])]
    test_start = worlds["expected"].ends[-1]
    assert sample.pair["test_start"] == test_start == worlds["unexpected"].ends[-1]
    assert_identical_before_test(documents["expected"], documents["unexpected"], test_start)
    assert walk_keyframes(worlds["expected"]) == walk_keyframes(worlds["unexpected"])
    assert worlds["expected"].last_step == worlds["unexpected"].last_step


def walk_keyframes(world: World) -> int:
    """How many agent keyframes the test trial has after its first step (its one walk's)."""
    return sum(show["stepBegin"] > world.ends[-1] for agent in world.prefixed("agent_") for show in agent["shows"])
