"""The ``scenegen`` command (and ``python -m scenegen``): the command line of :mod:`scenegen.cli`, with the
garbage collector tuned for a command's process before anything is imported (see :mod:`scenegen.factory.collector`)."""

from __future__ import annotations

from scenegen.factory import collector


def main() -> None:
    """Entry point of the ``scenegen`` console script."""
    collector.tuned_for_command()
    from scenegen.cli import main as command  # imported after the tuning: the tuning is for the imports

    command()


if __name__ == "__main__":
    main()
