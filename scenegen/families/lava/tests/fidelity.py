"""Lava's eval7 template against the development half of the evaluation's lava scenes, feature by
feature (:mod:`tests.kit.navigation_fidelity`).

    python -m scenegen.families.lava.tests.fidelity [N]

prints the side-by-side table of N generated scenes (10,000 by default) kept in ``docs/fidelity/lava.md``.
"""

from __future__ import annotations

import sys

from tests.kit.navigation_fidelity import main, navigation_features

FEATURES = navigation_features("lava")

if __name__ == "__main__":
    main("lava", sys.argv[1:])
