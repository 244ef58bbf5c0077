"""The ``scenegen`` command line."""

from __future__ import annotations

import json
import os
import signal
import sys
import warnings
from pathlib import Path
from typing import Any

import click

from scenegen.errors import OUT_OF_MEMORY, ScenegenError
from scenegen.factory import (
    blas,  # noqa: F401 - first of the package's modules: it must run before numpy is imported
    collector,
)
from scenegen.factory.request import (
    DEFAULT_SPLIT,
    EXECUTORS,
    MAX_SAMPLES,
    MAX_SEED,
    MAX_WORKERS,
    SPLIT_NAME,
    RunRequest,
)
from scenegen.factory.run import make
from scenegen.folder.files import temporary_name
from scenegen.folder.names import MAX_NAME_BYTES, output_path_problem
from scenegen.folder.overwrite import INCOMPLETE, REPLACED
from scenegen.folder.storage import COMPRESSIONS, FORMATS, MAX_SHARD_SIZE
from scenegen.plugin.discovery import family_named, installed_families

#: Of a path scenegen writes, by what it is: the bytes scenegen adds to its last name (a sibling folder's suffix,
#: a temporary file's affixes), and the bytes of the longest path below or beside it beyond its own.
_WRITTEN_ROOM = {
    "folder": {"grows_by": max(len(INCOMPLETE), len(REPLACED)), "room": 1 + MAX_NAME_BYTES},
    "file": {"grows_by": len(temporary_name("")), "room": len(temporary_name(""))},
}


class _Path(click.Path):
    """A path option that refuses a NUL character (no file system accepts one) as a usage error; one naming a
    ``written`` folder or file also when it is too long to be written (before anything is)."""

    def __init__(self, *, written: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.room = _WRITTEN_ROOM[written] if written else None

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if "\x00" in str(value):
            self.fail("a path cannot hold a NUL character", param, ctx)
        path = super().convert(value, param, ctx)
        problem = self.room and output_path_problem(value, **self.room)
        if problem:
            self.fail(problem, param, ctx)
        return path


def _check_split(_ctx: click.Context, _param: click.Parameter, value: str) -> str:
    """A split is a short plain name: it is recorded in run.json and every manifest line."""
    if not SPLIT_NAME.fullmatch(value):
        raise click.BadParameter(f"{value!r} is not a split name: letters, digits and '_', in parts joined by '.' "
                                 "(Hugging Face's rule, e.g. validation.v2), at most 64 characters")
    return value


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="scenegen")
def cli() -> None:
    """Generate validated, labelled MCS scenes and CAIP command datasets.

    \b
    Example:
      scenegen make --config tool_choice.yaml -n 1000
    """


@cli.command(name="make")
@click.option("--config", "config", type=_Path(dir_okay=True), required=True, metavar="PATH|NAME",
              help="A YAML config file, or the name of a bundled template (see `scenegen list`).")
@click.option("-n", "n", type=click.IntRange(1, MAX_SAMPLES), required=True,
              help=f"How many samples (scenes, pairs or records) to make, 1 to {MAX_SAMPLES:,}.")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=0, show_default=True,
              help="Run seed, 0 to 2**63-1; sample i depends only on (config, seed, split, i).")
@click.option("--split", default=DEFAULT_SPLIT, show_default=True, callback=_check_split,
              help="The split this run makes (train, validation, test or a name of your own): each split of a "
                   "config draws its own samples.")
@click.option("--out", type=_Path(file_okay=False, path_type=Path, written="folder"),
              help="Output folder. Default: output/<config stem>.")
@click.option("--prefix", help="File-name prefix. Default: '<config stem>_'.")
@click.option("--resume", is_flag=True, help="Continue a run in --out, skipping what its manifest lists.")
@click.option("--overwrite", is_flag=True, help="Replace the run already in --out.")
@click.option("--pairs", is_flag=True, help="Also write each sample's counterfactual twin (families that make pairs).")
@click.option("--check", is_flag=True,
              help="Also run the family's semantic checks on every document before writing it (slower; "
                   "`scenegen validate` runs them on written output). Schema and format rules are always checked.")
