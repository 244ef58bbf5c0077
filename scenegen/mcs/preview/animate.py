"""A scene over its steps as an animated image: which steps become frames, and the frames put together.

A frame is the SVG panel the still preview draws (:func:`scenegen.mcs.preview.sheet.animation_frames`),
rasterised by resvg (:mod:`.png`): one drawing for stills and motion, so that they never disagree. Pillow, the
``animate`` extra, joins the frames; it is imported only here, when animating. GIF is the default: every
browser, image viewer and chat shows it, and a top-down drawing's few flat colours fit in its 256. APNG keeps
every colour of the anti-aliased edges, for those who ask for it by name.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from io import BytesIO

from scenegen.mcs.preview.png import MissingRenderer, png_bytes
from scenegen.mcs.preview.scene import NotDrawable

INSTALL = "pip install 'scenegen[animate]'"
#: The frames a default ``--every`` aims at (a 6 s loop), and the most a request may make: an animation of every
#: step of a 1,148-step passive-agent scene would be megabytes that no one watches to the end.
DEFAULT_FRAMES, MAX_FRAMES = 60, 200
#: Milliseconds a frame shows; the last holds longer, so that each loop shows where things ended.
FRAME_MS, LAST_FRAME_MS = 100, 1500
#: Pillow's name of each format, by ours.
_PILLOW_FORMATS = {"gif": "GIF", "apng": "PNG"}


class TooManyFrames(NotDrawable):
    """``--every`` too small for the scene's steps."""


def frame_steps(last_step: int, every: int | None = None) -> list[int]:
    """Steps 0, ``every``, 2 ``every``, ... and ``last_step``; by default ``every`` makes about
    ``DEFAULT_FRAMES`` frames. TooManyFrames beyond ``MAX_FRAMES``."""
    every = every or max(1, math.ceil((last_step + 1) / DEFAULT_FRAMES))
    steps = list(range(0, last_step + 1, every))
    if steps[-1] != last_step:
        steps.append(last_step)
    if len(steps) > MAX_FRAMES:
        least = math.ceil(last_step / (MAX_FRAMES - 1))
        raise TooManyFrames(f"--every {every} makes {len(steps)} frames of the {last_step + 1} steps things move in, "
                            f"more than {MAX_FRAMES}: take --every {least} or more")
    return steps


def animation_bytes(frames: Sequence[str], image_format: str) -> bytes:
    """The SVG ``frames`` as one looping animated image, ``gif`` or ``apng``; MissingRenderer if Pillow or
    resvg-py is not installed."""
    try:
        from PIL import Image  # the optional extra: imported for --animate only
    except ImportError:
        raise MissingRenderer(f"--animate needs Pillow, which is not installed: {INSTALL}") from None
    images = [Image.open(BytesIO(png_bytes(svg))).convert("RGB") for svg in frames]
    if image_format == "gif":
        # One palette for every frame, from the last (it holds every route drawn so far), without dithering: the
        # frames do not flicker, and text and lines stay crisp.
        palette = images[-1].quantize(colors=255, method=Image.Quantize.MEDIANCUT)
        images = [image.quantize(palette=palette, dither=Image.Dither.NONE) for image in images]
    durations = [FRAME_MS] * (len(images) - 1) + [LAST_FRAME_MS]
    out = BytesIO()
    images[0].save(out, format=_PILLOW_FORMATS[image_format], save_all=True, append_images=images[1:],
                   duration=durations, loop=0)
    return out.getvalue()
