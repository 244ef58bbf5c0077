"""How many examples a property test draws: its usual count, scaled by the hypothesis profile.

A test's own ``@settings(max_examples=...)`` takes precedence over the loaded profile, so
``make test-long`` (the ``long`` profile of conftest.py) would not reach the tests that set
a count. They ask :func:`examples` instead: the usual count under the default and ``ci``
profiles (hypothesis's 100 examples), ten times as many under ``long`` (1000), a quarter under ``dev``, the
profile of a developer's ``make test`` (conftest.py).
"""

from __future__ import annotations

from hypothesis import settings

_USUAL = 100  # max_examples of hypothesis's default profile, which ci keeps


def examples(count: int) -> int:
    """``count`` scaled by the active profile's max_examples (read when the test module is imported)."""
    return max(1, count * settings().max_examples // _USUAL)
