"""An independent replay of Object Preference pairs, for the tests.

Everything is re-derived from the two exported documents, independently of the generator
(:mod:`tests.kit.grid_walks`): the grid from its border walls, the trials from the action list, where each object
is at every step. Which object the agent prefers is the one it ends every familiarisation trial touching; a file
is expected when the agent ends its test trial touching that object, wherever it now stands.
"""

from __future__ import annotations

from scenegen.plugin.family import Family
from scenegen.plugin.schemas import compiled_validator
from tests.kit.grid_walks import World, assert_plays_fair
from tests.kit.pairs import assert_identical_before_test
from tests.kit.support import checked_sample


def preferred(world: World) -> str:
    """The object the agent ends every familiarisation trial touching (one and the same)."""
    touched = {tuple(world.touched(world.prefixed("object_"), end - 1)) for end in world.ends}
    assert len(touched) == 1 and len(next(iter(touched))) == 1, f"familiarisation trials end touching {touched}"
    return next(iter(touched))[0]


def is_expected(world: World) -> bool:
    """Whether the agent ends the test trial touching the object it preferred."""
    test = world.touched(world.prefixed("object_"), world.last_step)
    assert len(test) == 1, f"the test trial ends touching {test}"
    return test[0] == preferred(world)


def check_pair(family: Family, seed: int, index: int) -> None:
    """Sample ``index`` validates, plays fair, its two files are identical before the test trial and their test
    walks equally long, and the replay names the expected file as the label does."""
    sample, documents, _ = checked_sample(family, seed, "op_", index)
    assert set(documents) == {"expected", "unexpected"} and sample.pair is not None
    worlds = {}
    for suffix, document in documents.items():
        assert list(compiled_validator("mcs_scene").iter_errors(document)) == []
        world = worlds[suffix] = World(document)
        goals = world.prefixed("object_")
        assert len(goals) == 2
        assert_plays_fair(world, goals)
        truth = sample.truth[suffix]
        assert is_expected(world) == truth["expected"] == (suffix == sample.pair["expected"])
        assert world.touched(goals, world.last_step) == [truth["approached_id"]]
    test_start = worlds["expected"].ends[-1]
    assert sample.pair["test_start"] == test_start == worlds["unexpected"].ends[-1]
    assert_identical_before_test(documents["expected"], documents["unexpected"], test_start)
    walks = [len(world.agent["shows"]) for world in worlds.values()]
    assert walks[0] == walks[1] and worlds["expected"].last_step == worlds["unexpected"].last_step
