"""One declaration per config parameter, from which the config's JSON Schema, draw table and reference derive.

A family declares its parameters once, in order, as a :class:`Declaration`:

- a :class:`Param` is written in the value grammar (:mod:`scenegen.plugin.values`) and
  drawn anew for every sample; its :class:`Domain` says what one value may be;
- a :class:`Setting` is a plain value read once per run (``last_step``, ``pairs``).

The JSON Schema (:meth:`Declaration.schema`) validates and documents the config,
:meth:`Declaration.draw_table` compiles the draw table (in declaration order, which
fixes the order of a sample's random numbers), and :meth:`Declaration.reference`
renders the parameters as a Markdown table.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from scenegen.plugin.values import Value, compile_value, grammar_schema, lookup


@dataclass(frozen=True)
class Domain:
    """What one value of a parameter may be.

    ``name`` is its entry in the schema's ``$defs``; ``kind`` is what a value is
    cast to (``int``, ``float``, or ``object`` for categorical values). A range
    ``{min, max}`` is allowed when ``ranged``; its ends are values of ``bounds``,
    or of this domain when that is None.
    """

    name: str
    schema: Mapping[str, Any]
    kind: type = object
    ranged: bool = False
    bounds: Domain | None = None

    @property
    def range_ends(self) -> Domain | None:
        """The domain of a range's ends, or None when the parameter takes no range."""
        return (self.bounds or self) if self.ranged else None


def number(name: str, minimum: float, maximum: float, meaning: str | None = None, *, integer: bool = False,
           ranged: bool = True, **keywords: Any) -> Domain:
    """A number from ``minimum`` to ``maximum`` (``keywords``: further JSON Schema keywords, e.g. ``multipleOf``),
    which may be drawn from a range unless ``ranged`` is false."""
    schema = {"type": "integer" if integer else "number", "minimum": minimum, "maximum": maximum, **keywords}
    if meaning:
        schema["description"] = meaning
    return Domain(name, schema, int if integer else float, ranged=ranged)


def one_of(name: str, choices: tuple[Any, ...], meaning: str | None = None, *, json_type: str | None = None) -> Domain:
    """One of ``choices``: categorical, or enumerated numbers of ``json_type`` (``integer``, ``number``); no ranges."""
    schema: dict[str, Any] = {"type": json_type} if json_type else {}
    schema["enum"] = list(choices)
    if meaning:
        schema["description"] = meaning
    kind = {"integer": int, "number": float}.get(json_type or "", object)
    return Domain(name, schema, kind)


#: A material name of the MCS simulator.
MATERIAL = Domain("material", {"type": "string", "minLength": 1, "description": "an MCS material name"})
#: true or false, drawn like any other categorical value.
FLAG = Domain("flag", {"type": "boolean", "description": "true or false"})


@dataclass(frozen=True)
class Param:
    """A parameter in the value grammar, drawn for every sample. ``compile`` replaces the grammar's
    compiler for a parameter with a grammar of its own (it takes the written value and the path)."""

    path: str
    domain: Domain
    default: Any
    meaning: str
    compile: Callable[[Any, str], Value] | None = None

    def compiled(self, config: Mapping[str, Any]) -> Value:
        """This parameter's sampler, from the (defaults-filled) config."""
        spec = lookup(config, self.path)
        return self.compile(spec, self.path) if self.compile else compile_value(spec, self.path, self.domain.kind)


@dataclass(frozen=True)
class Setting:
    """A plain value read once per run. Its ``schema`` may hold a :class:`Domain` anywhere (e.g. as an
    array's ``items``), which is written as a reference to the domain's ``$defs`` entry."""

    path: str
    schema: Mapping[str, Any]
    default: Any
    meaning: str


Entry = Param | Setting


