"""The Retrieval - Occluders family (MCS eval 7): a soccer ball hidden from the performer's start behind a piece of
furniture, or in plain view before it; the label is whether it is hidden and by which occluder.

The outcome is decided in plan view by :mod:`scenegen.mcs.cover` and generated only where it is unambiguous: a
hidden ball lies wholly in the shadow of its occluder's core (its footprint :data:`INSET` inside every face), the
ball grown by :data:`MARGIN`; everything else, and everything at all around a ball in view, keeps off every sight
line to that grown ball (``docs/mcs_facts.md``, Retrieval - Occluders).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

import numpy as np

from scenegen.families.occluders.declaration import DECLARATION
from scenegen.mcs.cover import clear, distances, hides
from scenegen.mcs.geometry.catalog import object_size
from scenegen.mcs.geometry.grid import PERFORMER_RADIUS
from scenegen.mcs.geometry.overlap import any_overlap, self_overlap
from scenegen.mcs.geometry.shapes import Boxes, concat
from scenegen.mcs.model import Scene, SceneObject, Show
from scenegen.mcs.objects import SOCCER_BALL_RADIUS
from scenegen.mcs.task import McsTask, Refusal, feasibility, start_clear_of_walls
from scenegen.plugin.outputs import OPTIONAL_PAIRS
from scenegen.plugin.values import lookup

#: How far inside each face of its footprint an occluder is taken to be solid (legs, rounded arms and backs).
INSET = 0.1
#: How much wider than the ball the region hidden, or kept clear, is taken to be (the ball rolls a little when
#: the scene starts; rounding).
MARGIN = 0.05
#: How far apart any two footprints stay, and the performer's start from any of them beyond its radius.
SPACING = 0.05
#: Draws the feasibility probe tries for each answer, and the share of them that must lay a scene out.
PROBE_DRAWS, PROBE_SHARE = 300, 0.05
#: Candidate places drawn at once for each piece of furniture or toy placed at random.
CANDIDATES = 12
#: The furniture as the evaluation writes it: mass at scale 1 (the evaluation's masses over their mean scale),
#: salientMaterials, materials, moveable, scale.
OCCLUDERS: dict[str, tuple[float, list[str], list[str], bool | None, tuple[float, float, float]]] = {
    "sofa_chair_10": (20.0, ["fabric"], [], None, (1.0, 1.0, 1.0)),
    "antique_armchair_2": (10.0, ["fabric", "wood"], [], True, (1.0, 1.0, 1.0)),
    "antique_armchair_3": (10.0, ["fabric", "wood"], [], True, (1.0, 1.0, 1.0)),
    "sofa_2": (45.0, ["fabric"], ["AI2-THOR/Materials/Fabrics/SofaChair2_Fabric_AlbedoTransparency"], None,
               (1.25, 1.0, 1.0)),
    "bed_14": (100.0, ["wood"], ["AI2-THOR/Materials/Wood/BlackWood"], None, (1.0, 1.0, 1.0)),
}
#: The toys, in turn: type, scale, mass, y, turn from the performer's facing, the parameter of their material (None:
#: none) and its slots, salientMaterials (as the evaluation writes them).
TOYS = (("truck_1", (2.5, 2.5, 2.5), 5.0, 0.25, 180.0, "toys.truck_1_material", 2, "wood"),
        ("block_blank_wood_cube", (1.0, 1.0, 1.0), 0.666, 0.05, 0.0, "toys.cube_material", 1, "wood"),
        ("apple_1", (1.0, 1.0, 1.0), 0.5, 0.03, 0.0, None, 0, "food"),
        ("truck_3", (1.25, 1.25, 1.25), 2.5, 0.0063, 180.0, "toys.truck_3_material", 1, "wood"),
        ("block_blank_wood_cube", (1.0, 2.0, 1.0), 0.888, 0.1, 0.0, "toys.tall_block_material", 1, "wood"))

Point = tuple[float, float]


@dataclass(frozen=True)
class Piece:
    """A piece of furniture or a toy: its type (or toy index), centre and written rotation."""

    kind: str | int
    x: float
    z: float
    turn: float


@dataclass(frozen=True)
class Layout:
    """Where everything stands; ``twin_side`` is where the occluder would stand on the ball's other side."""

    start: Point
    ball: Point
    hidden: bool
    occluder: Piece
    twin_side: Piece
    others: list[Piece]
    toys: list[Piece]


