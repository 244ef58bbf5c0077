"""Whether a box hides a ball, found by casting rays, for the replays of the forced-choice families' tests (an
independent check of :func:`scenegen.mcs.forced_choice.sphere_hidden`, which bounds the sight lines by wedges)."""

from __future__ import annotations

import numpy as np

#: Points on the ball's surface the rays are cast at (a Fibonacci sphere).
RAYS = 400


def hidden(eye: np.ndarray, centre: np.ndarray, radius: float, low: np.ndarray, high: np.ndarray) -> bool:
    """Whether every ray from ``eye`` to a point of the ball's surface facing it crosses the box ``low``-``high``
    (its corners, x, y, z) before reaching the ball."""
    k = np.arange(RAYS) + 0.5
    polar, turn = np.arccos(1 - 2 * k / RAYS), np.pi * (1 + 5 ** 0.5) * k
    points = centre + radius * np.stack([np.sin(polar) * np.cos(turn), np.cos(polar),
                                         np.sin(polar) * np.sin(turn)], axis=1)
    rays = points[((points - centre) @ (eye - centre)) > 0] - eye
    with np.errstate(divide="ignore", invalid="ignore"):
        near, far = (low - eye) / rays, (high - eye) / rays
    enter = np.nanmax(np.minimum(near, far), axis=1)
    leave = np.nanmin(np.maximum(near, far), axis=1)
    return bool(np.all((enter <= leave) & (enter < 1) & (leave > 0)))
