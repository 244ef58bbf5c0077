"""The depth-first token sequence of a logical form (Section 5.2 of the paper), and back.

The paper's example, for "build a large blue dome on top of the walls"::

    ACTION_TYPE:BUILD OPEN:SCHEMATIC HAS_SIZE SIZE_SPAN-(2,2) HAS_COLOR COLOR_SPAN-(3,3)
    HAS_NAME NAME_SPAN-(4,4) CLOSE:SCHEMATIC OPEN:LOCATION LOC_TYPE:REF_OBJECT REL_DIR:UP
    OPEN:REF_OBJECT HAS_NAME NAME_SPAN-(9,9) CLOSE:REF_OBJECT CLOSE:LOCATION

Internal nodes open and close, categorical leaves are ``KEY:VALUE``, span leaves
are a presence token followed by ``STEM_SPAN-(start,end)``. Children come in one
canonical order (categorical leaves, spans, internal nodes), so equal trees give
equal sequences. A command is its actions one after the other, each starting
with its ``ACTION_TYPE``; other dialogue types start with ``DIALOGUE_TYPE``.
:func:`parse` inverts :func:`linearize` exactly.
"""

from __future__ import annotations

import re
from typing import Any

CATEGORICAL = {
    "dialogue_type": "DIALOGUE_TYPE",
    "action_type": "ACTION_TYPE",
    "location_type": "LOC_TYPE",
    "relative_direction": "REL_DIR",
    "repeat_key": "REPEAT_KEY",
    "repeat_dir": "REPEAT_DIR",
    "condition_type": "CONDITION_TYPE",
    "answer_type": "ANSWER_TYPE",
    "tag_name": "TAG_NAME",
    "type": "TYPE",
    "temporal": "TEMPORAL",
    "memory_type": "MEMORY_TYPE",
    "reward_value": "REWARD_VALUE",
    "contains_coreference": "CONTAINS_COREFERENCE",
}
SPANS = (
    "has_size", "has_colour", "has_block_type", "has_name", "has_orientation", "has_thickness", "has_length",
    "has_height", "has_radius", "has_slope", "has_width", "has_base", "has_distance", "has_depth", "has_tag",
    "coref_resolve", "steps", "coordinates", "repeat_count", "block_type", "condition_span", "target_action_type",
)
INTERNAL = {
    "schematic": "SCHEMATIC",
    "reference_object": "REF_OBJECT",
    "location": "LOCATION",
    "repeat": "REPEAT",
    "stop_condition": "STOP_CONDITION",
    "filters": "FILTERS",
    "upsert": "UPSERT",
    "memory_data": "MEMORY_DATA",
}
_VALUE_ALIASES = {"location_type": {"REFERENCE_OBJECT": "REF_OBJECT"}}


def _span_tokens(key: str) -> tuple[str, str]:
    name = key.upper().replace("COLOUR", "COLOR")
    stem = name.removeprefix("HAS_").removesuffix("_SPAN")
    return name, f"{stem}_SPAN-"


_RANK = {key: i for i, key in enumerate((*CATEGORICAL, *SPANS, *INTERNAL))}
_RANK_OF = _RANK.__getitem__
# canonical key order by the order a node's keys were inserted in (few distinct ones occur)
_ORDERS: dict[tuple[str, ...], tuple[str, ...]] = {}
_ORDERS_KEPT = 4096
_CATEGORY, _ALIASED, _SPAN, _INTERNAL = range(4)
# key -> (kind, first token or prefix, second token prefix or aliases)
_EMIT: dict[str, tuple[int, str, Any]] = {}
for _key, _token in CATEGORICAL.items():
    _aliases = _VALUE_ALIASES.get(_key)
    _EMIT[_key] = (_ALIASED, _token + ":", _aliases) if _aliases else (_CATEGORY, _token + ":", None)
for _key in SPANS:
    _EMIT[_key] = (_SPAN, *_span_tokens(_key))
for _key, _token in INTERNAL.items():
    _EMIT[_key] = (_INTERNAL, "OPEN:" + _token, "CLOSE:" + _token)

_CATEGORICAL_KEY = {token: key for key, token in CATEGORICAL.items()}
_SPAN_KEY = {name: (key, stem) for key, (name, stem) in ((k, _span_tokens(k)) for k in SPANS)}
_INTERNAL_KEY = {token: key for key, token in INTERNAL.items()}
_UNALIAS = {key: {alias: value for value, alias in aliases.items()} for key, aliases in _VALUE_ALIASES.items()}
_SPAN_VALUE = re.compile(r"\((\d+),(\d+)\)")