@click.option("--workers", type=click.IntRange(1, MAX_WORKERS), default=None, metavar="N",
              help="Processes making samples at once. Default: every usable core.")
@click.option("--executor", type=click.Choice(EXECUTORS), default="processes", show_default=True,
              help="processes: a pool of local processes; ray: Ray tasks (pip install 'scenegen[ray]').")
@click.option("--ray-address", metavar="ADDR",
              help="With --executor ray: the cluster to join (e.g. 10.0.0.5:6379); default: start a local Ray.")
@click.option("--format", "format_", type=click.Choice(FORMATS), default=None,
              help="files: one JSON file per document (MCS scenes as the simulator runs them); jsonl or parquet: "
                   "shards of dataset records. Default: the family's (files for MCS scenes, jsonl for CAIP).")
@click.option("--compression", type=click.Choice(COMPRESSIONS), default=None,
              help="Of shards (jsonl or parquet). Default: zstd.")
@click.option("--shard-size", type=click.IntRange(1, MAX_SHARD_SIZE), default=None, metavar="N",
              help="Samples per shard (jsonl or parquet). Default: 1,000 scenes or 10,000 records.")
@click.option("--quiet", is_flag=True, help="No progress bar and no summary.")
def make_command(config: str, n: int, seed: int, split: str, out: Path | None, prefix: str | None,
                 resume: bool, overwrite: bool, pairs: bool, check: bool, workers: int | None, executor: str,
                 ray_address: str | None, format_: str | None, compression: str | None, shard_size: int | None,
                 quiet: bool) -> None:
    """Generate N samples of a family from a config.

    \b
    Examples:
      scenegen make --config tool_choice.yaml -n 1000
      scenegen make --config my_tools.yaml -n 50000 --seed 7 --out data/tools
      scenegen make --config tool_choice -n 2000 --resume
      scenegen make --config shell_game.yaml -n 100000 --split test --workers 8
      scenegen make --config shell_game.yaml -n 20000 --format jsonl --compression zstd
      scenegen make --config caip.yaml -n 1000000 --executor ray --ray-address 10.0.0.5:6379
    """
    if resume and overwrite:
        raise click.UsageError("--resume and --overwrite exclude each other")
    if ray_address is not None and executor != "ray":
        raise click.UsageError("--ray-address goes with --executor ray")
    summary = make(RunRequest(config, n, seed, out, prefix, resume, overwrite, progress=not quiet, pairs=pairs,
                              check=check, split=split, workers=workers, executor=executor,
                              ray_address=ray_address, format=format_, compression=compression,
                              shard_size=shard_size))
    if not quiet:
        click.echo(one_line(summary.line()))


@cli.command(name="validate")
@click.argument("paths", nargs=-1, required=True, type=_Path(path_type=Path))
@click.option("--check", is_flag=True,
              help="Also run the family's semantic checks on every document, against its label (slower, as "
                   "`make --check` is).")
def validate_command(paths: tuple[Path, ...], check: bool) -> None:
    """Validate scene files, shards (JSON Lines or Parquet) or whole output folders.

    Checks what `make` checks before writing: each document against its schema
    and the format-wide rules, its record's shape and label; and each file
    against its manifest line (sha256, samples and records), each manifest line
    against the run (run.json): a folder's samples listed in order, each once,
    every file listed, nothing else left. --check adds the family's semantic
    checks, as `make --check` does. Prints every failure with its file and JSON
    path or manifest line; exits 1 if any file fails.

    \b
    Examples:
      scenegen validate output/tool_choice
      scenegen validate --check output/tool_choice/tool_choice_000003.json
    """
    # The readers and the checks: imported by this command only (start-up time).
    from scenegen.mcs.output import MCS_SCENES
    from scenegen.reading.validate import audit

    failed = checked = 0
    for report in audit(paths, semantic=check, loose=MCS_SCENES):
        checked += 1
        if report.problems:
            failed += 1
            for problem in report.problems:
                click.echo(f"{report.path}: {problem.path}: {problem.message}")
    click.echo(f"{checked - failed} of {checked} files valid")
    if failed or not checked:
        sys.exit(1)


