"""A finished run as a benchmark: its prompts written as chat-format JSON lines, and a model's replies scored.

Both ask the run's family for its :class:`scenegen.plugin.benchmark.Benchmark`; a
family without one says which families have one. The scorer reads the replies as
a model gave them (``{"id": ..., "reply": "raw text"}`` per line, the ids of the
exported prompts) and scores them against the items it makes again from the run
itself: an edited prompts file changes nothing. A prompt without a reply counts as
no answer; a reply to no prompt of the run, a repeated id or a line that is not such
an object is refused, naming its line, before anything is written.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from scenegen.errors import ConfigError
from scenegen.folder.files import open_regular, write_atomic
from scenegen.folder.run_record import run_family_class
from scenegen.plugin.benchmark import Benchmark, Item, load_benchmark
from scenegen.plugin.discovery import installed_families
from scenegen.reading.dataset import open_run, read

#: Replies of this many bytes or more in one file are refused (a run of 100,000 dialogues has about 400,000 turns).
MAX_REPLIES_BYTES = 2_000_000_000


def run_benchmark(run: Path) -> Benchmark:
    """The benchmark of the run in ``run``'s family; a ConfigError when the family has none."""
    opened = open_run(run)
    family = run_family_class(opened.root, opened.record)
    if family.benchmark is None:
        having = [name for name, other in installed_families().items() if other.benchmark is not None]
        raise ConfigError(str(run), f"the {family.name} family's runs are not a benchmark (families with prompts "
                                    f"and a scorer: {', '.join(having) or 'none installed'})")
    return load_benchmark(family.benchmark)


def chat_lines(run: Path, with_gold: bool) -> Iterator[bytes]:
    """Each prompt of the run as one JSON line: ``id``, ``messages`` (with the gold reply as the assistant's last
    message when ``with_gold``, as fine-tuning files hold it), ``gold`` and ``meta``."""
    benchmark = run_benchmark(run)
    for document, _ in read(run):
        for item in benchmark.items(document):
            messages = list(item.messages)
            if with_gold:
                messages.append({"role": "assistant", "content": benchmark.gold_reply(item)})
            line = {"id": item.id, "messages": messages, "gold": item.gold, "meta": dict(item.meta)}
            yield json.dumps(line, ensure_ascii=False).encode() + b"\n"


def write_chat(run: Path, out: Path, with_gold: bool) -> int:
    """Write the chat lines of ``run`` to ``out`` whole (a new file replacing any, never half written); how many."""
    lines = list(chat_lines(run, with_gold))
    write_atomic(out, b"".join(lines))
    return len(lines)


def score_replies(benchmark: Benchmark, run: Path, replies: Path, fences: bool) -> dict[str, Any]:
    """``benchmark``'s report of the ``replies`` file's answers to the prompts of ``run`` (its run's family's,
    :func:`run_benchmark`)."""
    given = read_replies(replies)
    records: list[tuple[Mapping[str, Any], list[tuple[Item, str | None]]]] = []
    seen: set[str] = set()
    for document, _ in read(run):
        items = list(benchmark.items(document))
        seen.update(item.id for item in items)
        records.append((document, [(item, given.get(item.id)) for item in items]))
    unknown = sorted(set(given) - seen)
    if unknown:
        raise ConfigError(str(replies), f"{len(unknown)} replies to no prompt of the run (first: {unknown[0]!r}); "
                                        "reply to the ids `scenegen export` wrote for this run")
    report = benchmark.score(records, fences)
    report["replies"] = {"file": str(replies), "given": len(given), "prompts": len(seen),
                         "missing": len(seen) - len(given), "fences": "read" if fences else "not JSON"}
    return report


def read_replies(path: Path) -> dict[str, str]:
    """``{id: reply}`` of a replies file: one JSON object a line, ``{"id": str, "reply": str}``."""
    replies: dict[str, str] = {}
    with open_regular(path) as handle:
        size = 0
        for number, raw in enumerate(handle, start=1):
            size += len(raw)
            if size >= MAX_REPLIES_BYTES:
                raise ConfigError(str(path), f"larger than {MAX_REPLIES_BYTES:,} bytes; score it in parts")
            if not raw.strip():
                continue
            key, reply = _reply(raw, f"{path}:{number}")
            if key in replies:
                raise ConfigError(f"{path}:{number}", f"a second reply to {key!r}")
            replies[key] = reply
    return replies


def _reply(raw: bytes, where: str) -> tuple[str, str]:
    try:
        line = json.loads(raw)
    except ValueError:
        raise ConfigError(where, 'not a JSON object; each line is {"id": "...", "reply": "..."}') from None
    if not isinstance(line, dict) or not isinstance(line.get("id"), str) or not isinstance(line.get("reply"), str):
        raise ConfigError(where, 'each line is an object {"id": "...", "reply": "..."} with two strings')
    return line["id"], line["reply"]
