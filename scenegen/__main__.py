"""The ``scenegen`` command (and ``python -m scenegen``): the command line of :mod:`scenegen.cli`, with the
garbage collector tuned for a command's process before anything is imported (see :mod:`scenegen.factory.collector`)
and numpy imported at the bottom of the call stack.

Why numpy here: CPython 3.11 keeps its Python frames in 16 KB chunks, and maps a new chunk each time the stack
grows past one and unmaps it as soon as the stack shrinks back. numpy's ~130 modules, imported seven imports down
by the command line's own, ran right at that edge: a one-scene ``make`` mapped and unmapped a chunk about 800
times, and 23 times with numpy imported first, here (6-9 ms less of a 0.14 s start, measured with ``strace -c`` and
``python -m tests.benchmarks startup``).
"""

from __future__ import annotations

from scenegen.factory import collector


def main() -> None:
    """Entry point of the ``scenegen`` console script."""
    collector.tuned_for_command()
    # The order matters: blas sets BLAS's thread count, which numpy reads when imported.
    from scenegen.factory import blas  # noqa: F401, I001
    import numpy  # noqa: F401 - at the bottom of the stack: see the module's docstring

    from scenegen.cli import main as command  # imported after the tuning: the tuning is for the imports

    command()


if __name__ == "__main__":
    main()