class Occluders(McsTask):
    name = "occluders"
    description = ("Retrieval - Occluders: find the ball, hidden behind furniture from the performer's start or in "
                   "plain view (MCS eval 7).")
    makes = ("Retrieval - Occluders",)
    about = ("MCS eval 7 Retrieval - Occluders: a soccer ball at a drawn distance and bearing from the performer, a "
             "piece of furniture facing along the line to it, between them (it hides the ball) or beyond the ball "
             "(the ball is in view), more furniture and toys about the room off every sight line to the ball")
    label_about = ("`target_id`, the `ball`'s place, whether it is `hidden` from the performer's start, the "
                   "`occluder_id` and `occluder_type` of the furniture hiding it (null when in view) and the "
                   "`line_occluder_type` of the furniture on the line from the start through the ball")
    declaration = DECLARATION
    pairing = OPTIONAL_PAIRS
    answers = ("hidden",)
    cues = ("line_occluder_type",)
    lays_out = "a Retrieval - Occluders room"
    checks = "scenegen.families.occluders.checks:occluders_problems"
    ids = 13
    attempts = 300

    def __init__(self, config: Mapping[str, Any]) -> None:
        self.ball_places = lookup(config, "ball.places")
        self.other_places = lookup(config, "others.places")
        super().__init__(config)

    def lay_out(self, drawn: Mapping[str, Any], rng: np.random.Generator) -> Layout | None:
        room = (float(drawn["room.width"]), float(drawn["room.depth"]))
        start = (float(drawn["performer.x"]), float(drawn["performer.z"]))
        facing = float(drawn["performer.facing"])
        ball, heading = self._ball(drawn, start, facing, rng)
        if abs(ball[0]) > room[0] / 2 - SOCCER_BALL_RADIUS or abs(ball[1]) > room[1] / 2 - SOCCER_BALL_RADIUS:
            return None  # off the floor: said before any footprint is made, as most draws that fail do
        hidden = bool(drawn["ball.hidden"])
        # The occluder must fit on both sides of the ball, and the rest keeps off both its places, so that nothing
        # but where it stands tells a hidden ball from one in view (a twin with the occluder moved is a scene too).
        sides = [_on_line(drawn["occluder.type"], ball, heading, float(drawn["occluder.gap"]), side)
                 for side in (hidden, not hidden)]
        thinnest = min(_half(drawn["occluder.type"]))
        if any(abs(side.x) > room[0] / 2 - thinnest or abs(side.z) > room[1] / 2 - thinnest for side in sides):
            return None
        placed = _boxes([("soccer_ball", *ball, 0.0), ("performer", *start, 0.0),
                         *((side.kind, side.x, side.z, side.turn) for side in sides)])
        view = (start, ball)
        if not (_inside(placed, room) and _line_ok(view, placed[2:], hidden)):
            return None
        kinds = self._other_kinds(int(drawn["others.count"]), facing, rng)
        toys: list[tuple[str | int, float]] = [(toy, TOYS[toy][4] + facing) for toy in range(int(drawn["toys.count"]))]
        fixed = self._placed_others(kinds, room, placed, view)
        if fixed is None:
            return None
        loose = _scatter(toys if self.other_places is not None else [*kinds, *toys], room,
                         concat([placed, *map(_furniture, fixed)]), view, rng)
        if loose is None:
            return None
        others = fixed + [piece for piece in loose if isinstance(piece.kind, str)]
        return Layout(start, ball, hidden, sides[0], sides[1], others,
                      [piece for piece in loose if isinstance(piece.kind, int)])

    def _ball(self, drawn: Mapping[str, Any], start: Point, facing: float,
              rng: np.random.Generator) -> tuple[Point, float]:
        """The ball's place and the heading from the start to it, written as the facing plus a bearing in
        (-180, 180] (as the evaluation writes its occluders' rotations: 315 + 103.4334 = 418.4334)."""
        if self.ball_places is None:
            heading = facing + float(drawn["ball.bearing"])
            sin, cos = math.sin(math.radians(heading)), math.cos(math.radians(heading))
            distance = float(drawn["ball.distance"])
            return (round(start[0] + distance * sin, 4), round(start[1] + distance * cos, 4)), heading
        x, z = self.ball_places[int(rng.random() * len(self.ball_places))]
        bearing = (math.degrees(math.atan2(x - start[0], z - start[1])) - facing + 180.0) % 360.0 - 180.0
        return (float(x), float(z)), round(facing + (bearing if bearing != -180.0 else 180.0), 4)

    def _other_kinds(self, count: int, facing: float, rng: np.random.Generator) -> list[tuple[str | int, float]]:
        """The type and written rotation of each further piece of furniture, drawn for each."""
        values = self.parameters.values
        types = [values["others.type" if rank < count - 1 or count == 1 else "others.last_type"].sample(rng)
                 for rank in range(count)]
        return [(kind, values["others.turn"].sample(rng) + facing) for kind in types]

    def _placed_others(self, kinds: list[tuple[str | int, float]], room: Point, placed: Boxes,
                       view: tuple[Point, Point]) -> list[Piece] | None:
        """The further furniture at the config's places (none when it gives none); None when a piece there is not
        in the room, apart from the rest and off every sight line."""
        if self.other_places is None or not kinds:
            return []
        pieces = [Piece(kind, float(x), float(z), turn) for (kind, turn), (x, z) in zip(kinds, self.other_places,
                                                                                        strict=False)]
        boxes = _boxes([(piece.kind, piece.x, piece.z, piece.turn) for piece in pieces])
        ok = (_inside(boxes, room) and not self_overlap(boxes, SPACING).any()
              and not any_overlap(boxes, placed, SPACING).any()
              and clear(*view, SOCCER_BALL_RADIUS, boxes, margin=MARGIN).all())
        return pieces if ok else None

    def build(self, drawn: Mapping[str, Any], layout: Layout, ids: list[str],
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]]:
        facing = float(drawn["performer.facing"])
        ball = SceneObject(ids[0], "soccer_ball", [Show((layout.ball[0], SOCCER_BALL_RADIUS, layout.ball[1]),
                                                        (0.0, facing, 0.0))],
                           mass=1.0, salient_materials=["rubber"], moveable=True, pickupable=True)
        toys = [_toy(key, piece, drawn) for key, piece in zip(ids[1:6], layout.toys, strict=False)]
        furniture = [_furniture_object(key, piece) for key, piece in
                     zip(ids[6:], [layout.occluder, *layout.others], strict=False)]
        scene = self.frame(drawn, (layout.start[0], 0.0, layout.start[1]), [ball, *toys, *furniture], ball.id,
                           facing=facing, description="Find and pick up the tiny light black white rubber ball.")
        scene.goal.action_list = None  # the evaluation's scenes write none
        line = furniture[0]
        return scene, {
            "target_id": ball.id, "ball": {"x": layout.ball[0], "z": layout.ball[1]}, "hidden": layout.hidden,
            "occluder_id": line.id if layout.hidden else None,
            "occluder_type": line.type if layout.hidden else None, "line_occluder_type": line.type,
        }

    def twin(self, drawn: Mapping[str, Any], layout: Layout, rng: np.random.Generator) -> Layout:
        """The same scene with the occluder on the ball's other side (every layout leaves room for it there)."""
        return replace(layout, hidden=not layout.hidden, occluder=layout.twin_side, twin_side=layout.occluder)

    def pair_record(self, drawn: Mapping[str, Any], layout: Layout, twin: Layout) -> dict[str, Any]:
        return {"factor": "occluder_side", "a": layout.hidden, "b": twin.hidden,
                "meaning": "whether the occluder on the line stands between the start and the ball (hidden)"}

    @feasibility
    def _start_in_smallest_room(self) -> Iterator[Refusal]:
        """Every start drawn lies in the smallest room, clear of its walls."""
        yield from start_clear_of_walls(self.parameters)

    @feasibility
    def _enough_places(self) -> Iterator[Refusal]:
        """A config that places the further furniture gives a place to every piece it may draw."""
        if self.other_places is not None and self.parameters.high("others.count") > len(self.other_places):
            yield "others.count", (f"up to {self.parameters.high('others.count')} pieces, and `others.places` "
                                   f"gives {len(self.other_places)} places")

    @feasibility
    def _some_layout(self) -> Iterator[Refusal]:
        """A ball in view and a hidden one (as drawn) are each laid out often enough that a sample's
        :attr:`attempts` draws do not run out: at least :data:`PROBE_SHARE` of :data:`PROBE_DRAWS` draws."""
        rng = np.random.default_rng(0)
        needed = round(PROBE_DRAWS * PROBE_SHARE)
        for hidden in self.parameters.support("ball.hidden"):
            made = 0
            for _ in range(PROBE_DRAWS):
                drawn = {**self.draw(rng), "ball.hidden": hidden, "others.count": 0, "toys.count": 0}
                made += self.lay_out(drawn, rng) is not None
                if made >= needed:
                    break
            else:
                state = "hidden" if hidden else "in view"
                yield "ball.distance", (f"{made} of {PROBE_DRAWS} starts, balls and occluders drawn keep a ball "
                                        f"{state} with its occluder fitting on both sides in the room, clear of the "
                                        f"start (at least {needed} must)")


