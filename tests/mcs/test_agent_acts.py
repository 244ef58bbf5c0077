"""The kit's agent acts: a turn to a heading takes the short way round, at most MOST_TURN degrees a step, evenly,
and ends on the heading; pointing plays its variant's animations."""

from __future__ import annotations

import pytest

from scenegen.mcs.agent_acts import MOST_TURN, POINT_LOW, POINT_STEPS, pointing, turn_to


@pytest.mark.parametrize(("facing", "heading", "steps", "speed"), [
    (0, 123.69, 25, 4.9476),  # the evaluation's Knowledgeable Agents turns, as written
    (180, 123.69, 12, -4.6925),
    (180, 240.255, 13, 4.635),
    (540, 170, 2, -5.0),
    (350, 10, 4, 5.0),
    (90, 90, 1, 0.0),
])
def test_a_turn_takes_the_short_way_evenly_and_ends_on_the_heading(facing, heading, steps, speed):
    motion, after = turn_to(216, facing, heading)
    assert (motion.step_begin, motion.step_end, after) == (216, 215 + steps, 216 + steps)
    assert motion.vector == (0.0, speed, 0.0) and abs(speed) <= MOST_TURN
    assert abs((facing + speed * steps - heading + 180) % 360 - 180) < 0.01


def test_pointing_plays_its_variant():
    raise_finger, hold = pointing(229, POINT_LOW)
    assert (raise_finger.id, raise_finger.step_begin, raise_finger.step_end) == ("Point_start_index_finger_15", 229,
                                                                                 229 + POINT_STEPS)
    assert (hold.id, hold.step_begin, hold.is_loop_animation) == ("Point_hold_index_finger_15", 236, True)
    assert pointing(10)[0].id == "Point_start_index_finger"
