"""Multiple Agents' eval7 template against the frame it shares with the real passive-agent files
(:mod:`tests.kit.passive_frame`, which says what is measured and held to which tolerance).

    python -m scenegen.families.multiple_agents.tests.fidelity [N]

prints the side-by-side table of N generated pairs (10,000 by default) kept in ``docs/fidelity/multiple_agents.md``.
"""

from __future__ import annotations

import sys

from tests.kit.pairs import fidelity_main
from tests.kit.passive_frame import FRAME_FEATURES, FRAME_TASK

TASK, TEMPLATE, FEATURES = FRAME_TASK, "eval7_multiple_agents", FRAME_FEATURES

if __name__ == "__main__":
    fidelity_main(TASK, TEMPLATE, FEATURES, sys.argv[1:])
