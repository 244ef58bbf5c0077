"""Negatives for reranker training: the logical form with exactly one thing changed.

Three kinds of corruption, all of which keep the form valid against
``caip_logical_form.schema.json``:

* ``categorical`` -- one categorical leaf takes another value the grammar allows
  there (an action type only becomes one that accepts the same children);
* ``span`` -- one span moves by a word (shifted, grown or shrunk), staying inside
  the command and never starting on an article;
* ``node`` -- one optional node is removed: a leaf, a subtree, or one action of a
  composite command.

The positive is never modified: the negative copies the nodes on the path to
the change and shares the rest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scenegen.families.caip.lexicon import ARTICLES
from scenegen.families.caip.linearize import SPANS, linearize
from scenegen.plugin.draws import Draws

Path = tuple[str | int, ...]
KINDS = ("categorical", "span", "node")
_SPAN_KEYS = frozenset(SPANS)
# keys a schema-valid form needs, or without which a node would stop meaning anything
_REQUIRED = frozenset(
    {"dialogue_type", "action_type", "location_type", "memory_type", "memory_data", "action_sequence"}
)
_AGENT_LOCATIONS = ("AGENT_POS", "SPEAKER_POS", "SPEAKER_LOOK")


class Negatives:
    """Makes one corrupted copy of a logical form."""

    def __init__(self, schema: Mapping[str, Any]) -> None:
        defs = schema["$defs"]
        action = defs["action"]
        self.actions = tuple(action["properties"]["action_type"]["enum"])
        # which action types accept each child (the schema's own dependencies)
        self.accepts = {child: frozenset(dep["properties"]["action_type"]["enum"])
                        for child, dep in action["dependentSchemas"].items()}
        filters = defs["filters"]["properties"]
        self.values = {
            "relative_direction": defs["location_fields"]["properties"]["relative_direction"]["enum"],
            "repeat_dir": defs["repeat"]["properties"]["repeat_dir"]["enum"],
            "repeat_key": defs["repeat"]["properties"]["repeat_key"]["enum"],
            "condition_type": defs["stop_condition"]["properties"]["condition_type"]["enum"],
            "tag_name": schema["properties"]["tag_name"]["enum"],
            "answer_type": schema["properties"]["answer_type"]["enum"],
            "reward_value": defs["upsert"]["properties"]["memory_data"]["properties"]["reward_value"]["enum"],
            "type": filters["type"]["enum"],
            "filter_action_type": filters["action_type"]["enum"],
        }
        self.changeable = frozenset({*self.values, "action_type", "location_type"})

    def corrupt(
        self, logical_form: dict[str, Any], tokens: list[str], draws: Draws, kind: str
    ) -> dict[str, Any] | None:
        """A negative of ``kind`` (or, if the form offers none, of the next kind); None if none at all."""
        start = KINDS.index(kind)
        for k in KINDS[start:] + KINDS[:start]:
            sites: list[tuple[Path, dict[str, Any], str]] = []
            _WALKS[k](self, logical_form, (), sites)
            while sites:
                path, node, key = sites.pop(draws.below(len(sites)))
                choices: Sequence[object]
                if k == "categorical":
                    choices = self._alternatives(node, key, node[key], path[:-1])
                elif k == "span":
                    choices = _moved_spans(node[key], tokens)
                else:
                    choices = [_DELETE]
                if not choices:
                    continue
                negative = _replace(logical_form, path, draws.pick(choices))
                return {
                    "logical_form": negative,
                    "linearized": linearize(negative),
                    "corruption": {"kind": k, "path": json_path(path)},
                }
        return None

    def _categorical_sites(self, node: dict[str, Any], path: Path, sites: list) -> None:
        for key, value in node.items():
            kind = type(value)
            if kind is str:
                if key in self.changeable:
                    sites.append(((*path, key), node, key))
            elif kind is dict:
                self._categorical_sites(value, (*path, key), sites)
            elif key == "action_sequence":
                for i, action in enumerate(value):
                    self._categorical_sites(action, (*path, key, i), sites)

    def _span_sites(self, node: dict[str, Any], path: Path, sites: list) -> None:
        for key, value in node.items():
            kind = type(value)
            if kind is dict:
                self._span_sites(value, (*path, key), sites)
            elif kind is list:
                if key == "action_sequence":
                    for i, action in enumerate(value):
                        self._span_sites(action, (*path, key, i), sites)
                else:
                    sites.append(((*path, key), node, key))

    def _node_sites(self, node: dict[str, Any], path: Path, sites: list) -> None:
        for key, value in node.items():
            kind = type(value)
            if key == "action_sequence":
                for i, action in enumerate(value):
                    if len(value) > 1:
                        sites.append(((*path, key, i), value, i))
                    self._node_sites(action, (*path, key, i), sites)
                continue
            if kind is dict:
                self._node_sites(value, (*path, key), sites)
            if _removable(node, key):
                sites.append(((*path, key), node, key))

    def _alternatives(self, node: dict[str, Any], key: str, value: str, path: Path) -> list[str]:
        if key == "action_type":
            if path and path[-1] == "filters":
                return [v for v in self.values["filter_action_type"] if v != value]
            accepted = set(self.actions)
            for child in node:
                if child in self.accepts:
                    accepted &= self.accepts[child]
            return [v for v in self.actions if v in accepted and v != value]
        if key == "location_type":
            if "reference_object" in node or "coordinates" in node:
                return []
            return [v for v in _AGENT_LOCATIONS if v != value]
        if key == "answer_type" and "tag_name" in node:
            return []
        values = self.values.get(key)
        return [v for v in values if v != value] if values else []


def _removable(node: dict[str, Any], key: str) -> bool:
    """Whether ``node[key]`` may go: not required, not what a location's type names, not what a tag_name needs."""
    if key in _REQUIRED:
        return False
    if key == "reference_object" or key == "coordinates":
        return node.get("location_type") not in ("REFERENCE_OBJECT", "COORDINATES")
    if key == "has_name":
        return len(node) > 1
    return not (key == "answer_type" and "tag_name" in node)


_WALKS = {
    "categorical": Negatives._categorical_sites,
    "span": Negatives._span_sites,
    "node": Negatives._node_sites,
}


def _moved_spans(span: list[Any], tokens: list[str]) -> list[list[Any]]:
    start, end = span[1]
    moved = []
    for a, b in ((start + 1, end + 1), (start - 1, end - 1), (start, end + 1), (start, end - 1),
                 (start + 1, end), (start - 1, end)):
        if 0 <= a <= b < len(tokens) and tokens[a].lower() not in ARTICLES:
            moved.append([0, [a, b]])
    return moved


_DELETE = object()


def _replace(node: Any, path: Path, value: Any) -> Any:
    """A copy of ``node`` with the leaf at ``path`` set to ``value`` (or removed)."""
    key, rest = path[0], path[1:]
    copy: Any = list(node) if type(node) is list else dict(node)  # indexed by int or str, as the path says
    if rest:
        copy[key] = _replace(node[key], rest, value)
    elif value is _DELETE:
        del copy[key]
    else:
        copy[key] = value
    return copy


def json_path(path: Path, root: str = "$.logical_form") -> str:
    return root + "".join(f"[{part}]" if type(part) is int else f".{part}" for part in path)
