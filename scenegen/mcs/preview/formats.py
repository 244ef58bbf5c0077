"""What ``scenegen preview`` writes, told by the name it writes to: ``.svg`` or ``.png`` for a picture, ``.gif``,
``.apng`` or ``.png`` for an animation."""

from __future__ import annotations

from pathlib import Path

#: Our name of each format by the extensions that ask for it, for a still picture and for an animation.
STILL = {".svg": "svg", ".png": "png"}
ANIMATED = {".gif": "gif", ".apng": "apng", ".png": "apng"}
#: The extension a format is written with when no name is given.
SUFFIXES = {"svg": ".svg", "png": ".png", "gif": ".gif", "apng": ".apng"}


def output_format(out: Path | None, as_png: bool, animate: bool) -> str:
    """The format to write: ``out``'s extension's, else SVG (PNG with ``as_png``, GIF when animating).
    ValueError, worded for the user, for an extension that names no format of the kind or contradicts
    ``--png``."""
    if animate and as_png:
        raise ValueError("--png draws a still picture; --animate writes GIF, or APNG with -o NAME.apng")
    default = "gif" if animate else "png" if as_png else "svg"
    if out is None:
        return default
    known = ANIMATED if animate else STILL
    image_format = known.get(out.suffix.lower())
    if image_format is None:
        kind = "an animation" if animate else "a picture"
        names = ", ".join(known)
        raise ValueError(f"--out {out}: {kind} is written as {names}, not {out.suffix or 'a name without one'}")
    if as_png and image_format != "png":
        raise ValueError(f"--out {out} names {image_format.upper()} but --png writes PNG")
    return image_format
