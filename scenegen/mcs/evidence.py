"""Removers of a task's evidence from an exported MCS scene, for :class:`scenegen.plugin.family.Evidence`.

A family says what an agent is meant to read an answer off (the ball and the
placer lowering it into a container, the turntable's turn, the lava) by what it
is: an object's type, or its moving with another object; never by its place in
the scene's list, which the probe's features are named by. The remover returns a
shallow copy of the scene without it: objects left out, keys taken off every
object, the goal or the scene.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

#: Whether an object (the first argument) is part of the evidence, given all the scene's objects.
Pick = Callable[[Mapping[str, Any], Sequence[Mapping[str, Any]]], bool]
Remover = Callable[[Mapping[str, Any]], Mapping[str, Any]]


def of_type(*types: str) -> Pick:
    """The objects of these MCS types."""
    return lambda thing, objects: thing.get("type") in types


def with_id_prefix(prefix: str) -> Pick:
    """The objects whose id starts with ``prefix`` (the families' ``tool_``, ``placer_``...)."""
    return lambda thing, objects: str(thing.get("id", "")).startswith(prefix)


def carrying(carried: Pick) -> Pick:
    """The objects that move with one ``carried`` picks: they start above or below it (the same x and z) and their
    first move begins on its first move's step (the placer lowering the ball, not the lid placers over it later)."""

    def pick(thing: Mapping[str, Any], objects: Sequence[Mapping[str, Any]]) -> bool:
        return any(other is not thing and carried(other, objects) and _moves_with(thing, other) for other in objects)

    return pick


def either(*picks: Pick) -> Pick:
    """The objects any of ``picks`` picks."""
    return lambda thing, objects: any(pick(thing, objects) for pick in picks)


def without(objects: Pick | None = None, keys: Sequence[str] = (), goal: Sequence[str] = (),
            scene: Sequence[str] = ()) -> Remover:
    """A remover: the scene without the objects ``objects`` picks, without ``keys`` on every other object (a
    turntable's ``rotates``), without ``goal`` keys (a forced walk's ``action_list``) and top-level ``scene`` keys
    (``lava``)."""

    def remove(document: Mapping[str, Any]) -> Mapping[str, Any]:
        listed = document.get("objects", [])
        kept = [thing for thing in listed if objects is None or not objects(thing, listed)]
        copy = {key: value for key, value in document.items() if key not in scene}
        copy["objects"] = [_without_keys(thing, keys) for thing in kept]
        if goal and isinstance(document.get("goal"), Mapping):
            copy["goal"] = _without_keys(document["goal"], goal)
        return copy

    return remove


def _without_keys(mapping: Mapping[str, Any], keys: Sequence[str]) -> Mapping[str, Any]:
    if not any(key in mapping for key in keys):
        return mapping
    return {key: value for key, value in mapping.items() if key not in keys}


def _moves_with(thing: Mapping[str, Any], other: Mapping[str, Any]) -> bool:
    start, other_start = _first(thing, "shows"), _first(other, "shows")
    move, other_move = _first(thing, "moves"), _first(other, "moves")
    if start is None or other_start is None or move is None or other_move is None:
        return False
    here, there = start.get("position", {}), other_start.get("position", {})
    return (here.get("x"), here.get("z")) == (there.get("x"), there.get("z")) and \
        move.get("stepBegin") == other_move.get("stepBegin")


def _first(thing: Mapping[str, Any], key: str) -> Mapping[str, Any] | None:
    events = thing.get(key) or []
    return events[0] if events else None
