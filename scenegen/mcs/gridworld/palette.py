"""What the passive-agent grid worlds draw their agents and goal objects from: the blob types and colours of
the evaluation scenes, and the goal shapes and colours the seed names (``docs/mcs_facts.md`` 7.2), with the
config domains every such family declares them by."""

from __future__ import annotations

from scenegen.plugin.params import one_of

#: The Helper/Hinderer evaluation scenes' four goal shapes (docs/mcs_facts.md 1), then the seed's other goal shapes:
#: spheres, cylinders, cubes, cones, pyramids and frustums (MCS TASK_LIST, passive agents), and two more the other
#: passive-agent evaluation scenes use (docs/mcs_facts.md 13.2).
EVALUATION_OBJECT_TYPES = ("circle_frustum_with_base", "pyramid_with_base", "semi_sphere_with_base",
                           "cube_hollow_narrow")
OBJECT_TYPES = (*EVALUATION_OBJECT_TYPES, "sphere", "cylinder", "cube", "cone", "pyramid", "circle_frustum",
                "square_frustum", "cone_with_base", "tube_narrow")
OBJECT_COLOURS = tuple(f"Custom/Materials/{name}" for name in (
    "Azure", "Brown", "Chartreuse", "Cyan", "Grey", "Indigo", "Navy", "Olive", "Orange", "Rose", "SpringGreen", "Teal",
    "Violet", "Yellow"))
AGENT_TYPES = ("blob_02", "blob_03", "blob_04", "blob_05", "blob_07", "blob_10", "blob_11", "blob_12")
AGENT_COLOURS = tuple(f"Custom/Materials/{name}" for name in ("Blue", "Goldenrod", "Green", "Purple"))

OBJECT_TYPE = one_of("object_type", OBJECT_TYPES, "a goal object shape")
OBJECT_COLOUR = one_of("object_colour", OBJECT_COLOURS, "a goal object colour")
AGENT_TYPE = one_of("agent_type", AGENT_TYPES, "a blob agent")
AGENT_COLOUR = one_of("agent_colour", AGENT_COLOURS, "an agent colour")
VIEW = one_of("view", ("isometric_front_right", "isometric"),
              "isometric_front_right: isometric and isometricFrontRight true, the performer's pillar at (4, 4); "
              "isometric: isometric true and isometricFrontRight false, the pillar at (4, -4)")
