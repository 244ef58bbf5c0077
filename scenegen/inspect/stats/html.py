"""A stats report as one self-contained web page: the tables, each distribution as an inline SVG chart, and a
contact sheet of the run's first scenes. Nothing is fetched: no scripts, fonts or images from elsewhere."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from scenegen.inspect.stats.text import split_text

#: Chart geometry, in CSS pixels.
BAR_HEIGHT = 16
LABEL_WIDTH = 170
CHART_WIDTH = 440
COLUMN_CHART_HEIGHT = 90

_STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 2em auto; padding: 0 1em; max-width: 1100px; color: #222; }
h1 { font-size: 1.4em; } h2 { margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; max-width: 100%; } td, th { padding: 4px 8px; border-bottom: 1px solid #eee;
  vertical-align: top; text-align: left; overflow-wrap: anywhere; }
svg { max-width: 100%; height: auto; }
.flag { color: #b00; font-weight: bold; } .muted { color: #777; } code { font-size: 0.95em; }
.chart text { font: 11px system-ui, sans-serif; fill: #333; }
.chart .bar { fill: #4a7bd0; } .chart .expected { fill: none; stroke: #d0704a; stroke-width: 1.5; }
"""


def report_html(report: Mapping[str, Any], sheet: str | None = None) -> str:
    """The page of a report; ``sheet``: an SVG contact sheet of the run's first scenes, if it has scenes."""
    run = report["run"]
    title = f"scenegen stats: {run['family']} ({run['config']}, {run['split']})"
    parts = [
        "<!doctype html>", '<html lang="en">', "<head>", '<meta charset="utf-8">', f"<title>{escape(title)}</title>",
        f"<style>{_STYLE}</style>", "</head>", "<body>", f"<h1>{escape(title)}</h1>",
        (f"<p>{escape(run['path'])}: seed {run['seed']}, "
        f"{escape(', '.join(f'{k} {v}' for k, v in run['storage'].items()))}; "
        f"<b>{report['samples']:,}</b> samples, <b>{report['documents']:,}</b> documents.</p>"),
    ]
    parts += _shortcuts(report)
    parts += _probe(report["probe"])
    parts += ["<h2>Labels</h2>", "<p class=muted>Per document.</p>",
              _fields_table(report["labels"], report["documents"])]
    parts += _parameters(report)
    for name, item in report.get("documents_stats", {}).items():
        parts += [f"<h2>{escape(name)}</h2>", _item(item, report["documents"])]
    if sheet:
        parts += ['<h2 id="scenes">The first scenes</h2>', sheet]
    parts += ["</body>", "</html>", ""]
    return "\n".join(parts)


def _shortcuts(report: Mapping[str, Any]) -> list[str]:
    found = report["shortcuts"]
    threshold = report["threshold"]
    if not found:
        return [(f"<p>No shortcut: no parameter or cue predicts an answer {threshold['shortcut_accuracy']:.0%} of "
                f"the time where its commonest class is right at most {threshold['shortcut_base_rate']:.0%}.</p>")]
    items = "".join(f"<li><code>{escape(item['feature'])}</code> predicts <code>{escape(item['label'])}</code> "
                    f"{item['accuracy']:.1%} of the time (its commonest class alone: {item['base_rate']:.1%})</li>"
                    for item in found)
    return ["<h2 class=flag>Shortcuts</h2>", "<p>A model may learn these features instead of the task:</p>",
            f"<ul>{items}</ul>"]


def _probe(probe: Mapping[str, Any]) -> list[str]:
    threshold = probe["threshold"]
    flagged = any(item["flagged"] for item in probe["labels"])
    rows = []
    for item in probe["labels"]:
        evidence = (f"<br><span class=muted>left out as the task's evidence: {escape(item['evidence'])}</span>"
                    if "evidence" in item else "")
        label = f"<td><code>{escape(item['label'])}</code>{evidence}</td>"
        if "note" in item:
            rows.append(f"<tr>{label}<td colspan=3 class=muted>{escape(item['note'])}</td></tr>")
            continue
        majority = item["majority"]
        splits = "<br>".join(f"<code>{escape(split_text(split))}</code>" for split in item["tree"]["features"])
        weights = "<br>".join(f"<code>{escape(weight['feature'])}</code> {weight['weight']:+.2f} towards "
                              f"{escape(weight['class'])}" for weight in item["linear"]["features"])
        rows.append(f"<tr>{label}<td>{majority['accuracy']:.1%} ({escape(majority['class'])})</td>"
                    f"<td>{_probe_score(item['tree'])}<br>{splits}</td>"
                    f"<td>{_probe_score(item['linear'])}<br>{weights}</td></tr>")
    if not rows:
        rows.append("<tr><td colspan=4 class=muted>No answer to probe (the family declares none, or none takes a "
                    "few values).</td></tr>")
    heading = "<h2 class=flag>Probe: flagged</h2>" if flagged else "<h2>Probe</h2>"
    return [heading,
            (f"<p class=muted>A depth-{threshold['tree_depth']} tree and a logistic regression per answer, on each "
             f"document's flat features ({probe['features']:,} of them, {probe['documents']:,} of "
             f"{probe['of']:,} documents), scored on held-out samples ({escape(threshold['held_out'])}); flagged "
             f"when more than {threshold['gain'] * 100:g} points over the majority class with p &lt; "
             f"{threshold['p']:g}: a model may learn those features instead of the task, unless they are the "
             "task.</p>"),
            ("<table><tr><th>answer</th><th>majority class</th><th>tree: its top splits</th>"
             "<th>linear model: its largest weights</th></tr>"), *rows, "</table>"]