@cli.command(name="convert")
@click.argument("run", type=_Path(exists=True, file_okay=False, path_type=Path))
@click.option("--format", "format_", type=click.Choice(FORMATS), required=True, help="The format to convert to.")
@click.option("--compression", type=click.Choice(COMPRESSIONS), default=None,
              help="Of shards (jsonl or parquet). Default: zstd.")
@click.option("--shard-size", type=click.IntRange(1, MAX_SHARD_SIZE), default=None, metavar="N",
              help="Samples per shard (jsonl or parquet). Default: 1,000 scenes or 10,000 records.")
@click.option("--out", type=_Path(file_okay=False, path_type=Path, written="folder"), required=True,
              help="The folder to write.")
@click.option("--overwrite", is_flag=True, help="Replace the run already in --out.")
def convert_command(run: Path, format_: str, compression: str | None, shard_size: int | None, out: Path,
                    overwrite: bool) -> None:
    """Convert a finished run to another storage format: the same records, and a new manifest and card.

    \b
    Examples:
      scenegen convert output/shell_game --format parquet --out data/shell_game
      scenegen convert output/caip --format jsonl --compression gzip --out data/caip_gzip
    """
    from scenegen.reading.convert import convert  # the readers: imported by this command only (start-up time)

    documents = convert(run, out, format_, compression, shard_size, overwrite=overwrite)
    click.echo(one_line(f"wrote {documents} documents to {out}"))


@cli.command(name="preview")
@click.argument("scene", required=False, type=_Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--sheet", "run", type=_Path(exists=True, file_okay=False, path_type=Path), metavar="RUN_DIR",
              help="Draw a contact sheet of the run's first 16 scenes instead (a Helper/Hinderer pair side by side, "
                   "in its test trial; with --animate, every scene over its steps).")
@click.option("-o", "--out", type=_Path(dir_okay=False, path_type=Path, written="file"),
              help="The file to write, its format told by its name: .svg or .png; with --animate .gif, or .apng "
                   "or .png for APNG. Default: SCENE.svg beside the scene (.png with --png, .gif with --animate), "
                   "or ./sheet.svg.")
@click.option("--step", type=click.IntRange(min=0), metavar="K",
              help="Draw the scene at the end of step K (default 0; a passive-agent scene: one panel per trial).")
@click.option("--strip", metavar="K,K,...", help="Draw the scene at several steps side by side, e.g. 0,80,200.")
@click.option("--png", "as_png", is_flag=True, help="Write a PNG instead (pip install 'scenegen[png]').")
@click.option("--animate", is_flag=True,
              help="Write the scene over its steps as an animated GIF (APNG with -o NAME.apng), each frame titled "
                   "with its step, the routes drawn as far as they have gone (pip install 'scenegen[animate]').")
@click.option("--every", type=click.IntRange(min=1), metavar="K",
              help="With --animate: a frame every K steps, and the last (default: about 60 frames; at most 200).")
def preview_command(scene: Path | None, run: Path | None, out: Path | None, step: int | None, strip: str | None,
                    as_png: bool, animate: bool, every: int | None) -> None:
    """Draw an MCS scene from above, as SVG: the room (north, +z, up), lava and holes, every object's footprint at
    a step with its role (target, helper, main agent, decoy, ...) or type, the performer's start and facing, and
    the routes of what moves, with the steps its motions start and end. Where things move in a small part of
    the room, the picture is zoomed to it. A passive-agent scene is drawn one panel per trial.

    \b
    Examples:
      scenegen preview output/tool_choice/tool_choice_000000.json
      scenegen preview output/shell_game/shell_game_000003.json --step 120 -o sg.png
      scenegen preview output/set_rotation/set_rotation_000000.json --strip 0,90,160 -o turn.svg
      scenegen preview output/shell_game/shell_game_000003.json --animate --every 4 -o sg.gif
      scenegen preview --sheet output/helper_hinderer -o hh_sheet.svg
      scenegen preview --sheet output/shell_game --animate -o sg_sheet.gif
    """
    if (scene is None) == (run is None):
        raise click.UsageError("give a SCENE file or --sheet RUN_DIR (one of them)")
    if run is not None and (step is not None or strip is not None):
        raise click.UsageError("--step and --strip draw one scene, not a --sheet")
    if step is not None and strip is not None:
        raise click.UsageError("--step and --strip exclude each other")
    if animate and (step is not None or strip is not None):
        raise click.UsageError("--animate draws every step (or every K-th: --every), not --step or --strip")
    if every is not None and not animate:
        raise click.UsageError("--every goes with --animate")
    # Drawing and reading runs: imported by this command only (start-up time).
    from scenegen.errors import ConfigError
    from scenegen.mcs.preview.formats import output_format
    from scenegen.mcs.preview.sheet import strip_steps
    from scenegen.mcs.preview.write import write_preview

    try:
        image_format = output_format(out, as_png, animate)
    except ValueError as error:
        raise click.UsageError(str(error)) from None
    try:
        steps = None if step is None and strip is None else [step or 0] if strip is None else strip_steps(strip)
    except ValueError as error:
        raise ConfigError("--strip", str(error)) from None
    path = write_preview(image_format, scene=scene, run=run, out=out, steps=steps, animate=animate, every=every)
    click.echo(one_line(f"wrote {path}"))


