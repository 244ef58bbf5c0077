"""`scenegen stats`: a run's counts, label balance, parameters against their request, shortcuts, CAIP's own
figures, and the web page, which a real browser loads."""

from __future__ import annotations

import json
import os
import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from scenegen.factory.request import RunRequest
from scenegen.factory.run import make
from scenegen.folder.manifest import MANIFEST
from scenegen.inspect.stats.distinct import EXACT_LIMIT, Distinct
from scenegen.inspect.stats.report import run_report


def made(tmp_path: Path, config: str, n: int, name: str = "run", **options) -> Path:
    out = tmp_path / name
    make(RunRequest(config, n, seed=2, out=out, progress=False, workers=1, **options))
    return out


def test_a_known_distribution_is_reported_and_passes(tmp_path, write_config):
    config = write_config({"family": "tool_choice", "correct_side": {"choices": ["left", "right"], "weights": [3, 1]},
                           "tool": {"gap": {"min": 0, "max": 1}}})
    report = run_report(made(tmp_path, str(config), 400))
    assert (report["samples"], report["documents"]) == (400, 400)
    side = report["params"]["correct_side"]
    assert side["requested"] == "one of 'left' 75%, 'right' 25%"
    assert 270 <= side["counts"]["left"] <= 330 and side["counts"]["left"] + side["counts"]["right"] == 400
    assert side["test"] == "chi-square" and not side["flagged"]
    assert report["labels"]["correct_side"]["counts"] == side["counts"]
    assert report["params"]["tool.gap"]["kind"] == "numeric" and len(report["params"]["tool.gap"]["histogram"]) == 20


def test_a_skewed_run_is_flagged(tmp_path):
    out = made(tmp_path, "tool_choice", 300)
    lines = [json.loads(line) for line in (out / MANIFEST).read_text().splitlines()]
    for line in lines[:200]:  # two thirds on the left where the config asks for half
        line["params"]["correct_side"] = "left"
    (out / MANIFEST).write_text("".join(json.dumps(line) + "\n" for line in lines))
    side = run_report(out)["params"]["correct_side"]
    assert side["flagged"] and side["p"] < 1e-6


def test_a_value_the_config_cannot_draw_is_flagged(tmp_path):
    out = made(tmp_path, "tool_choice", 60)
    lines = (out / MANIFEST).read_text().replace('"ball.z":6', '"ball.z":60')
    (out / MANIFEST).write_text(lines)
    ball = run_report(out)["params"]["ball.z"]
    assert ball["flagged"] and ball["test"] == "values the config cannot draw"


def test_the_shortcut_warning_fires_on_a_run_that_has_one_and_is_quiet_on_a_balanced_one(tmp_path):
    """The evaluation's Shell Game always drags the ball's container first, which gives the answer away; the
    training template drags any container first, and has no shortcut."""
    shortcuts = run_report(made(tmp_path, "eval7_shell_game", 200, "shell"))["shortcuts"]
    assert {"label": "label.container_index", "feature": "label.moved[0].container_index", "accuracy": 1.0} \
        .items() <= shortcuts[0].items()
    assert run_report(made(tmp_path, "shell_game", 300, "training"))["shortcuts"] == []


def test_a_pair_runs_params_are_counted_once_a_sample(tmp_path):
    report = run_report(made(tmp_path, "helper_hinderer", 4))
    assert (report["samples"], report["documents"]) == (4, 8)
    assert sum(report["params"]["layout"]["counts"].values()) == 4
    assert report["labels"]["expected"]["counts"] == {"false": 4, "true": 4}


def test_caip_reports_its_commands(tmp_path):
    report = run_report(made(tmp_path, "caip", 300, shard_size=100))
    own = report["documents_stats"]
    assert sum(own["command length (tokens)"]["bins"].values()) == 300
    assert 250 <= own["distinct commands"]["value"] <= 300 and own["distinct tree shapes"]["value"] > 20
    assert sum(report["labels"]["action_types[]"]["counts"].values()) > 200


@pytest.mark.parametrize("format", ["jsonl", "parquet"])
def test_every_format_gives_the_same_report(tmp_path, format):
    files = run_report(made(tmp_path, "shell_game", 60, "files"))
    sharded = run_report(made(tmp_path, "shell_game", 60, format, format=format, shard_size=25))
    for report in (files, sharded):
        del report["run"]
    assert sharded == files


def test_the_command_prints_tables_and_json(run_cli, tmp_path):
    out = made(tmp_path, "eval7_shell_game", 80)
    text = run_cli("stats", str(out))
    assert text.code == 0 and "80 samples, 80 documents" in text.out
    assert "label.moved[0].container_index predicts label.container_index 100.0%" in text.out
    as_json = run_cli("stats", str(out), "--json")
    assert as_json.code == 0 and json.loads(as_json.out)["samples"] == 80


def test_a_folder_that_is_no_run_is_one_line(run_cli, tmp_path):
    result = run_cli("stats", str(tmp_path))
    assert result.code == 1 and "not a scenegen run folder" in result.err and result.err.count("\n") == 1


