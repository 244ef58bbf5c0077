"""The builder family's config, declared once: the schema, the samplers and the reference derive from it."""

from __future__ import annotations

from scenegen.families.builder.say import MISSING
from scenegen.families.builder.shapes import KINDS
from scenegen.families.builder.world import COLOURS
from scenegen.plugin.params import Declaration, Param, Setting, number, one_of

PLACEMENTS = ("landmark", "on_top", "beside", "between")
#: The difficulty a config names, as MCU names its levels; `mixed` for a training config that spans them.
LEVELS = ("simple", "medium", "hard", "mixed")

SHARE = number("share", 0, 1)
PART_COUNT = number("part_count", 1, 8, integer=True)
STANDING_COUNT = number("standing_count", 0, 6, integer=True)
KIND = one_of("kind", tuple(KINDS), "A kind of part (the family's data/instructions.yaml words each).")
COLOUR = one_of("colour", COLOURS, "One of the six colours of the seed's builder prompt.")
PLACEMENT = one_of("placement", PLACEMENTS,
                   "landmark: counted steps from a named place; on_top: on top of a one-column part already built; "
                   "beside: on the ground some steps from one; between: on the ground halfway between the only two "
                   "parts of a kind ('halfway between the two walls').")
MISSING_KIND = one_of("missing", tuple(MISSING))

DECLARATION = Declaration(
    family="builder",
    title="builder family config",
    description=(
        "Collaborative building dialogues (the seed's builder/architect task): a voxel target built from composable "
        "parts, architect instructions that build it from the ground up, each with the gold builder answer in the "
        "seed's JSON format and the world before and after, corrections and clarification turns; written as JSONL "
        "shards. Numeric and categorical parameters use scenegen's value grammar: a constant, a list (uniform), "
        "{min, max} (numbers) or {choices, weights}."
    ),
    entries=(
        Setting("height", {"type": "integer", "minimum": 6, "maximum": 32}, 9,
                "Blocks the world holds from the ground up (y from 0 to height - 1); the seed gives no top. At least "
                "6: the tallest part (a column of four built one too high) needs five, and a first part must always "
                "fit."),
        Setting("level", {"enum": list(LEVELS)}, "mixed",
                "The difficulty the config's dialogues are made at (bundled: builder_simple, builder_medium, "
                "builder_hard), recorded in every record so that scores break down by it."),
        Param("standing", STANDING_COUNT, 0,
              "Structures standing in the world from the start that no instruction builds (parts of the config's "
              "kinds and colours, placed at random): distractors, which a reference may name, so that the world "
              "given with the instruction is needed to resolve it."),
        Param("parts", PART_COUNT, {"min": 2, "max": 5},
              "Parts a target is made of: one instruction each (a part that finds no room is left out)."),
        Param("kind", KIND, list(KINDS), "The mix of part kinds."),
        Param("colour", COLOUR, list(COLOURS), "The mix of colours (each part, and each layer of a stack)."),
        Param("placement", PLACEMENT, {"choices": list(PLACEMENTS[:3]), "weights": [50, 25, 25]},
              "How a part is placed; on_top and beside fall back to landmark when no part can be referred to."),
        Param("repeat", SHARE, 0.2,
              "Share of parts that repeat an earlier part's kind, colour, size and direction elsewhere (look-alikes "
              "make references ambiguous)."),
        Param("coreference", SHARE, 0.3,
              "Share of references to the part just built said with a pronoun ('on top of it')."),
        Param("sides", SHARE, 0.3, "Share of west and east steps said as left and right."),
        Param("correction", SHARE, 0.15,
              "Share of columns, stacks, rows, diagonals and walls built one too big, then corrected by a turn whose "
              "gold answer removes the extra blocks."),
        Param("clarification", SHARE, 0.2,
              "Share of instructions that are under-specified, labelled with what is missing, then settled by a "
              "reference question and a resolving answer."),
        Param("from_position", SHARE, 0.0,
              "Share of parts placed by counted steps on the ground whose place is said from the builder's current "
              "position (the record's position, given with every turn: 'two steps to the west of your current "
              "position') rather than from a landmark."),
        Param("move", SHARE, 0.0,
              "Share of parts on the ground (rising lines aside) followed by a turn that moves the part just built "
              "('move it two steps to the north') or lifts it ('lift it one level'): the gold answer removes its "
              "blocks and adds them again shifted (the seed's Figure 4)."),
        Param("lift", SHARE, 0.5,
              "Share of those moves that lift the part one or two levels straight up, into the air, rather than "
              "moving it along the ground."),
        Param("corners", SHARE, 0.0,
              "Share of parts said by steps from a corner (floors, rings and pyramids aside) followed by a turn that "
              "repeats the part from the other three corners, mirrored ('repeat this from the other corners', the "
              "seed's Figure 2); left out when a copy does not fit."),
        Param("corner_colours", SHARE, 0.5,
              "Share of those repeats said in a colour for each corner ('... in different colours: red from the "
              "north east corner, ...') rather than in the part's colour (never for a stack)."),
        Param("missing", MISSING_KIND, {"choices": list(MISSING), "weights": [2, 2, 1, 1, 1, 2]},
              "What an under-specified instruction leaves out; when a part offers nothing of the kind drawn, the "
              "next kind in this list that it offers is used (position always applies)."),
    ),
)
