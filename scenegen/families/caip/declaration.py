"""CAIP's config, declared once: the schema, the samplers and the reference derive from it."""

from __future__ import annotations

from scenegen.plugin.params import Declaration, Param, Setting, number, one_of

DIALOGUE_TYPES = ("HUMAN_GIVE_COMMAND", "GET_MEMORY", "PUT_MEMORY", "NOOP")
ACTION_TYPES = ("BUILD", "COPY", "DANCE", "SPAWN", "RESUME", "FILL", "DESTROY", "MOVE", "UNDO", "STOP", "DIG",
                "FREEBUILD", "OTHERACTION")
LOCATION_TYPES = ("REFERENCE_OBJECT", "COORDINATES", "AGENT_POS", "SPEAKER_POS", "SPEAKER_LOOK")
CORRUPTIONS = ("categorical", "span", "node")
LOOP_FORMS = ("annotated", "figures")

DIALOGUE_TYPE = one_of("dialogue_type", DIALOGUE_TYPES)
ACTION_TYPE = one_of("action_type", ACTION_TYPES,
                     "An action of Appendix C; COPY is written as a BUILD with a reference_object, OTHERACTION is a "
                     "command outside the grammar.")
LOCATION_TYPE = one_of("location_type", LOCATION_TYPES)
CORRUPTION = one_of("corruption", CORRUPTIONS,
                    "categorical: one categorical value changed; span: one span moved; node: one optional node (a "
                    "leaf, a subtree or an action of a composite) removed.")
SHARE = number("share", 0, 1)
ACTION_COUNT = number("action_count", 1, 4, integer=True)
ATTRIBUTE_COUNT = number("attribute_count", 0, 4, integer=True)