# The page


def test_the_page_holds_its_charts_and_the_card_links_it(run_cli, tmp_path):
    out = made(tmp_path, "tool_choice", 40)
    result = run_cli("stats", str(out), "--html", str(out / "stats.html"))
    assert result.code == 0, result.err
    page = (out / "stats.html").read_text()
    assert page.count("<svg") >= 10 and "http" not in page.replace("http://www.w3.org", "")  # fetches nothing
    assert "Statistics and pictures of this run: [stats.html](stats.html)" in (out / "README.md").read_text()
    assert run_cli("validate", str(out)).code == 0


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


#: Flags that keep a headless Chromium from reaching out to the network, which this machine does not have.
QUIET_CHROMIUM = ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync")


#: The width the page must fit without scrolling sideways (a laptop's screen).
SCREEN_WIDTH = 1280
#: Appended to a copy of the page: what the browser laid out, in the page's body once it has loaded.
MEASURE = ("<script>document.body.dataset.overflow = document.documentElement.scrollWidth > "
           "document.documentElement.clientWidth ? 'yes' : 'no';</script></body>")


def browser_or_skip() -> str:
    """Chromium's command; a skip where there is none, except in CI, where a missing browser is a failure."""
    executable = chromium()
    if executable is None:
        if os.environ.get("CI"):
            pytest.fail("no Chromium in CI: .ci/run installs Debian's chromium package")
        pytest.skip("no Chromium: install Debian's chromium package (`.ci/run` does)")
    return executable


@pytest.mark.service
@pytest.mark.parametrize(("config", "n"), [("shell_game", 40), ("caip", 300)])
def test_a_real_browser_loads_the_page_draws_the_charts_and_fits_the_screen(run_cli, tmp_path, config, n):
    executable = browser_or_skip()
    out = made(tmp_path, config, n)
    page = tmp_path / "stats.html"
    done = run_cli("stats", str(out), "--html", str(page))
    assert done.code == 0 and f"wrote the page {page}" in done.err
    browser = (executable, *QUIET_CHROMIUM, f"--user-data-dir={tmp_path / 'profile'}",
               f"--window-size={SCREEN_WIDTH},2000")
    measured = tmp_path / "measured.html"
    measured.write_text(page.read_text(encoding="utf-8").replace("</body>", MEASURE, 1), encoding="utf-8")
    dom = subprocess.run([*browser, "--dump-dom", measured.as_uri()], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "HOME": str(tmp_path)}, check=True).stdout
    assert f"<h1>scenegen stats: {config}" in dom and dom.count("<svg") >= 4
    assert 'data-overflow="no"' in dom, f"the page is wider than {SCREEN_WIDTH} px"
    shot = tmp_path / "shot.png"
    subprocess.run([*browser, f"--screenshot={shot}", page.as_uri()],
                   capture_output=True, timeout=120, env={**os.environ, "HOME": str(tmp_path)}, check=True)
    assert colours(shot) > 20  # the charts' bars, lines and text, not a blank page


def test_the_page_gives_each_share_as_the_text_report_does(run_cli, tmp_path):
    """A list field's values (CAIP's action types) are shares of the documents in both, not of the values."""
    out = made(tmp_path, "caip", 300)
    text = run_cli("stats", str(out), "--html", str(tmp_path / "stats.html")).out
    page = (tmp_path / "stats.html").read_text(encoding="utf-8")
    shares = re.findall(r"action_types\[\]\n((?:\s+[A-Z]+\s+[\d,]+\s+[\d.]+%.*\n)+)", text)[0]
    for name, count, share in re.findall(r"([A-Z]+)\s+([\d,]+)\s+([\d.]+%)", shares):
        assert f">{count} ({share})</text>" in page, (name, count, share)


def colours(png: Path) -> int:
    """How many distinct pixel values a PNG screenshot holds (8-bit RGB or RGBA, as Chromium writes)."""
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    position, idat, width, channels = 8, b"", 0, 4
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, channels = struct.unpack(">I", body[:4])[0], {2: 3, 6: 4}[body[9]]
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels + 1
    # Distinct scanlines' bytes stand in for colours: filtering hides exact pixels, not variety.
    return len({raw[row * stride:(row + 1) * stride] for row in range(0, len(raw) // stride, 7)})


@pytest.mark.parametrize("n", [1, 300, EXACT_LIMIT])
def test_few_distinct_values_are_counted_exactly(n):
    counter = Distinct()
    for value in [*map(str, range(n)), "0", str(n - 1)]:
        counter.add(value)
    assert counter.count() == n


def test_many_distinct_values_are_estimated_within_the_sketch_error():
    counter = Distinct()
    n = 4 * EXACT_LIMIT
    for value in range(n):
        counter.add(f"command {value}")
    assert counter.exact is None
    assert abs(counter.count() - n) <= 4 * 0.016 * n  # four standard errors
