"""What the record schema cannot say about a caip record.

* the tokens are the tokenization of the text;
* every span is ``[0, [start, end]]`` with ``start <= end`` inside the tokens, and
  does not start on an article;
* ``linearized`` parses back to the logical form -- checked as equality with the
  form's canonical linearization, which is the same thing (``parse`` inverts
  ``linearize`` exactly; the tests hold it to that) at half the cost;
* a negative is well formed the same way and differs from the positive in
  exactly one place -- the place and kind its ``corruption`` names.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem
from scenegen.families.caip.lexicon import ARTICLES
from scenegen.families.caip.linearize import LinearizationError, linearize, parse
from scenegen.families.caip.negatives import json_path
from scenegen.families.caip.tokenize import tokenize


def check_record(document: Mapping[str, Any]) -> list[Problem]:
    """Every problem found in one exported record."""
    problems: list[Problem] = []
    tokens = document.get("tokens")
    text = document.get("text")
    if not isinstance(tokens, list) or not isinstance(text, str):
        return [Problem("$", "a caip record needs text (a string) and tokens (a list)")]
    if tokenize(text) != tokens:
        problems.append(Problem("$.tokens", f"are not the tokenization of the text {text!r}"))
    _check_form(document.get("logical_form"), document.get("linearized"), tokens, "$", problems)
    negative = document.get("negative")
    if negative is not None:
        _check_form(negative.get("logical_form"), negative.get("linearized"), tokens, "$.negative", problems)
        _check_difference(document.get("logical_form"), negative, problems)
    return problems


def _check_form(form: Any, linearized: Any, tokens: list[str], root: str, problems: list[Problem]) -> None:
    if not isinstance(form, dict):
        problems.append(Problem(f"{root}.logical_form", "is not an object"))
        return
    _check_spans(form, f"{root}.logical_form", tokens, problems)
    if not isinstance(linearized, str):
        problems.append(Problem(f"{root}.linearized", "is not a string"))
        return
    try:
        if linearize(form) == linearized:
            return
    except (KeyError, TypeError, ValueError):  # a form outside the grammar (its schema reports why)
        pass
    try:
        parse(linearized)
    except LinearizationError as error:
        problems.append(Problem(f"{root}.linearized", str(error)))
        return
    problems.append(Problem(f"{root}.linearized", "does not parse back to the logical form"))


def _check_spans(node: dict[str, Any], path: str, tokens: list[str], problems: list[Problem]) -> None:
    for key, value in node.items():
        kind = type(value)
        if kind is dict:
            _check_spans(value, f"{path}.{key}", tokens, problems)
        elif kind is list and key == "action_sequence":
            for i, action in enumerate(value):
                if type(action) is dict:
                    _check_spans(action, f"{path}.{key}[{i}]", tokens, problems)
        elif kind is list:
            message = span_problem(value, tokens)
            if message:
                problems.append(Problem(f"{path}.{key}", message))


def span_problem(span: Any, tokens: list[str]) -> str | None:
    """Why ``span`` is not a good span into ``tokens`` (None if it is)."""
    if not (len(span) == 2 and span[0] == 0 and type(span[1]) is list and len(span[1]) == 2):
        return f"{span!r} is not [0, [start, end]]"
    start, end = span[1]
    if not (type(start) is int and type(end) is int and 0 <= start <= end < len(tokens)):
        return f"{span!r} is not a non-empty span inside the {len(tokens)} tokens"
    if tokens[start].lower() in ARTICLES:
        return f"{span!r} starts on the article {tokens[start]!r}"
    return None


def differences(a: Any, b: Any, path: tuple[str | int, ...] = (), limit: int = 2) -> list[tuple[tuple, str]]:
    """Where two logical forms differ, as (path, kind); stops after ``limit``."""
    found: list[tuple[tuple, str]] = []
    _differ(a, b, path, found, limit)
    return found


def _differ(a: Any, b: Any, path: tuple, found: list, limit: int) -> None:
    if len(found) >= limit or a == b:
        return
    if type(a) is dict and type(b) is dict:
        for key, value in a.items():
            if key not in b:
                found.append(((*path, key), "node"))
            elif value != b[key]:
                _differ(value, b[key], (*path, key), found, limit)
        found.extend(((*path, key), "node") for key in b if key not in a)
    elif path and path[-1] == "action_sequence" and type(a) is list and type(b) is list:
        if len(a) == len(b):
            for i, (x, y) in enumerate(zip(a, b, strict=True)):
                _differ(x, y, (*path, i), found, limit)
        elif len(a) == len(b) + 1 and (dropped := _dropped(a, b)) is not None:
            found.append(((*path, dropped), "node"))
        else:
            found.extend([(path, "node")] * limit)
    else:
        found.append((path, "span" if type(a) is list and type(b) is list else "categorical"))


def _dropped(longer: list, shorter: list) -> int | None:
    for i in range(len(longer)):
        if longer[:i] + longer[i + 1 :] == shorter:
            return i
    return None


def _check_difference(positive: Any, negative: Mapping[str, Any], problems: list[Problem]) -> None:
    corruption = negative.get("corruption") or {}
    found = differences(positive, negative.get("logical_form"))
    if len(found) != 1:
        problems.append(Problem("$.negative.logical_form", f"differs from the logical form in {len(found)}"
                                f"{'+' if len(found) > 1 else ''} places, not exactly one"))
        return
    path, kind = found[0]
    removed = _removes(positive, corruption.get("path"), negative["logical_form"])
    if corruption.get("kind") == kind == "node" and removed:
        return  # e.g. one of two identical actions: either index names the change
    where = json_path(path)
    if corruption.get("path") != where or corruption.get("kind") != kind:
        problems.append(Problem("$.negative.corruption", f"says {corruption.get('kind')} at {corruption.get('path')}"
                                f" but the change is {kind} at {where}"))


_PATH_PART = re.compile(r"\.(\w+)|\[(\d+)\]")


def _removes(positive: Any, path: Any, negative: Any) -> bool:
    """Whether removing what ``path`` names from ``positive`` gives ``negative``."""
    if not isinstance(path, str) or not path.startswith("$.logical_form"):
        return False
    parts = tuple(int(index) if index else key for key, index in _PATH_PART.findall(path[len("$.logical_form"):]))
    try:
        return bool(parts) and _without(positive, parts) == negative
    except (KeyError, IndexError, TypeError):
        return False


def _without(node: Any, parts: tuple) -> Any:
    copy = list(node) if type(node) is list else dict(node)
    if len(parts) == 1:
        del copy[parts[0]]
    else:
        copy[parts[0]] = _without(node[parts[0]], parts[1:])
    return copy