@cli.command(name="stats")
@click.argument("run", type=_Path(exists=True, file_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON instead of tables.")
@click.option("--html", "page", type=_Path(dir_okay=False, path_type=Path, written="file"), metavar="PAGE",
              help="Also write the report as one self-contained web page, with charts and the run's first scenes "
                   "(written inside the run folder, the dataset card links it).")
def stats_command(run: Path, as_json: bool, page: Path | None) -> None:
    """Report on a finished run: counts, label balance, each parameter against what the config asked for,
    label shortcuts, and a family's own figures (CAIP: command lengths, distinct commands and tree shapes).

    \b
    Examples:
      scenegen stats output/tool_choice
      scenegen stats output/caip --json > caip_stats.json
      scenegen stats output/shell_game --html output/shell_game/stats.html
    """
    from scenegen.inspect.stats.report import (
        run_report,  # scipy and the readers: imported by this command only (start-up time)
    )
    from scenegen.inspect.stats.text import report_text

    report = run_report(run)
    if page is not None:
        from scenegen.inspect.stats.page import write_page

        write_page(run, report, page)
    click.echo(json.dumps(report, indent=2) if as_json else report_text(report))
    if page is not None:  # on stderr: stdout holds the report (JSON with --json)
        click.echo(f"wrote the page {page}", err=True)


@cli.command(name="export")
@click.argument("run", type=_Path(exists=True, file_okay=False, path_type=Path))
@click.option("--as", "as_", type=click.Choice(["chat"]), required=True,
              help="chat: one JSON line a prompt, {id, messages, gold, meta}, the messages as chat models take them.")
@click.option("--with-gold", is_flag=True,
              help="End each prompt's messages with the gold reply as the assistant's (a fine-tuning file).")
@click.option("-o", "--out", type=_Path(dir_okay=False, path_type=Path, written="file"), default=None,
              help="The file to write (replaced whole). Default: standard output.")
def export_command(run: Path, as_: str, with_gold: bool, out: Path | None) -> None:
    """Write a finished run's prompts for a model: for a builder run, each turn of each dialogue with the builder's
    system prompt (the seed's), the dialogue so far and the world as it stands, and the gold answer beside it.

    \b
    Examples:
      scenegen export output/builder --as chat > prompts.jsonl
      scenegen export output/builder --as chat --with-gold -o train.jsonl
    """
    from scenegen.inspect.benchmark import chat_lines, write_chat  # the readers: this command's only

    if out is None:
        for line in chat_lines(run, with_gold):
            sys.stdout.buffer.write(line)
        return
    click.echo(one_line(f"wrote {write_chat(run, out, with_gold)} prompts to {out}"), err=True)


@cli.command(name="score")
@click.argument("run", type=_Path(exists=True, file_okay=False, path_type=Path))
@click.argument("replies", type=_Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--fences", is_flag=True,
              help="Read a reply wrapped in a Markdown code block (```json ... ```) as the JSON inside; by default "
                   "it is not JSON, so no answer, as the seed's builder disregards any reply that is not JSON.")
@click.option("--json", "as_json", is_flag=True, help="Print the whole report, every turn's scores too, as JSON.")
@click.option("-o", "--out", type=_Path(dir_okay=False, path_type=Path, written="file"), default=None,
              help="Also write the whole report as JSON to this file (replaced whole).")
def score_command(run: Path, replies: Path, fences: bool, as_json: bool, out: Path | None) -> None:
    """Score a model's replies to a run's prompts (from `scenegen export`): REPLIES holds one JSON object a line,
    {"id": ..., "reply": "the model's raw text"}; a prompt without a reply counts as no answer.

    \b
    Examples:
      scenegen score output/builder replies.jsonl
      scenegen score output/builder replies.jsonl --fences -o scores.json
    """
    from scenegen.folder.files import write_atomic
    from scenegen.inspect.benchmark import run_benchmark, score_replies

    benchmark = run_benchmark(run)
    report = score_replies(benchmark, run, replies, fences)
    text = json.dumps(report, indent=2)
    if out is not None:
        write_atomic(out, text.encode() + b"\n")
    click.echo(text if as_json else benchmark.report_text(report))


@cli.command(name="list")
def list_command() -> None:
    """List the installed families.

    \b
    Example:
      scenegen list
    """
    families = installed_families()
    width = max(map(len, families), default=0)
    for name, family in families.items():
        click.echo(f"{name:<{width}}  {family.description}")


@cli.command(name="schema")
@click.argument("family")
def schema_command(family: str) -> None:
    """Print a family's config JSON Schema (every key, its default and meaning).

    \b
    Example:
      scenegen schema tool_choice
    """
    click.echo(json.dumps(family_named(family).config_schema(), indent=2))


#: Set to show the traceback of an unexpected error (a bug) instead of its one-line report.
TRACEBACK_VARIABLE = "SCENEGEN_TRACEBACK"


def main() -> None:
    """Entry point: every failure is one line on stderr and an exit code, never a traceback.

    SIGTERM stops a run as Ctrl-C does: what was written is complete and recorded.
    """
    collector.skip_collection_at_exit()
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        with warnings.catch_warnings():
            warnings.showwarning = lambda message, *_args, **_kwargs: _say(f"warning: {message}")
            _run()
    finally:
        signal.signal(signal.SIGTERM, previous)


def _interrupt(_signal: int, _frame: object) -> None:
    raise KeyboardInterrupt


def _run() -> None:
    try:
        cli.main(standalone_mode=False)
    except click.exceptions.Abort:
        _say("interrupted")
        sys.exit(130)
    except click.UsageError as error:
        where = f" (see `{error.ctx.command_path} --help`)" if error.ctx else ""
        _say(f"error: {error.format_message()}{where}")
        sys.exit(2)
    except click.ClickException as error:
        _say(f"error: {error.format_message()}")
        sys.exit(error.exit_code)
    except ScenegenError as error:
        _say(f"error: {error}")
        sys.exit(error.exit_code)
    except MemoryError:  # the machine's limit, not scenegen's fault (make adds how to continue, see OutputFolder)
        _say(f"error: {OUT_OF_MEMORY}")
        sys.exit(1)
    except OSError as error:  # the environment, outside a run's own storage checks (e.g. an unreadable folder)
        _say(f"error: {error.filename or 'scenegen'}: {(error.strerror or str(error)).lower()}")
        sys.exit(1)
    except click.exceptions.Exit as done:
        sys.exit(done.exit_code)
    except Exception as error:
        if os.environ.get(TRACEBACK_VARIABLE):
            raise
        _say(f"bug: {type(error).__name__}: {error}; please report it "
             f"(set {TRACEBACK_VARIABLE}=1 to see where it happened)")
        sys.exit(3)


def _say(message: str) -> None:
    """Print ``message`` on stderr as the one line it is: a character that would break or hide it on a terminal
    (a newline, an escape sequence, a bidi control, a byte that is not UTF-8 ...) in a path or value it quotes is
    shown escaped, as Python writes it (``\\n``, ``\\x1b``, ``\\u202e``)."""
    click.echo(one_line(message), err=True)


def one_line(text: str) -> str:
    """``text`` with every character that is not printable written as its escape (``\\n`` for a newline)."""
    return text if text.isprintable() else "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