class LinearizationError(ValueError):
    """A token sequence that is not the linearization of a logical form."""


def linearize(logical_form: dict[str, Any]) -> str:
    """The logical form as one space-separated token sequence."""
    out: list[str] = []
    if logical_form.get("dialogue_type") == "HUMAN_GIVE_COMMAND" and len(logical_form) == 2 \
            and "action_sequence" in logical_form:
        for action in logical_form["action_sequence"]:
            _node(action, out)
    else:
        _node(logical_form, out)
    return " ".join(out)


def _node(node: dict[str, Any], out: list[str]) -> None:
    append = out.append
    keys = tuple(node)
    order = _ORDERS.get(keys)
    if order is None:
        order = tuple(sorted(keys, key=_RANK_OF))
        if len(_ORDERS) < _ORDERS_KEPT:
            _ORDERS[keys] = order
    for key in order:
        kind, first, second = _EMIT[key]
        value = node[key]
        if kind == _CATEGORY:
            append(first + value)
        elif kind == _SPAN:
            start, end = value[1]
            append(first)
            append(f"{second}({start},{end})")
        elif kind == _INTERNAL:
            append(first)
            _node(value, out)
            append(second)
        else:
            append(first + second.get(value, value))


def parse(text: str) -> dict[str, Any]:
    """The logical form that :func:`linearize` turned into ``text``."""
    tokens = text.split(" ")
    if not tokens or not tokens[0]:
        raise LinearizationError("empty linearization")
    command = tokens[0].startswith("ACTION_TYPE:")
    if not command and not tokens[0].startswith("DIALOGUE_TYPE:"):
        raise LinearizationError(f"token 0 ({tokens[0]!r}): a linearization starts with ACTION_TYPE or DIALOGUE_TYPE")
    root: dict[str, Any] = {"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": []} if command else {}
    stack: list[tuple[dict[str, Any], str]] = [] if command else [(root, "")]
    i, count = 0, len(tokens)
    while i < count:
        token = tokens[i]
        if command and not stack:
            if not token.startswith("ACTION_TYPE:"):
                raise LinearizationError(f"token {i} ({token!r}): an action must start with ACTION_TYPE")
            action: dict[str, Any] = {}
            root["action_sequence"].append(action)
            stack.append((action, ""))
        node, _ = stack[-1]
        head, colon, rest = token.partition(":")
        if colon and head == "OPEN":
            key = _lookup(_INTERNAL_KEY, rest, i, token)
            child: dict[str, Any] = {}
            _set(node, key, child, i)
            stack.append((child, rest))
        elif colon and head == "CLOSE":
            if len(stack) < 2 or stack[-1][1] != rest:
                raise LinearizationError(f"token {i} ({token!r}) closes a node that is not open")
            stack.pop()
        elif colon:
            key = _lookup(_CATEGORICAL_KEY, head, i, token)
            _set(node, key, _UNALIAS[key].get(rest, rest) if key in _UNALIAS else rest, i)
        else:
            key, stem = _lookup(_SPAN_KEY, token, i, token)
            value = tokens[i + 1] if i + 1 < count else ""
            match = _SPAN_VALUE.fullmatch(value, len(stem)) if value.startswith(stem) else None
            if match is None:
                raise LinearizationError(f"token {i + 1} ({value!r}): expected {stem}(start,end) after {token}")
            _set(node, key, [0, [int(match.group(1)), int(match.group(2))]], i)
            i += 1
        if command and len(stack) == 1 and (i + 1 == count or tokens[i + 1].startswith("ACTION_TYPE:")):
            stack.pop()  # the action ends where the next one starts
        i += 1
    if len(stack) > (0 if command else 1):
        raise LinearizationError(f"{stack[-1][1] or 'an action'} is never closed")
    return root


def _lookup(table: dict[str, Any], name: str, i: int, token: str) -> Any:
    try:
        return table[name]
    except KeyError:
        raise LinearizationError(f"token {i} ({token!r}) is not in the CAIP linearization vocabulary") from None


def _set(node: dict[str, Any], key: str, value: Any, i: int) -> None:
    if key in node:
        raise LinearizationError(f"token {i}: {key} appears twice in one node")
    node[key] = value