@dataclass(frozen=True)
class Declaration:
    """A family's config: its name, what it is, its parameters and settings in order, and what each
    section (the first part of a dotted path, e.g. ``room``) holds."""

    family: str
    title: str
    description: str
    entries: tuple[Entry, ...]
    sections: Mapping[str, str] = field(default_factory=dict)

    @property
    def params(self) -> tuple[Param, ...]:
        return tuple(entry for entry in self.entries if isinstance(entry, Param))

    def draw_table(self, config: Mapping[str, Any]) -> dict[str, Value]:
        """Every parameter's sampler, in declaration order, compiled from a validated config."""
        return {param.path: param.compiled(config) for param in self.params}

    @cached_property
    def _schema(self) -> dict[str, Any]:
        return _SchemaWriter(self).schema()

    def schema(self) -> dict[str, Any]:
        """The config's JSON Schema (a fresh copy)."""
        return json.loads(json.dumps(self._schema))

    def reference(self) -> str:
        """The parameters as a Markdown table: key, default, what is allowed, meaning."""
        rows = ["| key | default | allowed | meaning |", "|---|---|---|---|"]
        for entry in self.entries:
            domain = entry.domain.schema if isinstance(entry, Param) else _plain(entry.schema)
            allowed = _allowed(domain) + (" (or a range)" if isinstance(entry, Param) and entry.domain.ranged else "")
            default = f"`{json.dumps(entry.default)}`"
            rows.append(f"| `{entry.path}` | {default} | {allowed} | {entry.meaning} |".replace("|x|", "\\|x\\|"))
        return "\n".join(rows) + "\n"


class _SchemaWriter:
    """Builds a declaration's JSON Schema: nested sections, ``$defs`` for domains and their grammar."""

    def __init__(self, declaration: Declaration) -> None:
        self.declaration = declaration
        self.defs: dict[str, Any] = {}

    def schema(self) -> dict[str, Any]:
        declaration = self.declaration
        properties: dict[str, Any] = {"family": {"const": declaration.family, "description": "Selects this family."}}
        for entry in declaration.entries:
            *sections, key = entry.path.split(".")
            self._section(properties, sections)[key] = self._property(entry)
        schema = {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": f"{declaration.family}.config.schema.json",
            "title": declaration.title,
            "description": declaration.description,
            "type": "object",
            "additionalProperties": False,
            "required": ["family"],
            "properties": properties,
        }
        if self.defs:
            schema["$defs"] = self.defs
        return schema

    def _section(self, properties: dict[str, Any], sections: list[str]) -> dict[str, Any]:
        for depth, name in enumerate(sections):
            path = ".".join(sections[: depth + 1])
            section = properties.setdefault(name, {
                "type": "object", "additionalProperties": False,
                "description": self.declaration.sections[path], "default": {}, "properties": {},
            })
            properties = section["properties"]
        return properties

    def _property(self, entry: Entry) -> dict[str, Any]:
        if isinstance(entry, Param):
            reference = {"$ref": f"#/$defs/{self._grammar(entry.domain)}"}
        else:
            reference = self._resolved(entry.schema)
        return {**reference, "description": entry.meaning, "default": entry.default}

    def _grammar(self, domain: Domain) -> str:
        element = {"$ref": f"#/$defs/{self._domain(domain)}"}
        name = f"{domain.name}_value"
        if name not in self.defs:
            ends = domain.range_ends
            bounds = {"$ref": f"#/$defs/{self._domain(ends)}"} if ends else None
            self.defs[name] = grammar_schema(element, bounds)
        return name

    def _domain(self, domain: Domain) -> str:
        known = self.defs.setdefault(domain.name, dict(domain.schema))
        if known != domain.schema:
            raise ValueError(f"two domains named {domain.name!r} in {self.declaration.family}'s declaration")
        return domain.name

    def _resolved(self, schema: Any) -> Any:
        if isinstance(schema, Domain):
            return {"$ref": f"#/$defs/{self._domain(schema)}"}
        if isinstance(schema, Mapping):
            return {key: self._resolved(value) for key, value in schema.items()}
        return schema


def _plain(schema: Mapping[str, Any]) -> Mapping[str, Any]:
    """A setting's schema with any domain replaced by its own schema (for the reference table)."""
    return {key: value.schema if isinstance(value, Domain) else value for key, value in schema.items()}


def _allowed(schema: Mapping[str, Any]) -> str:
    """A short reading of a domain's schema."""
    parts: Iterator[str] = (
        text for text in (
            schema.get("type") if "enum" not in schema else None,
            " / ".join(f"`{json.dumps(choice)}`" for choice in schema.get("enum", ())),
            f"from {schema['minimum']}" if "minimum" in schema else None,
            f"above {schema['exclusiveMinimum']}" if "exclusiveMinimum" in schema else None,
            f"to {schema['maximum']}" if "maximum" in schema else None,
            f"of `{json.dumps(schema['items'])}`" if "items" in schema else None,
            schema.get("description"),
        ) if text
    )
    return ", ".join(parts)
