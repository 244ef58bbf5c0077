"""What every executor of a run shares: a bounded window of jobs in flight, and how a dead worker is reported."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import Any

from scenegen.errors import ScenegenError

#: Jobs in flight per worker: one being made, one waiting, so that no worker idles between jobs.
IN_FLIGHT_PER_WORKER = 2


class WorkerDied(ScenegenError):
    """A worker process died (killed, or out of memory) while making a job."""


class Window:
    """Jobs submitted with at most ``size`` in flight; their results taken in submission order."""

    def __init__(self, submit: Callable[[Any], Any], result: Callable[[Any], Any], size: int) -> None:
        self.submit = submit
        self.result = result
        self.size = size
        self.in_flight: deque[Any] = deque()

    def results(self, jobs: Iterable[Any]) -> Iterator[Any]:
        """Every job's result, in order, submitting the next job as each one is taken."""
        pending = iter(jobs)
        self.in_flight.extend(self.submit(job) for job in islice(pending, self.size))
        while self.in_flight:
            done = self.result(self.in_flight[0])
            self.in_flight.popleft()
            self.in_flight.extend(self.submit(job) for job in islice(pending, 1))
            yield done

    def drain(self) -> Iterator[Any]:
        """The results of the jobs still in flight, in order, submitting no more (a run being stopped)."""
        while self.in_flight:
            done = self.result(self.in_flight[0])
            self.in_flight.popleft()
            yield done
