"""The builder family: collaborative building dialogues in a voxel world, with gold builder answers.

``scenegen make --config builder.yaml`` writes whole architect/builder dialogues
(the task of Madge & Poesio's "Large Language Models as Minecraft Agents") as
JSONL shards: a target from composable parts, one instruction per part with the
gold builder answer in the seed's JSON format and the worlds before and after,
corrections and clarification turns. ``scenegen.families.builder.score`` scores a
builder's answers against gold ones. The words and templates are data under
``data/`` in its package; docs/builder.md says what is fact and what is choice.

This module imports nothing, so that the scorer loads without the generator: the
family class is :class:`scenegen.families.builder.family.Builder`.
"""