def _on_line(kind: str, ball: Point, heading: float, gap: float, hidden: bool) -> Piece:
    """The occluder facing along the line from the start through the ball, ``gap`` from the ball's edge, before
    it (between the start and the ball) when it hides the ball, beyond it otherwise."""
    reach = (SOCCER_BALL_RADIUS + gap + object_size(kind)[2] * OCCLUDERS[kind][4][2] / 2) * (-1 if hidden else 1)
    sin, cos = math.sin(math.radians(heading)), math.cos(math.radians(heading))
    return Piece(kind, round(ball[0] + reach * sin, 4), round(ball[1] + reach * cos, 4), heading)


@cache
def _half(kind: str | int) -> tuple[float, float]:
    """Half the footprint of a furniture type, a toy (by its index in :data:`TOYS`), the ball or the performer
    (a square as wide as the performer), at the scale the family writes it."""
    if kind == "performer":
        return PERFORMER_RADIUS, PERFORMER_RADIUS
    if isinstance(kind, int):
        kind, scale = TOYS[kind][:2]
    else:
        scale = OCCLUDERS[kind][4] if kind in OCCLUDERS else (1.0, 1.0, 1.0)
    size = object_size(kind)
    return size[0] * scale[0] / 2, size[2] * scale[2] / 2


def _boxes(pieces: list[tuple[str | int, float, float, float]]) -> Boxes:
    """The footprints of ``(kind, x, z, turn)`` pieces (kinds as :func:`_half` takes them)."""
    rows = np.array([(x, z, *_half(kind), turn) for kind, x, z, turn in pieces], dtype=float).reshape(-1, 5)
    return Boxes.trusted(rows[:, :2], rows[:, 2:4], rows[:, 4])


