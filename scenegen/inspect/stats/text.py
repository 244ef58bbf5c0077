"""A stats report as text for the terminal: tables, with a small bar histogram of each number."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

#: Width of a histogram's longest bar, in characters.
BAR = 24
#: Bars of a histogram drawn on one line: a sparkline.
SPARKS = " ▁▂▃▄▅▆▇█"


def report_text(report: Mapping[str, Any]) -> str:
    """The whole report as lines of text."""
    run = report["run"]
    storage = ", ".join(f"{key} {value}" for key, value in run["storage"].items())
    lines = [f"{run['path']}: {run['family']} ({run['config']}), seed {run['seed']}, split {run['split']}, {storage}",
             f"{report['samples']:,} samples, {report['documents']:,} documents", ""]
    lines += _section("Labels (per document)", report["labels"], documents=report["documents"])
    lines += _parameters(report)
    lines += _shortcuts(report)
    lines += _probe(report["probe"])
    for title, item in report.get("documents_stats", {}).items():
        lines += [title, *_item_lines(item, report["documents"]), ""]
    return "\n".join(lines)


def _section(title: str, fields: Mapping[str, Mapping[str, Any]], *, documents: int) -> list[str]:
    lines = [title]
    for path, field in fields.items():
        single = _single(field)
        if single is not None:
            lines.append(f"  {path}: always {single}")
        else:
            lines += [f"  {path}", *(f"    {line}" for line in _item_lines(field, documents))]
    return [*lines, ""]


def _single(field: Mapping[str, Any]) -> str | None:
    """The one value a field always took, if it took one."""
    if field["kind"] != "categorical" or len(field["counts"]) != 1:
        return None
    return str(next(iter(field["counts"])))


def _item_lines(item: Mapping[str, Any], total: int) -> list[str]:
    kind = item["kind"]
    if kind == "categorical":
        return _bars(item["counts"], total)
    if kind == "histogram":
        return _bars(item["bins"], sum(item["bins"].values()))
    if kind == "numeric":
        return [f"min {_number(item['min'])}, mean {_number(item['mean'])}, max {_number(item['max'])}"]
    if kind == "count":
        return [f"{item['value']:,} ({item['note']})"]
    return [item["note"]]


def _bars(counts: Mapping[str, int], total: int) -> list[str]:
    width = max((len(name) for name in counts), default=0)
    most = max(counts.values(), default=1) or 1
    return [f"{name:<{width}}  {count:>9,}  {count / max(total, 1):6.1%}  {'#' * round(BAR * count / most)}"
            for name, count in counts.items()]


def _parameters(report: Mapping[str, Any]) -> list[str]:
    p = report["threshold"]["p"]
    lines = [f"Parameters (per sample; a chi-square test flags p < {p:g} as FAR from what the config asked)"]
    for path, param in report["params"].items():
        single = _single(param)
        if single is not None and not param.get("flagged"):
            lines.append(f"  {path}: always {single}, as asked" if param.get("p") == 1.0 else
                         f"  {path}: always {single} (asked {param['requested']})")
            continue
        asked = param["requested"] or "nothing (derived by the family, not drawn from the config)"
        lines.append(f"  {path}: asked {asked}")
        if "histogram" in param and param["kind"] != "categorical":
            lines.append(f"    observed {_item_lines(param, report['samples'])[0]}; "
                         f"|{_sparkline([cell['observed'] for cell in param['histogram']])}|")
        else:
            lines += [f"    {line}" for line in _item_lines(param, report["samples"])]
        if "test" in param:
            p_value = "" if param["p"] is None else f", p = {param['p']:.3g}"
            verdict = "  << FAR from the requested distribution" if param["flagged"] else ""
            lines.append(f"    test: {param['test']}{p_value}{verdict}")
    return [*lines, ""]


def _shortcuts(report: Mapping[str, Any]) -> list[str]:
    found = report["shortcuts"]
    threshold = report["threshold"]
    if not found:
        none = (f"Shortcuts: none (no parameter or cue predicts an answer {threshold['shortcut_accuracy']:.0%} "
                f"of the time where its commonest class is right at most {threshold['shortcut_base_rate']:.0%})")
        return [none, ""]
    lines = ["Shortcuts (warning: a model may learn the feature instead of the task)"]
    lines += [f"  {item['feature']} predicts {item['label']} {item['accuracy']:.1%} of the time "
              f"(its commonest class alone: {item['base_rate']:.1%})" for item in found]
    return [*lines, ""]


def _probe(probe: Mapping[str, Any]) -> list[str]:
    threshold = probe["threshold"]
    lines = [(f"Probe (a depth-{threshold['tree_depth']} tree and a logistic regression per answer on each "
              f"document's flat features, scored on held-out samples: {threshold['held_out']}; FLAGGED when more "
              f"than {threshold['gain'] * 100:g} points over the majority class with p < {threshold['p']:g}): "
              f"{probe['documents']:,} of {probe['of']:,} documents, {probe['features']:,} features")]
    if not probe["labels"]:
        lines.append("  no answer to probe (the family declares none, or none takes a few values)")
    for item in probe["labels"]:
        if "evidence" in item:
            lines.append(f"  {item['label']}: left out as the task's evidence: {item['evidence']}")
        if "note" in item:
            lines.append(f"  {item['label']}: {item['note']}")
            continue
        majority = item["majority"]
        lines.append(f"  {item['label']}: majority {majority['accuracy']:.1%} ({majority['class']}), "
                     f"tree {_probe_score(item['tree'])}, linear {_probe_score(item['linear'])}")
        lines.append("    tree splits: " + "; ".join(split_text(split) for split in item["tree"]["features"]))
        lines.append("    linear weights: " + "; ".join(f"{weight['feature']} {weight['weight']:+.2f} towards "
                                                         f"{weight['class']}" for weight in item["linear"]["features"]))
    return [*lines, ""]


def _probe_score(fit: Mapping[str, Any]) -> str:
    flag = "  << FLAGGED" if fit["flagged"] else ""
    return f"{fit['accuracy']:.1%} ({fit['gain'] * 100:+.1f} points, p = {fit['p']:.2g}){flag}"


def split_text(split: Mapping[str, Any]) -> str:
    """A tree's split in words: a category's column asks whether the path holds that value."""
    if " = " in split["feature"]:
        return f"{split['feature']}?"
    return f"{split['feature']} <= {split['threshold']:g}"


def _sparkline(values: Sequence[int]) -> str:
    most = max(values, default=0) or 1
    return "".join(SPARKS[round((len(SPARKS) - 1) * value / most)] for value in values)


def _number(value: float) -> str:
    return f"{value:,.4g}" if isinstance(value, float) else f"{value:,}"
