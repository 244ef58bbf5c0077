"""The files derived from the built-in families' declarations: config schemas, parameter references, the README's
family table.

Each family's :class:`scenegen.plugin.params.Declaration` is the one source of its
config. For editors and readers, its JSON Schema is written out to
``schema/<family>.config.schema.json`` and its parameter table to
``docs/config/<family>.md``; the README's family table is written from each
family's ``makes``, ``about`` and ``label_about``, in the order of the entry points.
``make schemas`` rewrites them, and a test fails when one is stale.

    python -m scenegen.plugin.reference          # rewrite the derived files
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from scenegen.plugin.discovery import installed_families
from scenegen.plugin.family import Family

#: The repository's top folder (the derived files live in a source checkout, not in an installed wheel).
REPOSITORY = Path(__file__).resolve().parents[2]


def built_in_families() -> list[type[Family]]:
    """The installed families that ship with scenegen and have a declaration."""
    return [family for family in installed_families().values()
            if family.__module__.startswith("scenegen.families.") and family.declaration is not None]


def derived_files(root: Path = REPOSITORY) -> dict[Path, str]:
    """Every derived file under ``root`` and the text it must hold."""
    files: dict[Path, str] = {}
    for family in built_in_families():
        declaration = family.declaration
        assert declaration is not None  # built_in_families keeps only declared ones
        files[root / "schema" / f"{family.name}.config.schema.json"] = json.dumps(declaration.schema(), indent=2) + "\n"
        files[root / "docs" / "config" / f"{family.name}.md"] = _reference_page(family)
    readme = root / "README.md"
    files[readme] = with_family_table(readme.read_text(encoding="utf-8"), built_in_families())
    return files


#: The lines that hold the README's family table between them.
TABLE_START = "<!-- The family table: written by `make schemas` from each family's `about` and `label_about`. -->"
TABLE_END = "<!-- End of the family table. -->"


def with_family_table(readme: str, families: list[type[Family]]) -> str:
    """``readme`` with the table between its markers written anew from ``families``."""
    head, _, rest = readme.partition(TABLE_START)
    _, _, tail = rest.partition(TABLE_END)
    rows = [f"| `{family.name}` | {'; '.join(family.makes) or '-'} | {family.about} | {family.label_about} |"
            for family in families]
    table = "\n".join(["| family | task | what it makes | ground truth (`label`) |", "|---|---|---|---|", *rows])
    return f"{head}{TABLE_START}\n{table}\n{TABLE_END}{tail}"


def _reference_page(family: type[Family]) -> str:
    declaration = family.declaration
    assert declaration is not None
    return (f"# {declaration.title}\n\n{declaration.description}\n\n"
            f"<!-- Written by `make schemas` from scenegen/families/{family.name}: edit the declaration, "
            f"not this file. -->\n\n{declaration.reference()}")


def main() -> None:
    """Rewrite every derived file that differs from its declaration; name each one rewritten."""
    if not (REPOSITORY / "pyproject.toml").is_file():  # an installed scenegen: its parent folder is not ours
        raise SystemExit(f"error: {REPOSITORY} is not a scenegen source checkout; run this from one (make schemas)")
    for path, text in derived_files().items():
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(REPOSITORY)}", file=sys.stderr)


if __name__ == "__main__":
    main()
