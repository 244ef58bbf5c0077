"""Inaccessible Goal's eval7 template against the frame it shares with the real passive-agent files
(:mod:`tests.kit.passive_frame`, which says what is measured and held to which tolerance), but for the length of
a trial with one walk: an Inaccessible Goal trial holds three (to the key, to the lock, to the goal), so it is
longer than any real trial in which one agent walks once, and the frame's figure does not apply.

    python -m scenegen.families.inaccessible_goal.tests.fidelity [N]

prints the side-by-side table of N generated pairs (10,000 by default) kept in
``docs/fidelity/inaccessible_goal.md``.
"""

from __future__ import annotations

import sys

from tests.kit.pairs import fidelity_main
from tests.kit.passive_frame import FRAME_FEATURES, FRAME_TASK

#: The frame's feature that does not apply to a trial of three walks.
NOT_APPLICABLE = "trial with one walk (steps)"
TASK, TEMPLATE = FRAME_TASK, "eval7_inaccessible_goal"
FEATURES = [feature for feature in FRAME_FEATURES if feature.name != NOT_APPLICABLE]

if __name__ == "__main__":
    fidelity_main(TASK, TEMPLATE, FEATURES, sys.argv[1:])
