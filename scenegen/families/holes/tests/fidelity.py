"""Holes's eval7 template against the development half of the evaluation's holes scenes, feature by
feature (:mod:`tests.kit.navigation_fidelity`).

    python -m scenegen.families.holes.tests.fidelity [N]

prints the side-by-side table of N generated scenes (10,000 by default) kept in ``docs/fidelity/holes.md``.
"""

from __future__ import annotations

import sys

from tests.kit.navigation_fidelity import main, navigation_features

FEATURES = navigation_features("holes")

if __name__ == "__main__":
    main("holes", sys.argv[1:])
