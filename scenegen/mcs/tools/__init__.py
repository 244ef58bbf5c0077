"""What the MCS tool tasks share: tool types and footprints, lava pools, straight pushes and pulls, turning, reach.

Symmetric, Asymmetric and Secondary Tool Use (and Tool Choice, for tool names, lava
pools and layout) build their scenes from the same parts and judge them by the same
geometry: a tool is known by its type name (:mod:`.kinds`), lava is a set of 1 m
floor cells (:mod:`.lava`), a tool moves the ball (or another tool) only by a
straight push or pull along a free lane and turns about its centre where the disc
it sweeps is free (:mod:`.lanes`), the performer walks the floor between the lava
and the structures (:mod:`.floor`), and a plan is a sequence of such moves
(:mod:`.plans`); a tool that lies over lava may instead be turned there, clear of
the walls and the ball (:mod:`.turning`). Layouts are drawn in a lane frame and
mapped to the room, keeping a walkway round pools and tools and room to turn
(:mod:`.layout`); an L-shaped tool laid to pull is as long as :mod:`.hooks` says;
:mod:`.checks` holds what every tool scene must pass, and :mod:`.params` the
parameter domains the tool families declare alike.
"""
