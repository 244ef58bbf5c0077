"""The forced-choice kit: the wedge test of a ball hidden behind a box never says hidden where rays cast at the
ball's surface find it in sight, and it finds the real scenes' hidden balls hidden."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from scenegen.mcs.forced_choice import PERFORMER_Y, sphere_hidden
from tests.examples import examples
from tests.kit.sight import hidden

RADIUS = 0.22


@settings(max_examples=examples(300), deadline=None)
@given(x=st.floats(-3, 3), z=st.floats(0.5, 4), height=st.floats(0.3, 1.5), width=st.floats(0.3, 3),
       wall_x=st.floats(-3, 3), gap=st.floats(0.01, 1), eye_z=st.floats(-6, -3))
def test_the_wedges_never_call_a_ball_in_sight_hidden(x, z, height, width, wall_x, gap, eye_z) -> None:
    box = ((wall_x - width / 2, wall_x + width / 2), (0.0, height), (z - RADIUS - gap - 0.2, z - RADIUS - gap))
    eye = (0.0, PERFORMER_Y, eye_z)
    if sphere_hidden(eye, (x, RADIUS, z), RADIUS, box):
        assert hidden(np.array(eye), np.array([x, RADIUS, z]), RADIUS, *map(np.array, zip(*box, strict=True)))


def test_the_real_hidden_balls_are_hidden_and_the_others_not() -> None:
    cover = ((-2.3, -1.7), (0.0, 0.6), (1.65, 1.85))  # Spatial Elimination 05 and 06
    eye = (0.0, PERFORMER_Y, -5.5)
    assert sphere_hidden(eye, (-2.0679, RADIUS, 2.25), RADIUS, cover)
    assert not sphere_hidden(eye, (-1.8621, RADIUS, 2.25), RADIUS, cover)  # too far in: it shows beside
    occluder = ((0.3, 2.8), (0.0, 1.5), (-0.05, 0.05))  # Number Comparison, once down
    for ball in ((2.0, 2.75), (1.5, 2.75), (2.5, 2.75), (1.5, 4.75)):
        assert sphere_hidden(eye, (ball[0], RADIUS, ball[1]), RADIUS, occluder)
