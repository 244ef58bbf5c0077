"""Where the text of a panel stands: each label at the first of a few candidate spots around what it names that
covers no text already placed (nor, for names, another object), inside the panel.

Boxes are ``(left, top, right, bottom)`` on the page, in the panel's units (metres). A text's box is estimated
from its length and the font size: the renderer's font is not at hand, and DejaVu Sans's lower case and digits
are about 0.6 of the font size wide.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

Point = tuple[float, float]
#: A box on the page: ``(left, top, right, bottom)``.
Box = tuple[float, float, float, float]

#: A character of the label font is about this many font sizes wide (DejaVu Sans, lower case and digits).
CHAR_WIDTH = 0.6
#: A line of text is this many font sizes high, halo included.
_LINE_HEIGHT = 1.2
#: The gap between a text and what it names, in font sizes.
_GAP = 0.3


class Board:
    """The texts placed in one panel so far, the panel's box, and the objects names should not cover."""

    def __init__(self, view: Box, obstacles: Sequence[Box]) -> None:
        self.view = view
        self.obstacles = obstacles
        self.texts: list[tuple[Box, str]] = []

    def place(self, around: Box, text: str, font: float, *, over_objects: bool = False) -> Point | None:
        """The centre of ``text`` at the first of its spots by the box ``around`` that lies in the panel and covers
        no text and (unless ``over_objects``) no object but those within ``around``; None if there is none."""
        for box in spots(around, text, font):
            if self._free(box) and (over_objects or not self._covers_object(box, around)):
                self.texts.append((box, text))
                return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        return None

    def repeats(self, around: Box, text: str, near: float) -> bool:
        """Whether ``text`` already stands closer than ``near`` to the box ``around``."""
        return any(other == text and gap(box, around) < near for box, other in self.texts)

    def _free(self, box: Box) -> bool:
        """Inside the panel, and over no text."""
        return within(box, self.view) and not any(overlapping(box, other) for other, _ in self.texts)

    def _covers_object(self, box: Box, around: Box) -> bool:
        return any(overlapping(box, other) for other in self.obstacles if not within(other, around))


def spots(around: Box, text: str, font: float) -> list[Box]:
    """Candidate boxes for ``text`` by the box ``around``, in order of preference: inside it if it fits, below,
    above, right, left, the four corners, then a line further below and above."""
    half_w, half_h = text_width(text, font) / 2, font * _LINE_HEIGHT / 2
    left, top, right, bottom = around
    centre_x, centre_y = (left + right) / 2, (top + bottom) / 2
    gap_ = font * _GAP
    below, above = bottom + half_h, top - half_h
    to_right, to_left = right + gap_ + half_w, left - gap_ - half_w
    centres = [(centre_x, below), (centre_x, above), (to_right, centre_y), (to_left, centre_y),
               (to_right, below), (to_left, below), (to_right, above), (to_left, above),
               (centre_x, below + 2 * half_h), (centre_x, above - 2 * half_h)]
    if right - left > 2 * half_w and bottom - top > 2 * half_h:
        centres.insert(0, (centre_x, centre_y))
    return [text_box((x, y), text, font) for x, y in centres]


def text_box(centre: Point, text: str, font: float) -> Box:
    """The box a line of ``text`` of size ``font`` covers, centred on ``centre``."""
    half_w, half_h = text_width(text, font) / 2, font * _LINE_HEIGHT / 2
    return centre[0] - half_w, centre[1] - half_h, centre[0] + half_w, centre[1] + half_h


def text_width(text: str, font: float) -> float:
    return len(text) * CHAR_WIDTH * font


def overlapping(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def gap(a: Box, b: Box) -> float:
    """How far apart two boxes are (0 when they touch or overlap)."""
    return math.hypot(max(0.0, a[0] - b[2], b[0] - a[2]), max(0.0, a[1] - b[3], b[1] - a[3]))


def within(inner: Box, outer: Box) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def box_around(points: Iterable[Point], pad: float = 0.0) -> Box:
    """The page box of floor points ``(x, z)`` (page y is -z), grown by ``pad``."""
    xs, ys = zip(*((x, -z) for x, z in points), strict=True)
    return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad
