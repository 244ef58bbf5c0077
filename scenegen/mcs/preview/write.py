"""What ``scenegen preview`` writes: the pages drawn for a scene or a run's contact sheet, still or animated, made
into the file's format and written whole."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from scenegen.errors import ConfigError
from scenegen.folder.files import write_atomic
from scenegen.mcs.preview.animate import animation_bytes
from scenegen.mcs.preview.formats import SUFFIXES
from scenegen.mcs.preview.png import png_bytes
from scenegen.mcs.preview.scene import NotDrawable, read_scene
from scenegen.mcs.preview.sheet import animation_frames, label_beside, scene_svg, sheet_frames, sheet_svg


def write_preview(image_format: str, *, scene: Path | None = None, run: Path | None = None, out: Path | None = None,
                  steps: Sequence[int] | None = None, animate: bool = False, every: int | None = None) -> Path:
    """Draw the ``scene`` file (at ``steps``, or animated every ``every`` steps), or the contact sheet of the
    ``run`` folder, and write it in ``image_format`` to ``out`` (by default beside the scene, or ``./sheet``);
    return where. ConfigError naming the input when it cannot be drawn."""
    suffix = SUFFIXES[image_format]
    try:
        # SVG pages: one for a picture, one a frame for an animation.
        if run is not None:
            pages = sheet_frames(run, every) if animate else [sheet_svg(run)]
            path = out or Path("sheet" + suffix)
        elif scene is not None:
            document, label, path = read_scene(scene), label_beside(scene), out or scene.with_suffix(suffix)
            pages = animation_frames(document, every, label) if animate else [scene_svg(document, steps, label)]
        else:
            raise ValueError("write_preview draws a scene or a run: give one")
    except NotDrawable as error:
        raise ConfigError("--sheet" if run is not None else str(scene), str(error)) from None
    if animate:
        content = animation_bytes(pages, image_format)
    else:
        content = png_bytes(pages[0]) if image_format == "png" else pages[0].encode()
    write_atomic(path, content)
    return path
