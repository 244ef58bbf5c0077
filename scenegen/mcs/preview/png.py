"""SVG to PNG with resvg, the ``png`` extra (its wheels bundle the Rust renderer: no system library needed)."""

from __future__ import annotations

from scenegen.errors import ScenegenError

INSTALL = "pip install 'scenegen[png]'"


class MissingRenderer(ScenegenError):
    """``--png`` without resvg-py installed: exit 1."""


def png_bytes(svg: str) -> bytes:
    """``svg`` rasterised at its own size; MissingRenderer if resvg-py is not installed."""
    try:
        import resvg_py  # the optional extra: imported for --png only
    except ImportError:
        raise MissingRenderer(f"--png needs resvg-py, which is not installed: {INSTALL}") from None
    return resvg_py.svg_to_bytes(svg_string=svg)
