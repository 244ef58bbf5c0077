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

from scenegen.mcs.preview.labels import Board, Box, box_around, within
from scenegen.mcs.preview.routes import Mark, Point, Points
from scenegen.mcs.preview.scene import Footprint, Performer, Picture
from scenegen.mcs.rotation import turned

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
.{ROOT_CLASS} .labels .pointer{{fill:#1d5e2e;font-style:italic}}
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
#: Arrows pointing to the performer out of a zoomed view, by its bearing on the page in eighths of a turn from
#: +x (page y grows downward, so a quarter turn is down).
_ARROWS = ("→", "↘", "↓", "↙", "←", "↖", "↑", "↗")


@dataclass(frozen=True)
class Drawn:
    """An SVG fragment drawn from (0, 0), and its size in pixels."""

    svg: str
    width: float
    height: float


def panel(picture: Picture, titles: Sequence[str], width: float) -> Drawn:
    """``picture`` drawn ``width`` pixels wide under its title lines (the first in bold) and a legend; a zoomed
    picture says so in its legend and clips what lies beyond its extent."""
    least_x, least_z, most_x, most_z = picture.extent
    left, top, right, bottom = least_x, -most_z, most_x, -least_z
    margin = _MARGIN * max(right - left, bottom - top)
    left, top, right, bottom = left - margin, top - margin, right + margin, bottom + margin
    scale = width / (right - left)  # pixels per metre
    header = _TITLE_LINE_PX * len(titles) + _LEGEND_PX
    height = (bottom - top) * scale
    title_lines = "".join(
        f'<text class="{"title" if i == 0 else "note"}" x="0" y="{_n(_TITLE_LINE_PX * (i + 1) - 3)}">{escape(line)}'
        f"</text>" for i, line in enumerate(titles))
    drawing = (f'<svg class="view" x="0" y="{_n(header)}" width="{_n(width)}" height="{_n(height)}" '
               f'viewBox="{_n(left)} {_n(top)} {_n(right - left)} {_n(bottom - top)}">'
               f'<g font-size="{_size(_LABEL_PX / scale)}" stroke-width="{_size(_LINE_PX / scale)}">'
               f"{_scene(picture, scale, (left, top, right, bottom))}</g></svg>")
    legend = _legend(width, _TITLE_LINE_PX * len(titles), scale, picture.zoomed)
    return Drawn(title_lines + legend + drawing, width, header + height)


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
    if picture.performer is not None:
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
    """The names of what has a role (the target's first), the step numbers at the marks, then the performer's
    (or where it is, out of a zoomed view) and the other types' names: each at the first spot by what it names
    that covers no other text (a name nor another object); a text that finds no such spot is left out (a
    footprint's tooltip gives its type and id, a mark's dot its steps)."""
    font = _LABEL_PX / scale
    performer = picture.performer
    around_performer = None if performer is None else _around_performer(performer, scale)
    board = Board(view, [*([around_performer] if around_performer else []),
                         *(_box_of(item) for item in picture.footprints if item.shown and not item.structure)])
    names = _place_labels(picture.footprints, _ALONE_PX / scale)
    texts = _role_names(board, [(around, text) for around, text, named in names if named], font)
    marks = "".join(_mark(mark, board, font, scale) for mark in _distinct(picture.marks, _MARK_MERGE_PX / scale))
    if performer is not None and around_performer is not None:
        texts += _performer_name(performer, around_performer, board, view, font)
    texts += _names(board, [(around, text) for around, text, named in names if not named], font, _REPEAT_PX / scale)
    halo = f'stroke-width="{_n(_HALO_PX / scale)}"'
    return (f'<g class="marks" {halo}>{marks}</g>' if marks else "") + (
        f'<g class="labels" {halo}>{"".join(texts)}</g>' if texts else "")


def _around_performer(performer: Performer, scale: float) -> Box:
    now = performer.now
    return box_around([(now.x, now.z)], _glyph_radius(performer, scale))


def _performer_name(performer: Performer, around: Box, board: Board, view: Box, font: float) -> list[str]:
    """``performer`` by the performer; when a zoomed view leaves it out, ``performer ↓ 6.2 m`` at the edge of
    the view toward it."""
    if within(around, view):
        return _role_names(board, [(around, "performer")], font)
    left, top, right, bottom = view
    centre_x, centre_y = (left + right) / 2, (top + bottom) / 2
    dx, dy = performer.now.x - centre_x, -performer.now.z - centre_y
    # The point where the line from the view's centre to the performer leaves the view.
    reach = min(abs((right - centre_x) / dx) if dx else math.inf, abs((bottom - centre_y) / dy) if dy else math.inf)
    edge_x, edge_y = centre_x + dx * reach, centre_y + dy * reach
    distance = math.hypot(edge_x - performer.now.x, edge_y + performer.now.z)
    arrow = _ARROWS[round(math.degrees(math.atan2(dy, dx)) / 45) % 8]
    text = f"performer {arrow} {distance:.1f} m"
    spot = board.place((edge_x, edge_y, edge_x, edge_y), text, font, over_objects=True)
    return [] if spot is None else [_text(spot, text, "pointer")]


def _role_names(board: Board, requests: Iterable[tuple[Box, str]], font: float) -> list[str]:
    """The texts of names that matter (roles, the performer), in turn: every one, however many decoys stand in a
    row, at a spot clear of other objects if there is one, else over one (a ball in a container), never over
    text."""
    return [_text(spot, text) for around, text in requests
            if (spot := board.place(around, text, font) or board.place(around, text, font, over_objects=True))]


def _names(board: Board, requests: Iterable[tuple[Box, str]], font: float, apart: float) -> list[str]:
    """The texts of the types' names that find a spot clear of other objects, in turn; a name already standing
    closer than ``apart`` is not repeated (a row of walls needs one)."""
    return [_text(spot, text) for around, text in requests
            if not board.repeats(around, text, apart) and (spot := board.place(around, text, font))]


def _text(spot: Point, text: str, kind: str = "") -> str:
    classes = f' class="{kind}"' if kind else ""
    return (f'<text{classes} x="{_n(spot[0])}" y="{_n(spot[1])}" text-anchor="middle" dy=".35em">{escape(text)}'
            f"</text>")


def _mark(mark: Mark, board: Board, font: float, scale: float) -> str:
    """A dot where motions start or end, and their steps beside it where they cover no other text (the dot's
    tooltip gives them all the same)."""
    x, z = mark.point
    dot = _MARK_DOT_PX / scale
    steps = [*mark.steps[:_MARK_STEPS - 1], "…", mark.steps[-1]] if len(mark.steps) > _MARK_STEPS else mark.steps
    text = ", ".join(map(str, steps))
    spot = board.place(box_around([(x, z)], dot), text, font * _MARK_FONT, over_objects=True)
    steps_text = "" if spot is None else _text(spot, text)
    return (f'<g class="mark"><circle cx="{_n(x)}" cy="{_n(-z)}" r="{_n(dot)}">'
            f'<title>steps {", ".join(map(str, mark.steps))}</title></circle>{steps_text}</g>')


def _distinct(marks: Sequence[Mark], near: float) -> list[Mark]:
    """The marks less those with the same steps as one kept less than ``near`` from it (a placer moving with
    what it drags, a few centimetres apart)."""
    kept: list[Mark] = []
    for mark in marks:
        if not any(other.steps == mark.steps and math.dist(other.point, mark.point) < near for other in kept):
            kept.append(mark)
    return kept


def _place_labels(footprints: Sequence[Footprint], alone: float) -> list[tuple[Box, str, bool]]:
    """``(box, text, names a role)`` of each label: those with roles first (the target's leading), then other
    objects', structures', and those of what is not in the scene at the step; small before large. Footprints
    standing at one place (a container, its lid and its placer) share a label, but for those wider and deeper
    than ``alone`` (a turntable under a container)."""
    places: list[list[Footprint]] = []
    order = sorted(footprints, key=lambda item: (not item.target, not item.roles, item.structure, not item.shown,
                                                  _area(item)))
    for item in order:
        left, top, right, bottom = _box_of(item)
        large = min(right - left, bottom - top) > alone
        centre = ((left + right) / 2, (top + bottom) / 2)
        same = None if large else next((place for place in places if math.dist(_centre(place[0]), centre)
                                        < _SAME_PLACE), None)
        if same is None:
            places.append([item])
        else:
            same.append(item)
    return [(box_around([point for item in place for outline in item.outlines for point in outline]),
             _place_text(place), any(item.roles for item in place)) for place in places]


def _place_text(place: Sequence[Footprint]) -> str:
    """The roles of what stands at one place (``target, held``), or else its types (``lid + cylinder x2``)."""
    named = [", ".join(item.roles) for item in place if item.roles]
    if named:
        return " + ".join(named)
    counts = Counter(item.type for item in place)
    return " + ".join(kind if count == 1 else f"{kind} x{count}" for kind, count in counts.items())


def _legend(width: float, y: float, scale: float, zoomed: bool) -> str:
    """North (+z) is up, whether the view is zoomed, and a scale bar of a round length about a sixth of the panel
    wide."""
    length = max((metres for metres in _SCALE_LENGTHS if metres * scale <= width / 6), default=_SCALE_LENGTHS[0])
    bar_right, bar_left, base = width - 4, width - 4 - length * scale, y + _LEGEND_PX - 4
    # "zoomed in" where "x to the right" stood: the legend fits a contact sheet's panel beside the scale bar.
    aside = "zoomed in" if zoomed else "x to the right"
    return (f'<text class="note" x="0" y="{_n(base)}">↑ north (+z) · {aside}</text>'
            f'<path class="scale" d="M{_n(bar_left)} {_n(base - 4)}v4H{_n(bar_right)}v-4"/>'
            f'<text class="note" x="{_n(bar_left - 4)}" y="{_n(base)}" text-anchor="end">{length:g} m</text>')


def _cells(cells: Points, kind: str) -> str:
    """Floor cells (1 m squares centred on integer x and z) as one path."""
    if not cells:
        return ""
    squares = "".join(f"M{_n(x - 0.5)} {_n(-z - 0.5)}h1v1h-1z" for x, z in cells)
    return f'<path class="{kind}" d="{squares}"/>'


def _box_of(item: Footprint) -> Box:
    return box_around([point for outline in item.outlines for point in outline])


def _area(item: Footprint) -> float:
    left, top, right, bottom = _box_of(item)
    return (right - left) * (bottom - top)


def _centre(item: Footprint) -> Point:
    left, top, right, bottom = _box_of(item)
    return (left + right) / 2, (top + bottom) / 2


def _points(points: Points) -> str:
    """Floor points as SVG points: ``x,-z``."""
    return " ".join(f"{_n(x)},{_n(-z)}" for x, z in points)


def _size(value: float) -> str:
    """A size in metres to four significant digits: a label in a 59 m room is a few centimetres high, and a
    millimetre is more than 4% of it."""
    return f"{value:.4g}"


def _n(value: float) -> str:
    """A number with at most three decimals (a millimetre), and no ``-0``."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