def _furniture(piece: Piece) -> Boxes:
    return _boxes([(piece.kind, piece.x, piece.z, piece.turn)])


def _line_ok(view: tuple[Point, Point], sides: Boxes, hidden: bool) -> bool:
    """Whether the occluder on the line keeps off the performer and the ball on both sides of the ball (they are
    discs: how far it is from their centres says whether they touch), and on the side drawn (the first) hides the
    ball, or keeps off every sight line to it, as ``hidden`` says, and does the other on the other side."""
    start, ball = view
    near = [[SOCCER_BALL_RADIUS + SPACING], [PERFORMER_RADIUS + SPACING]]
    if (distances(np.array([ball, start]), sides) <= near).any():
        return False
    hiding = hides(*view, SOCCER_BALL_RADIUS + MARGIN, sides, inset=INSET)
    clearing = clear(*view, SOCCER_BALL_RADIUS, sides, margin=MARGIN)
    return bool(hiding[0] and clearing[1]) if hidden else bool(clearing[0] and hiding[1])


def _inside(boxes: Boxes, room: Point) -> bool:
    return bool((np.abs(boxes.bounds().reshape(-1, 2, 2)) <= np.array(room) / 2).all())


def _scatter(kinds: list[tuple[str | int, float]], room: Point, placed: Boxes, view: tuple[Point, Point],
             rng: np.random.Generator) -> list[Piece] | None:
    """Pieces of the given kinds and turns (furniture types, or toy indices) at random places in the room, each
    clear of what is placed and of every sight line to the ball, and their circumcircles apart; None when one of
    them finds no such place among its :data:`CANDIDATES`."""
    if not kinds:
        return []
    shapes = _boxes([(kind, 0.0, 0.0, turn) for kind, turn in kinds])
    free = np.array(room) - 2 * shapes.extent
    centres = (rng.random((len(kinds), CANDIDATES, 2)) - 0.5) * free[:, None, :]
    radii = np.hypot(shapes.half[:, 0], shapes.half[:, 1]) + SPACING / 2
    flat, reach = centres.reshape(-1, 2), np.repeat(radii, CANDIDATES)
    candidates = Boxes.trusted(flat, np.repeat(shapes.half, CANDIDATES, axis=0), np.repeat(shapes.angle, CANDIDATES))
    ok = (distances(flat, placed) > reach[:, None] + SPACING / 2).all(axis=1) \
        & clear(*view, SOCCER_BALL_RADIUS, candidates, margin=MARGIN)
    ok = ok.reshape(len(kinds), CANDIDATES) & (free > 0).all(axis=1)[:, None]
    pieces: list[Piece] = []
    for index, (kind, turn) in enumerate(kinds):
        # Circumcircles apart from the pieces already chosen.
        done = np.array([(piece.x, piece.z) for piece in pieces]).reshape(-1, 2)
        gaps = centres[index, :, None, :] - done[None]
        fits = ok[index] & ((gaps[..., 0] ** 2 + gaps[..., 1] ** 2) > (radii[index] + radii[:index]) ** 2).all(axis=1)
        if not fits.any():
            return None
        x, z = centres[index, int(np.argmax(fits))]
        pieces.append(Piece(kind, round(float(x), 4), round(float(z), 4), turn))
    return pieces



def _toy(key: str, piece: Piece, drawn: Mapping[str, Any]) -> SceneObject:
    toy, scale, mass, y, _, material, slots, salient = TOYS[int(piece.kind)]
    return SceneObject(key, toy, [Show((piece.x, y, piece.z), (0.0, piece.turn, 0.0), scale)],
                       materials=[drawn[material]] * slots if material else [], mass=mass,
                       salient_materials=[salient], moveable=True, pickupable=True)


def _furniture_object(key: str, piece: Piece) -> SceneObject:
    mass, salient, materials, moveable, scale = OCCLUDERS[str(piece.kind)]
    return SceneObject(key, str(piece.kind), [Show((piece.x, 0.0, piece.z), (0.0, piece.turn, 0.0), scale)],
                       materials=materials, mass=round(mass * sum(scale) / 3, 4), salient_materials=salient,
                       moveable=moveable, receptacle=True)
