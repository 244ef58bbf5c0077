"""`make pictures`: the README's pictures, drawn afresh into docs/pictures/.

Each picture is drawn from a small run of a bundled template made in a temporary folder (a template draws the
same scenes on every machine), so a picture changes only when the drawing or the family does; then
tests/test_pictures.py fails until `make pictures` is run again. An animation is held to the SVG of its frames,
whose digest is kept beside it (``animations.sha256``): Pillow's and resvg's versions change its bytes, not
what it shows. ``python -m tests.pictures`` writes them all.
"""

from __future__ import annotations

import hashlib
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from scenegen.factory.request import RunRequest
from scenegen.factory.run import make
from scenegen.mcs.preview.animate import animation_bytes
from scenegen.mcs.preview.scene import SceneView
from scenegen.mcs.preview.sheet import animation_frames, label_beside, scene_svg, sheet_svg

PICTURES = Path(__file__).resolve().parent.parent / "docs" / "pictures"
DIGESTS = PICTURES / "animations.sha256"
#: Frames of the README's animation: one every this many steps keeps it near 100 kB.
_EVERY = 4


@dataclass(frozen=True)
class Picture:
    """One README picture: the run it is drawn from, and how (its SVG pages from the run's folder)."""

    name: str
    family: str
    count: int
    draw: Callable[[Path], list[str]]


def _scene(run: Path, name: str) -> tuple[Any, Mapping[str, Any] | None]:
    path = run / name
    return orjson.loads(path.read_bytes()), label_beside(path)


def _tool_choice(run: Path) -> list[str]:
    document, label = _scene(run, "tool_choice_000000.json")
    return [scene_svg(document, [0], label)]


def _shell_game(run: Path) -> list[str]:
    """The start, the ball let go, and the containers at rest, lids on."""
    document, label = _scene(run, "shell_game_000000.json")
    assert label is not None
    return [scene_svg(document, [0, label["ball_released_step"], label["performer_free_step"]], label)]


def _set_rotation(run: Path) -> list[str]:
    """The start and the end of the last motion (the turntable's turn, or the performer's walk round it)."""
    document, label = _scene(run, "set_rotation_000000.json")
    return [scene_svg(document, [0, SceneView(document).motion_end], label)]


def _helper_hinderer(run: Path) -> list[str]:
    return [sheet_svg(run)]


def _imitation(run: Path) -> list[str]:
    document, label = _scene(run, "imitation_000000_a.json")
    return [scene_svg(document, None, label)]


def _shell_game_animation(run: Path) -> list[str]:
    document, label = _scene(run, "shell_game_000000.json")
    return animation_frames(document, _EVERY, label)


ALL = (Picture("tool_choice.svg", "tool_choice", 1, _tool_choice),
       Picture("shell_game.svg", "shell_game", 1, _shell_game),
       Picture("set_rotation.svg", "set_rotation", 1, _set_rotation),
       Picture("helper_hinderer.svg", "helper_hinderer", 1, _helper_hinderer),
       Picture("imitation_trials.svg", "imitation", 1, _imitation),
       Picture("shell_game.gif", "shell_game", 1, _shell_game_animation))


def drawings(root: Path) -> dict[str, list[str]]:
    """Every picture's SVG pages by its file name (one page for a picture, one a frame for an animation), from
    runs made in the folder ``root``."""
    for family, count in {(picture.family, picture.count) for picture in ALL}:
        make(RunRequest(family, count, out=root / family, progress=False, workers=1))
    return {picture.name: picture.draw(root / picture.family) for picture in ALL}


def frames_digest(pages: list[str]) -> str:
    """The SHA-256 of an animation's frames, as SVG."""
    digest = hashlib.sha256()
    for page in pages:
        digest.update(page.encode())
    return digest.hexdigest()


def recorded_digests() -> dict[str, str]:
    """The frames' digest of each animation in docs/pictures/, by file name, as ``make pictures`` wrote it."""
    lines = DIGESTS.read_text().splitlines() if DIGESTS.exists() else []
    return {name: digest for digest, name in (line.split("  ", 1) for line in lines)}


def main() -> None:
    """Write every picture into docs/pictures/ and the animations' digests beside them."""
    digests = {}
    with tempfile.TemporaryDirectory() as root:
        for name, pages in drawings(Path(root)).items():
            path = PICTURES / name
            if path.suffix == ".svg":
                path.write_text(pages[0])
            else:
                path.write_bytes(animation_bytes(pages, path.suffix.removeprefix(".")))
                digests[name] = frames_digest(pages)
            print(f"wrote {path.relative_to(PICTURES.parent.parent)}")
    DIGESTS.write_text("".join(f"{digest}  {name}\n" for name, digest in sorted(digests.items())))


if __name__ == "__main__":
    main()
