"""Config entries the passive-agent grid-world families declare alike (Object Preference, Efficient Action,
Inaccessible Goal, Multiple Agents, Instrumental Action, and some of them Helper/Hinderer): the room's materials and
the performer's pillar and view, the grid's size, the number of familiarisation trials, the agents' walking pace and
steps, the one agent's blob and the two goal objects' pools."""

from __future__ import annotations

from scenegen.mcs.gridworld.palette import (
    AGENT_COLOUR,
    AGENT_COLOURS,
    AGENT_TYPE,
    AGENT_TYPES,
    OBJECT_COLOUR,
    OBJECT_COLOURS,
    OBJECT_TYPE,
    OBJECT_TYPES,
    VIEW,
)
from scenegen.mcs.materials import palette
from scenegen.plugin.params import MATERIAL, Domain, Param, Setting, number

#: How fast an agent may walk.
SPEED = number("speed", 0.05, 0.3, "metres per step", ranged=False)
#: How many steps a walk takes.
WALK_STEPS = number("walk_steps", 2, 60, "steps", integer=True)


def grid_size(fits: str) -> Domain:
    """``grid.size``'s domain: 4 to 20 cells a side; ``fits`` says which of them the family's layout fits in."""
    return number("grid_size", 4, 20, f"cells (0.5 m) a side inside the border walls; {fits}", integer=True)


def familiarization() -> Setting:
    """``trials.familiarization``: how many familiarisation trials, 8 by default."""
    return Setting("trials.familiarization", {"type": "integer", "minimum": 2, "maximum": 20}, 8,
                   "How many familiarisation trials (goal.habituation_total).")


def pace() -> Setting:
    """``speed``: the slowest and the fastest an agent may walk, the evaluation's range by default."""
    return Setting("speed", {"type": "object", "properties": {"min": SPEED, "max": SPEED}, "required": ["min", "max"],
                             "additionalProperties": False},
                   {"min": 0.125, "max": 0.26},
                   "The slowest and the fastest the agent may walk, in metres per step (the passive-agent evaluation "
                   "scenes' steps measure 0.125 to 0.26 m, 0.18 at the median).")


def walk_steps() -> Param:
    """``walk_steps``: how many steps each familiarisation walk takes, its speed following from its length."""
    return Param("walk_steps", WALK_STEPS, {"min": 12, "max": 15},
                 "Value, drawn afresh for every familiarisation trial: how many steps its walk takes (its speed is "
                 "the walk's length over this, kept within `speed`).")


def one_agent() -> tuple[Param, ...]:
    """``agent.type`` and ``agent.colour``: the one blob agent, any of the palette's."""
    return (Param("agent.type", AGENT_TYPE, list(AGENT_TYPES), "Value: the agent's blob."),
            Param("agent.colour", AGENT_COLOUR, list(AGENT_COLOURS), "Value: the agent's colour."))


def two_goal_objects(toucher: str = "the agent") -> tuple[Setting, ...]:
    """``objects.types`` and ``objects.colours``: the pools the two goal objects draw distinct shapes and colours
    from; ``toucher`` is who turns them red."""
    return (
        Setting("objects.types", {"type": "array", "minItems": 2, "uniqueItems": True, "items": OBJECT_TYPE},
                list(OBJECT_TYPES), "Pool of goal object shapes; the two objects get distinct ones."),
        Setting("objects.colours", {"type": "array", "minItems": 2, "uniqueItems": True, "items": OBJECT_COLOUR},
                list(OBJECT_COLOURS), "Pool of goal object colours; the two objects get distinct ones (both turn "
                f"Custom/Materials/Red while {toucher} touches one)."),
    )


def room_and_view() -> tuple[Param, ...]:
    """The room's materials, the performer's pillar and its isometric view, from the palettes by default."""
    return (
        Param("materials.ceiling", MATERIAL, "AI2-THOR/Materials/Walls/Drywall", "Value: ceiling material."),
        Param("materials.floor", MATERIAL, list(palette("floor")),
              "Value: floor material; by default the floor palette of scenegen/mcs/data/materials.yaml."),
        Param("materials.wall", MATERIAL, list(palette("wall")),
              "Value: the room's wall material; by default the wall palette."),
        Param("materials.pillar", MATERIAL, list(palette("wall")),
              "Value: material of the pillar the performer stands on; by default the wall palette."),
        Param("view", VIEW, ["isometric_front_right", "isometric"],
              "Value: the performer's (isometric) view of the grid."),
    )