DECLARATION = Declaration(
    family="caip",
    title="caip family config",
    description=(
        "Synthetic CraftAssist (CAIP) commands paired with logical forms, written as JSONL shards for training "
        "semantic parsers. Numeric and categorical parameters use scenegen's value grammar: a constant, a list "
        "(uniform), {min, max} (numbers) or {choices, weights}."
    ),
    entries=(
        Param("dialogue_type", DIALOGUE_TYPE, {"choices": list(DIALOGUE_TYPES), "weights": [86, 6, 1.2, 6.8]},
              "The mix of dialogue types: commands, questions (GET_MEMORY), tagging and rewards (PUT_MEMORY), chatter "
              "(NOOP)."),
        Param("action_type", ACTION_TYPE,
              {"choices": list(ACTION_TYPES), "weights": [17, 5, 0.2, 5, 2, 4, 11, 13, 2, 4, 8, 3, 26.5]},
              "The mix of actions in commands (each action of a composite command is drawn from it). The default "
              "follows people: about a quarter of their commands are OTHERACTION ('bring me', 'gather', 'climb')."),
        Param("actions_per_command", ACTION_COUNT, {"choices": [1, 2, 3], "weights": [96, 3.5, 0.5]},
              "How many actions a command chains ('build a house and then dig a hole' has two); people chain "
              "actions in a few percent of their commands."),
        Param("bare", SHARE, 0.14,
              "Share of actions said with their verb alone where people do so ('build', 'destroy', 'dig', 'move'): "
              "no object, no location."),
        Param("location", SHARE, 0.15,
              "Share of actions that may take a location (Build, Copy, Spawn, Dig, Dance, FreeBuild) that are given "
              "one. Move always goes somewhere unless it has a stop condition; an OtherAction has a location when it "
              "moves its object ('push the box next to the tree')."),
        Param("location_type", LOCATION_TYPE, {"choices": list(LOCATION_TYPES), "weights": [65, 3, 17, 9, 6]},
              "The mix of location types. A reference object's own location needs no deeper object, so there only the "
              "types other than REFERENCE_OBJECT are drawn (in the same proportions)."),
        Param("nested_location", SHARE, 0.08,
              "Share of reference objects described by a location of their own ('destroy the building that's in front "
              "of you'), where the grammar allows one (one level of nesting); a quarter of that for the object a "
              "location is relative to, which people name whole ('next to the sidewalk of the school')."),
        Param("steps", SHARE, 0.15,
              "Share of locations that count steps ('5 blocks to the left of the house'), scaled by phrases.yaml's "
              "steps_factor of the location type (people count steps from themselves far more than from objects)."),
        Param("repeat", SHARE, 0.07,
              "Share of repeatable actions with a REPEAT (a count such as 'three houses' or '3 times', or ALL)."),
        Param("repeat_all", SHARE, 0.5,
              "Share of repeats said by a reference object that are ALL ('destroy all the trees') rather than FOR "
              "with a count ('destroy 2 trees')."),
        Param("repeat_direction", SHARE, 0.03,
              "Share of counted objects with a repeat direction ('3 towers in a row to the left')."),
        Param("stop_condition", SHARE, 0.05,
              "Share of actions that can loop (Move, Dig, Dance, Build, Copy, FreeBuild, OtherAction; with "
              "loop_form figures only Move, Dig and Dance) that repeat until a STOP_CONDITION ('until you reach "
              "water', 'forever', 'for 5 minutes')."),
        Setting("loop_form", {"enum": list(LOOP_FORMS)}, "annotated",
                "Where an open-ended loop goes. annotated: as the annotated examples of Appendix D write it, "
                "repeat: {stop_condition: ...} on the action, and a count said by the object ('destroy 2 trees', "
                "'dig 4 holes') is the action's repeat; figures: as Appendix C's figures 22-25 draw it, "
                "stop_condition on the action (Move, Dig and Dance only) and the count on the object."),
        Param("coreference", SHARE, 0.15,
              "Share of reference objects named with a coreference word ('that house', 'it')."),
        Param("coref_resolve", SHARE, 0.0,
              "Share of coreferences that also mark the coreference word as a coref_resolve span (the CraftAssist "
              "action-dictionary form; no annotated example and no Appendix C figure has one, so 0 by default: "
              "contains_coreference alone)."),
        Param("attributes", ATTRIBUTE_COUNT, {"choices": [0, 1, 2, 3], "weights": [80, 15, 4, 1]},
              "How many attributes (size, colour, block type, dimensions ...) describe a schematic or a reference "
              "object; phrases.yaml weighs which ones (colour, size and material far more than dimensions)."),
        Param("tag", SHARE, 0.08,
              "Share of schematics and reference objects with a has_tag phrase ('with a porch', 'that i built')."),
        Param("count_words", SHARE, 0.4,
              "Share of numbers written as words ('three') rather than digits ('3'); a number said in words is at "
              "most twenty."),
        Param("prefix", SHARE, 0.03, "Share of commands opened by a prefix ('please', 'hey bot', 'can you')."),
        Param("suffix", SHARE, 0.06, "Share of commands closed by a suffix ('now', 'for me')."),
        Param("punctuation", SHARE, 0.0, "Share of statements ending in punctuation ('.', '!', '!!')."),
        Param("question_mark", SHARE, 1.0, "Share of questions ending in a question mark."),
        Param("capitals", SHARE, 0.0,
              "Share of records typed with a capital first letter ('Build a house'); the paper's preprocessed "
              "human commands are lowercase (Appendix A)."),
        Setting("commas", {"type": "boolean"}, False,
                "Whether the words around a command's spans keep their commas ('hey bot , build a house', ', "
                "please'); the paper's preprocessed human commands carry none, so it is off by default. "
                "Commas inside a span (coordinates) stay."),
        Param("typos", SHARE, 0.04,
              "Share of the words lexicon.yaml lists misspellings for that are typed misspelt ('biuld a hosue'), "
              "as people type in chat."),
        Setting("reference_block_type", {"type": "boolean"}, True,
                "Whether reference objects may be described by their material ('destroy the wooden shed', 'copy the "
                "brick structure') with a has_block_type, as the later CraftAssist annotations allow (Appendix C's "
                "grammar does not); records are then validated against caip_record_materials, which accepts it."),
        Param("negatives", SHARE, 0.0,
              "Share of records paired with a negative: a minimally corrupted logical form for training rerankers (0 "
              "for none)."),
        Param("negative_kind", CORRUPTION, {"choices": list(CORRUPTIONS), "weights": [1, 1, 1]},
              "The mix of corruptions used for negatives; when a record offers nothing of the kind drawn, the next "
              "kind is used."),
    ),
)
