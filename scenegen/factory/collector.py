"""Python's cyclic garbage collector, tuned while a run makes samples.

A sample allocates thousands of containers (model objects, exported dicts) that
reference counting frees once the sample is written. With CPython's default
young-generation threshold of 700 the collector still runs every few samples,
and its full collections walk every object the process holds (modules, schemas,
validators). Freezing what exists when the run starts and collecting the young
generation every 10,000 allocations instead (more gains nothing) cut the CPU cost
of a sample made 8 at a time from 158-161 to 135-137 us for Tool Choice, 220-232
to 176-183 for the shell game and 2,082-2,150 to 1,720-1,733 for a helper/hinderer
pair. Cycles are still collected, so a long run's memory stays bounded.

The ``scenegen`` command tunes its process at both ends. Starting, it makes tens
of thousands of objects that live as long as it does (modules, classes, schemas,
validators); collecting every 700 allocations meanwhile found nothing and cost a
one-scene ``make`` 8 ms of CPU (152 ms median, 144 with a young threshold of
100,000 from the start). When it exits, Python's shutdown collects again,
walking every object the imports made just before the OS takes the memory back:
13-20 ms more. Freezing everything at exit skips that walk.
"""

from __future__ import annotations

import atexit
import gc
from collections.abc import Iterator
from contextlib import contextmanager

YOUNG_THRESHOLD = 10_000
#: The young generation's threshold of a command's process outside its runs: cyclic garbage (reference
#: counting frees the rest) waits for at most this many allocations, a few MB.
COMMAND_THRESHOLD = 100_000


def tuned_for_command() -> None:
    """Collect the young generation every ``COMMAND_THRESHOLD`` allocations from now on: called by the command
    line's entry point before it imports anything else, so that its start-up is not collected every 700."""
    gc.set_threshold(COMMAND_THRESHOLD, *gc.get_threshold()[1:])


@contextmanager
def tuned_for_runs() -> Iterator[None]:
    """Within the block, leave the objects that exist now out of collections and collect the young
    generation less often; restore the collector's settings afterwards."""
    thresholds = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()


def skip_collection_at_exit() -> None:
    """Leave every object alive at interpreter exit out of the collections of Python's shutdown.

    Registered with :mod:`atexit` rather than done now, so that a process that goes on after the
    command (the tests run it in-process) is collected as usual until it ends; registering twice
    registers once.
    """
    atexit.unregister(gc.freeze)
    atexit.register(gc.freeze)