def _probe_score(fit: Mapping[str, Any]) -> str:
    text = f"<b>{fit['accuracy']:.1%}</b> ({fit['gain'] * 100:+.1f} points, p = {fit['p']:.2g})"
    return f"<span class=flag>{text} FLAGGED</span>" if fit["flagged"] else text


def _fields_table(fields: Mapping[str, Mapping[str, Any]], documents: int) -> str:
    rows = "".join(f"<tr><td><code>{escape(path)}</code></td><td>{_item(field, documents)}</td></tr>"
                   for path, field in fields.items())
    return f"<table>{rows}</table>"


def _parameters(report: Mapping[str, Any]) -> list[str]:
    rows = []
    for path, param in report["params"].items():
        asked = escape(param["requested"] or "derived by the family")
        chart = _histogram(param["histogram"]) if param.get("histogram") and param["kind"] != "categorical" \
            else _item(param, report["samples"])
        test = ""
        if "test" in param:
            p = "" if param["p"] is None else f"p = {param['p']:.3g}"
            test = (f"<span class=flag>FAR from the request ({p})</span>" if param["flagged"]
                    else f"{escape(param['test'])}<br>{p}")
        rows.append(f"<tr><td><code>{escape(path)}</code></td><td>{asked}</td><td>{chart}</td><td>{test}</td></tr>")
    return ["<h2>Parameters</h2>",
            (f"<p class=muted>Per sample. A chi-square test flags p &lt; {report['threshold']['p']:g}; the orange "
            "line is what the config asked for.</p>"),
            "<table><tr><th>parameter</th><th>asked</th><th>observed</th><th>test</th></tr>", *rows, "</table>"]


def _item(item: Mapping[str, Any], total: int) -> str:
    """One field's figures; a category's share is of ``total`` (the documents, or the samples), as the text
    report gives it: a list field's values (CAIP's action types) add up to more or less than it."""
    kind = item["kind"]
    if kind == "categorical":
        return _bars(item["counts"], total)
    if kind == "histogram":
        return _bars(item["bins"], sum(item["bins"].values()))
    if kind == "numeric":
        return f"min {item['min']:.4g}, mean {item['mean']:.4g}, max {item['max']:.4g}"
    if kind == "count":
        return f"<b>{item['value']:,}</b> <span class=muted>({escape(item['note'])})</span>"
    return f"<span class=muted>{escape(item['note'])}</span>"


def _bars(counts: Mapping[str, int], total: int) -> str:
    """Horizontal bars, one per value, with its count and its share of ``total``."""
    total = total or 1
    most = max(counts.values(), default=1) or 1
    span = CHART_WIDTH - LABEL_WIDTH - 90
    rows = []
    for row, (name, count) in enumerate(counts.items()):
        y = row * (BAR_HEIGHT + 4)
        width = max(1.0, span * count / most)
        rows.append(f'<text x="{LABEL_WIDTH - 6}" y="{y + 12}" text-anchor="end">{escape(_short(name))}</text>'
                    f'<rect class="bar" x="{LABEL_WIDTH}" y="{y}" width="{width:.1f}" height="{BAR_HEIGHT}"/>'
                    f'<text x="{LABEL_WIDTH + width + 6:.1f}" y="{y + 12}">{count:,} ({count / total:.1%})</text>')
    height = len(counts) * (BAR_HEIGHT + 4)
    return f'<svg class="chart" width="{CHART_WIDTH}" height="{height}" role="img">{"".join(rows)}</svg>'


def _histogram(cells: Sequence[Mapping[str, Any]]) -> str:
    """Columns of the observed counts per cell, with the requested counts as a line over them."""
    most = max([cell["observed"] for cell in cells] + [cell["expected"] for cell in cells]) or 1
    width = (CHART_WIDTH - 40) / len(cells)
    bottom = COLUMN_CHART_HEIGHT - 16
    columns = []
    for k, cell in enumerate(cells):
        height = (bottom - 4) * cell["observed"] / most
        columns.append(f'<rect class="bar" x="{k * width:.1f}" y="{bottom - height:.1f}" width="{width - 1:.1f}" '
                       f'height="{height:.1f}"><title>{escape(cell["cell"])}: {cell["observed"]:,}</title></rect>')
    expected = " ".join(f"{(k + 0.5) * width:.1f},{bottom - (bottom - 4) * cell['expected'] / most:.1f}"
                        for k, cell in enumerate(cells))
    ends = (f'<text x="0" y="{COLUMN_CHART_HEIGHT - 2}">{escape(cells[0]["cell"].split(" to ")[0])}</text>'
            f'<text x="{len(cells) * width:.1f}" y="{COLUMN_CHART_HEIGHT - 2}" text-anchor="end">'
            f'{escape(cells[-1]["cell"].split(" to ")[-1])}</text>')
    return (f'<svg class="chart" width="{CHART_WIDTH}" height="{COLUMN_CHART_HEIGHT}" role="img">{"".join(columns)}'
            f'<polyline class="expected" points="{expected}"/>{ends}</svg>')


def _short(text: str, longest: int = 34) -> str:
    return text if len(text) <= longest else "…" + text[-(longest - 1):]
