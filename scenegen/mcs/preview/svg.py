"""A :class:`~scenegen.mcs.preview.scene.Picture` drawn as one SVG panel, and the page that holds panels.

Inside a panel the drawing's units are metres, a point ``(x, z)`` of the floor
being drawn at ``(x, -z)``: +x to the right, +z (north) up the page. Text sizes
and line widths are given in pixels here and turned into metres per panel, so
that a 59 m room and a 10 m one read alike. The SVG is written as text with the
standard library; one style block, scoped to the picture's root, serves every
panel (the stats page embeds the SVG in its HTML).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from scenegen.mcs.preview.scene import Footprint, Mark, Performer, Picture, Point, Points
from scenegen.mcs.rotation import turned

#: A box on the page, in metres: ``(left, top, right, bottom)``.
Box = tuple[float, float, float, float]

ROOT_CLASS = "scenegen-preview"
_STYLE = f"""<style>
.{ROOT_CLASS} text{{font-family:"DejaVu Sans",Arial,Helvetica,sans-serif;fill:#222}}
.{ROOT_CLASS} .title{{font-size:12px;font-weight:bold}}
.{ROOT_CLASS} .note{{font-size:10px;fill:#555}}
.{ROOT_CLASS} .room{{fill:#f6f3ea;stroke:#555}}
.{ROOT_CLASS} .lava{{fill:#f0703a}}
.{ROOT_CLASS} .holes{{fill:#3a3a3a}}
.{ROOT_CLASS} .object{{fill:#9cc3e6;stroke:#2c5f8d;fill-opacity:.85}}
.{ROOT_CLASS} .structure{{fill:#b9b9b9;stroke:#6b6b6b;fill-opacity:.5}}
.{ROOT_CLASS} .target{{fill:#ffd23f;stroke:#d1261b;fill-opacity:1}}
.{ROOT_CLASS} .target .ring{{fill:none}}
.{ROOT_CLASS} .gone{{fill:none;stroke-opacity:.4}}
.{ROOT_CLASS} .route{{fill:none;stroke:#7a3db8;stroke-opacity:.75;stroke-linejoin:round}}
.{ROOT_CLASS} .mark{{fill:#7a3db8}}
.{ROOT_CLASS} .mark text{{fill:#5b2a8c;font-size:.9em}}
.{ROOT_CLASS} .performer{{fill:#3aa655;stroke:#1d5e2e}}
.{ROOT_CLASS} .performer.start{{fill:none}}
.{ROOT_CLASS} .labels text,.{ROOT_CLASS} .mark text{{paint-order:stroke;stroke:#fff;stroke-linejoin:round}}
.{ROOT_CLASS} .pair{{fill:#eef1f6;stroke:#b8c2d3}}
.{ROOT_CLASS} .scale{{stroke:#555;fill:none}}
</style>"""

#: Pixel sizes of the drawing, whatever the room's size.
_LABEL_PX = 9.0
_LINE_PX = 1.0
_TARGET_LINE_PX = 2.5
_HALO_PX = 2.5
_MARK_DOT_PX = 1.8
#: Step numbers are this much smaller than names (the style's `.mark text`).
_MARK_FONT = 0.9
#: Marks of the same steps closer than this are drawn once.
_MARK_MERGE_PX = 12.0
#: A mark lists at most this many steps: the first ones, then the last (an agent back at its start every trial).
_MARK_STEPS = 4
#: The target's ring: at least this radius, and this far out from its footprint.
_RING_MIN_PX, _RING_GAP_PX = 8.0, 3.0
_TITLE_LINE_PX = 15.0
_LEGEND_PX = 14.0
#: Room around the drawing, as a share of its larger side (labels of objects by a wall).
_MARGIN = 0.03
#: A character of the label font is about this many font sizes wide (DejaVu Sans, lower case and digits).
_CHAR_WIDTH = 0.6
#: Footprints whose centres are closer than this (metres) share one label (a container, its lid and its placer).
_SAME_PLACE = 0.01
#: A name is not repeated closer than this (pixels) to where it already stands.
_REPEAT_PX = 60.0
#: A footprint wider and deeper than this (pixels) has a label of its own even where smaller ones stand on it.
_ALONE_PX = 60.0
#: The smallest radius the performer is drawn with, in pixels.
_PERFORMER_MIN_PX = 6.0
#: The performer's heading wedge: how far its tip reaches and how wide its base is, in radii.
_WEDGE_TIP, _WEDGE_BASE = 1.6, 0.55
_SCALE_LENGTHS = (0.5, 1.0, 2.0, 5.0, 10.0, 20.0)


@dataclass(frozen=True)
class Drawn:
    """An SVG fragment drawn from (0, 0), and its size in pixels."""

    svg: str
    width: float
    height: float


def panel(picture: Picture, titles: Sequence[str], width: float) -> Drawn:
    """``picture`` drawn ``width`` pixels wide under its title lines (the first in bold) and a legend."""
    left, top, right, bottom = _bounds(picture)
    margin = _MARGIN * max(right - left, bottom - top)
    left, top, right, bottom = left - margin, top - margin, right + margin, bottom + margin
    scale = width / (right - left)  # pixels per metre
    header = _TITLE_LINE_PX * len(titles) + _LEGEND_PX
    title_lines = "".join(
        f'<text class="{"title" if i == 0 else "note"}" x="0" y="{_n(_TITLE_LINE_PX * (i + 1) - 3)}">{escape(line)}'
        f"</text>" for i, line in enumerate(titles))
    drawing = (f'<g transform="translate({_n(-left * scale)} {_n(header - top * scale)}) scale({_n(scale)})" '
               f'font-size="{_n(_LABEL_PX / scale)}" stroke-width="{_n(_LINE_PX / scale)}">'
               f"{_scene(picture, scale, (left, top, right, bottom))}</g>")
    legend = _legend(width, _TITLE_LINE_PX * len(titles), scale)
    return Drawn(title_lines + legend + drawing, width, header + (bottom - top) * scale)


def page(placed: Iterable[tuple[float, float, Drawn]], width: float, height: float,
         frames: Iterable[tuple[float, float, float, float]] = ()) -> str:
    """The SVG document of ``placed`` fragments at their ``(x, y)``, over the ``frames`` ``(x, y, w, h)`` that
    group panels (a pair)."""
    root = (f'<svg xmlns="http://www.w3.org/2000/svg" class="{ROOT_CLASS}" width="{_n(width)}" '
            f'height="{_n(height)}" viewBox="0 0 {_n(width)} {_n(height)}">')
    parts = [root, _STYLE, f'<rect width="{_n(width)}" height="{_n(height)}" fill="#fff"/>']
    parts += [f'<rect class="pair" x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="4"/>'
              for x, y, w, h in frames]
    parts += [f'<g transform="translate({_n(x)} {_n(y)})">{drawn.svg}</g>' for x, y, drawn in placed]
    parts.append("</svg>\n")
    return "\n".join(parts)


def _scene(picture: Picture, scale: float, view: Box) -> str:
    width, depth = picture.room
    room = f'<rect class="room" x="{_n(-width / 2)}" y="{_n(-depth / 2)}" width="{_n(width)}" height="{_n(depth)}"/>'
    parts = [room, _cells(picture.lava, "lava"), _cells(picture.holes, "holes")]
    # Large first, so that what stands on a platform or a turntable is drawn over it.
    parts += [_footprint(item, scale) for item in sorted(picture.footprints, key=_area, reverse=True)]
    parts += [f'<polyline class="route" data-ids={quoteattr(" ".join(route.ids))} points="{_points(line)}"/>'
              for route in picture.routes for line in route.lines]
    parts += [f'<polyline class="route performer-route" points="{_points(line)}"/>'
              for line in picture.performer.lines]
    parts.append(_performer(picture.performer, _glyph_radius(picture.performer, scale)))
    parts.append(_labels(picture, scale, view))
    return "".join(part for part in parts if part)


def _footprint(item: Footprint, scale: float) -> str:
    kind = "structure" if item.structure else "object"
    classes = " ".join((kind, *(("target",) if item.target else ()), *(() if item.shown else ("gone",))))
    thick = f' stroke-width="{_n(_TARGET_LINE_PX / scale)}"' if item.target else ""
    shapes = "".join(f'<polygon points="{_points(outline)}"/>' for outline in item.outlines)
    if item.target:  # a ring, so that a small target shows in a large room
        left, top, right, bottom = _box_of(item)
        radius = max(math.hypot(right - left, bottom - top) / 2 + _RING_GAP_PX / scale, _RING_MIN_PX / scale)
        shapes += (f'<circle class="ring" cx="{_n((left + right) / 2)}" cy="{_n((top + bottom) / 2)}" '
                   f'r="{_n(radius)}"/>')
    return (f'<g class="{classes}" data-id={quoteattr(item.id)} data-type={quoteattr(item.type)}{thick}>'
            f"<title>{escape(item.type)} {escape(item.id)}</title>{shapes}</g>")


def _performer(performer: Performer, radius: float) -> str:
    """The performer at the step, and where it started if it has moved or turned since: a disc of ``radius`` and
    a wedge pointing where it faces."""
    start, now = performer.start, performer.now
    poses = [(now, "performer")]
    if (start.x, start.z, start.rotation_y) != (now.x, now.z, now.rotation_y):
        poses.insert(0, (start, "performer start"))
    return "".join(f'<g class="{classes}"><circle cx="{_n(pose.x)}" cy="{_n(-pose.z)}" r="{_n(radius)}"/>'
                   f'<polygon points="{_points(_wedge(pose.x, pose.z, pose.rotation_y, radius))}"/></g>'
                   for pose, classes in poses)


def _glyph_radius(performer: Performer, scale: float) -> float:
    """The performer's own radius, or more in a large room, so that its facing shows."""
    return max(performer.radius, _PERFORMER_MIN_PX / scale)


def _wedge(x: float, z: float, degrees: float, radius: float) -> Points:
    """A triangle from the performer's centre pointing where it faces."""
    corners = ((0.0, _WEDGE_TIP * radius), (_WEDGE_BASE * radius, 0.0), (-_WEDGE_BASE * radius, 0.0))
    return tuple((x + dx, z + dz) for dx, dz in (turned(right, ahead, degrees) for right, ahead in corners))


def _labels(picture: Picture, scale: float, view: Box) -> str:
    """The target's name, the step numbers at the marks, then the performer's and the other types' names, each
    where it covers no other text nor another object; a name that finds no such place is left out (its footprint's
    tooltip still gives it), a step number is drawn all the same."""
    font = _LABEL_PX / scale
    performer = picture.performer.now
    around_performer = _box_around([(performer.x, performer.z)], _glyph_radius(picture.performer, scale))
    board = _Board(view, [around_performer, *(_box_of(item) for item in picture.footprints
                                              if item.shown and not item.structure)])
    names = _type_labels(picture.footprints, _ALONE_PX / scale)
    texts = _names(board, [(around, text) for around, text, target in names if target], font, scale)
    marks = "".join(_mark(mark, board, font, scale) for mark in _distinct(picture.marks, _MARK_MERGE_PX / scale))
    texts += _names(board, [(around_performer, "performer"),
                            *((around, text) for around, text, target in names if not target)], font, scale)
    halo = f'stroke-width="{_n(_HALO_PX / scale)}"'
    return (f'<g class="marks" {halo}>{marks}</g>' if marks else "") + (
        f'<g class="labels" {halo}>{"".join(texts)}</g>' if texts else "")


def _names(board: _Board, requests: Iterable[tuple[Box, str]], font: float, scale: float) -> list[str]:
    """The texts of the names that find a free place by their boxes, in turn (a name already close by is not
    repeated: a row of walls needs one)."""
    return [_text(spot, text) for around, text in requests
            if not board.repeats(around, text, _REPEAT_PX / scale) and (spot := board.place(around, text, font))]


def _text(spot: Point, text: str) -> str:
    return f'<text x="{_n(spot[0])}" y="{_n(spot[1])}" text-anchor="middle" dy=".35em">{escape(text)}</text>'


def _mark(mark: Mark, board: _Board, font: float, scale: float) -> str:
    x, z = mark.point
    dot = _MARK_DOT_PX / scale
    steps = [*mark.steps[:_MARK_STEPS - 1], "…", mark.steps[-1]] if len(mark.steps) > _MARK_STEPS else mark.steps
    text = ", ".join(map(str, steps))
    spot = board.place_anyway(_box_around([(x, z)], dot), text, font * _MARK_FONT)
    return f'<g class="mark"><circle cx="{_n(x)}" cy="{_n(-z)}" r="{_n(dot)}"/>{_text(spot, text)}</g>'


def _distinct(marks: Sequence[Mark], near: float) -> list[Mark]:
    """The marks less those with the same steps as one kept less than ``near`` from it (a placer moving with
    what it drags, a few centimetres apart)."""
    kept: list[Mark] = []
    for mark in marks:
        if not any(other.steps == mark.steps and math.dist(other.point, mark.point) < near for other in kept):
            kept.append(mark)
    return kept


def _type_labels(footprints: Sequence[Footprint], alone: float) -> list[tuple[Box, str, bool]]:
    """``(box, types, holds the target)`` of each label: the target's first, then other objects', structures',
    and those of what is not in the scene at the step; small before large. Footprints standing at one place (a
    container, its lid and its placer) share a label, but for those wider and deeper than ``alone`` (a turntable
    under a container)."""
    places: list[list[Footprint]] = []
    for item in sorted(footprints, key=lambda item: (not item.target, item.structure, not item.shown, _area(item))):
        left, top, right, bottom = _box_of(item)
        large = min(right - left, bottom - top) > alone
        centre = ((left + right) / 2, (top + bottom) / 2)
        same = None if large else next((place for place in places if math.dist(_centre(place[0]), centre)
                                        < _SAME_PLACE), None)
        if same is None:
            places.append([item])
        else:
            same.append(item)
    return [(_box_around([point for item in place for outline in item.outlines for point in outline]),
             _joined_types(place), any(item.target for item in place)) for place in places]


def _joined_types(place: Sequence[Footprint]) -> str:
    counts = Counter(item.type for item in place)
    return " + ".join(kind if count == 1 else f"{kind} x{count}" for kind, count in counts.items())


class _Board:
    """Where text stands in a panel, and the objects it should not cover (boxes in page metres)."""

    def __init__(self, view: Box, obstacles: Sequence[Box]) -> None:
        self.view = view
        self.obstacles = obstacles
        self.taken: list[Box] = []
        self.texts: list[tuple[Box, str]] = []

    def place(self, around: Box, text: str, font: float) -> Point | None:
        """The centre of ``text`` at the first of its spots by the box ``around`` that covers no text and no
        object but those within ``around``; None if there is none."""
        return next((self._take(box, text) for box in _spots(around, text, font)
                     if self._free(box) and not any(_overlapping(box, other) for other in self.obstacles
                                                    if not _within(other, around))), None)

    def place_anyway(self, around: Box, text: str, font: float) -> Point:
        """The centre of ``text`` at the first of its spots by the box ``around`` that covers no text (objects
        aside), or at its first spot when none is free."""
        spots = _spots(around, text, font)
        return self._take(next((box for box in spots if self._free(box)), spots[0]), text)

    def repeats(self, around: Box, text: str, near: float) -> bool:
        """Whether ``text`` already stands closer than ``near`` to the box ``around``."""
        return any(other == text and _gap(box, around) < near for box, other in self.texts)

    def _free(self, box: Box) -> bool:
        """Inside the panel, and over no text."""
        left, top, right, bottom = self.view
        return (left <= box[0] and top <= box[1] and box[2] <= right and box[3] <= bottom
                and not any(_overlapping(box, other) for other in self.taken))

    def _take(self, box: Box, text: str) -> Point:
        self.taken.append(box)
        self.texts.append((box, text))
        return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _spots(around: Box, text: str, font: float) -> list[Box]:
    """Boxes for ``text`` by the box ``around``: inside it if it fits, else below, above, right, left, then a line
    further below and above."""
    half_w, half_h = _text_width(text, font) / 2, font * 0.6
    left, top, right, bottom = around
    centre_x, centre_y = (left + right) / 2, (top + bottom) / 2
    gap = font * 0.3
    centres = [(centre_x, bottom + half_h), (centre_x, top - half_h), (right + gap + half_w, centre_y),
               (left - gap - half_w, centre_y), (centre_x, bottom + 3 * half_h), (centre_x, top - 3 * half_h)]
    if right - left > 2 * half_w and bottom - top > 2 * half_h:
        centres.insert(0, (centre_x, centre_y))
    return [(x - half_w, y - half_h, x + half_w, y + half_h) for x, y in centres]


def _text_width(text: str, font: float) -> float:
    return len(text) * _CHAR_WIDTH * font


def _overlapping(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _gap(a: Box, b: Box) -> float:
    """How far apart two boxes are (0 when they touch or overlap)."""
    return math.hypot(max(0.0, a[0] - b[2], b[0] - a[2]), max(0.0, a[1] - b[3], b[1] - a[3]))


def _within(inner: Box, outer: Box) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def _box_around(points: Iterable[Point], pad: float = 0.0) -> Box:
    """The page box ``(left, top, right, bottom)`` of floor points, grown by ``pad``."""
    xs, ys = zip(*((x, -z) for x, z in points), strict=True)
    return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad


def _bounds(picture: Picture) -> Box:
    """The page box of the room and of everything drawn in it."""
    width, depth = picture.room
    points = [(-width / 2, -depth / 2), (width / 2, depth / 2)]
    points += [point for item in picture.footprints for outline in item.outlines for point in outline]
    performer = picture.performer
    points += [(pose.x + dx, pose.z + dz) for pose in (performer.start, performer.now)
               for dx, dz in ((-performer.radius, -performer.radius), (performer.radius, performer.radius))]
    return _box_around(points)


def _legend(width: float, y: float, scale: float) -> str:
    """North (+z) is up, and a scale bar of a round length about a sixth of the panel wide."""
    length = max((metres for metres in _SCALE_LENGTHS if metres * scale <= width / 6), default=_SCALE_LENGTHS[0])
    bar_right, bar_left, base = width - 4, width - 4 - length * scale, y + _LEGEND_PX - 4
    return (f'<text class="note" x="0" y="{_n(base)}">↑ north (+z) · x to the right</text>'
            f'<path class="scale" d="M{_n(bar_left)} {_n(base - 4)}v4H{_n(bar_right)}v-4"/>'
            f'<text class="note" x="{_n(bar_left - 4)}" y="{_n(base)}" text-anchor="end">{length:g} m</text>')


def _cells(cells: Points, kind: str) -> str:
    """Floor cells (1 m squares centred on integer x and z) as one path."""
    if not cells:
        return ""
    squares = "".join(f"M{_n(x - 0.5)} {_n(-z - 0.5)}h1v1h-1z" for x, z in cells)
    return f'<path class="{kind}" d="{squares}"/>'


def _box_of(item: Footprint) -> Box:
    return _box_around([point for outline in item.outlines for point in outline])


def _area(item: Footprint) -> float:
    left, top, right, bottom = _box_of(item)
    return (right - left) * (bottom - top)


def _centre(item: Footprint) -> Point:
    left, top, right, bottom = _box_of(item)
    return (left + right) / 2, (top + bottom) / 2


def _points(points: Points) -> str:
    """Floor points as SVG points: ``x,-z``."""
    return " ".join(f"{_n(x)},{_n(-z)}" for x, z in points)


def _n(value: float) -> str:
    """A number with at most three decimals (a millimetre), and no ``-0``."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
