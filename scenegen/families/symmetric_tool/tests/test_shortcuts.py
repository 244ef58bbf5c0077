"""The training template puts the ball only where its layout fits whichever way the ball goes out (but in the one
scene in twenty whose layout its room cannot hold so), so where the ball lies in the room says nothing of the way:
"toward the wall nearest the ball" and "away from it" pick the way at chance (a quarter), and along the way's own
axis the ball lies as far forward as back.

Before issue 33 the ball was drawn among the cells its layout fits going out its own way: the tool and the lava
behind it kept it off the wall behind, so "toward the nearest wall" was right in 48% of scenes and the ball lay
0.29 of the half room forward of the centre line; the shortcut probe read the way off the ball's place. About
1,000 scenes with a tool, some 250 a way: a share's standard error is at most 0.03 (a rule is held within 0.09
of chance), the mean place's about 0.012 of the half room (it is held within 0.05).
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np
import pytest

from scenegen.factory.pipeline import Pipeline
from tests.kit.support import as_written, load_family

SCENES = 1000
SHARE_TOLERANCE = 0.09
PLACE_TOLERANCE = 0.05
AXES = {"x": 0, "z": 1}


@pytest.fixture(scope="module")
def scenes():
    """(the way the ball goes out, the ball's (x, z) over half the room's width and depth) of each training scene
    with a tool to push."""
    _, family = load_family("symmetric_tool")
    found = []
    for sample, documents in Pipeline(family, 0, "st_").produce_many(range(SCENES)):
        way, scene = sample.truth["direction"], as_written(documents[""])
        if way is not None:
            ball, room = scene["objects"][0]["shows"][0]["position"], scene["roomDimensions"]
            found.append((way, np.array([ball["x"] / (room["x"] / 2), ball["z"] / (room["z"] / 2)])))
    return found


def _nearest_wall(place):
    axis = int(np.argmax(np.abs(place)))
    return ("+" if place[axis] > 0 else "-") + "xz"[axis]


def _opposite(way):
    return ("-" if way[0] == "+" else "+") + way[1]


@pytest.mark.parametrize(("name", "rule"), [
    ("toward the nearest wall", _nearest_wall),
    ("away from the nearest wall", lambda place: _opposite(_nearest_wall(place))),
])
def test_the_wall_nearest_the_ball_picks_the_way_at_chance(scenes, name, rule):
    share = np.mean([rule(place) == way for way, place in scenes])
    assert abs(share - 0.25) < SHARE_TOLERANCE, f"{name}: {share:.1%} of {len(scenes)} scenes"


def test_the_ball_lies_as_far_forward_as_back_along_its_way(scenes):
    ahead = defaultdict(list)
    for way, place in scenes:
        ahead[way].append(place[AXES[way[1]]] * (1 if way[0] == "+" else -1))
    assert set(ahead) == {"+x", "-x", "+z", "-z"}
    means = {way: round(float(np.mean(values)), 3) for way, values in ahead.items()}
    assert all(abs(mean) < PLACE_TOLERANCE for mean in means.values()), means
