"""Where a run's jobs are made: in the run's own process, in a pool of local processes, or as Ray tasks.

Every executor takes the run's jobs lazily, keeps a bounded number in flight
(so nothing grows with the number of samples) and yields their results in job
order, so the manifest is the same whatever the executor or worker count. Each
job's worker writes its own files (:mod:`scenegen.factory.jobs`).
"""

from __future__ import annotations

import contextlib
import os
import socket
from collections.abc import Iterable, Iterator, Sequence
from itertools import chain
from typing import Any, Protocol

from scenegen.errors import ClusterError, ConfigError
from scenegen.factory.jobs import JobResult, RunSpec, Worker, run_jobs
from scenegen.factory.window import IN_FLIGHT_PER_WORKER, Window
from scenegen.folder.files import create_new
from scenegen.folder.stops import STOP_MARKER, RunGuard, StopFlag
from scenegen.plugin.family import Family
from scenegen.plugin.outputs import batched

#: Jobs one Ray task makes: a task costs about a millisecond to schedule, a twentieth of a 64-scene job.
JOBS_PER_TASK = 4


class Executor(Protocol):
    """Runs a run's jobs and yields their results in job order."""

    def results(self, jobs: Iterable[Sequence[int]]) -> Iterator[JobResult]: ...

    def stop(self) -> None:
        """Ask the workers to abandon their jobs at their next chunk (called from a signal handler: quick, and
        safe there)."""
        ...

    def drain(self) -> Iterator[JobResult]:
        """After a stop: the results of the jobs already under way, in order."""
        ...

    def abort(self) -> None:
        """End the workers at once, abandoning what they make (a second Ctrl-C)."""
        ...

    def close(self) -> None: ...


def usable_cores() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


class InProcess:
    """Jobs made one after another in the run's own process (one worker, or a run of a single job)."""

    def __init__(self, spec: RunSpec, family: Family) -> None:
        self.worker = Worker(spec, family)
        self.flag = StopFlag()

    def results(self, jobs: Iterable[Sequence[int]]) -> Iterator[JobResult]:
        return (self.worker.run(job, self.flag) for job in jobs)

    def stop(self) -> None:
        self.flag.set()

    def drain(self) -> Iterator[JobResult]:
        return iter(())

    def abort(self) -> None:
        """Nothing to end: the interrupt raised in this process ends the job under way."""

    def close(self) -> None:
        """Nothing to stop."""


class RayTasks:
    """Jobs made as Ray tasks: on a local Ray instance started for the run, or on the cluster at ``address``
    (whose nodes must share the run folder's file system).

    A task's process may outlive the run (a cluster's surely does): each task watches
    the run's folder (:class:`~scenegen.folder.stops.RunGuard`), knowing the run by
    ``holder``, its record in the folder's lock. A local Ray the run starts ends with
    the run, even a killed one (:mod:`scenegen.factory.watchdog`).
    """

    def __init__(self, spec: RunSpec, workers: int, address: str | None, holder: bytes) -> None:
        if address is not None:
            _send_token_if_at_hand()  # before Ray is imported: it reads the authentication mode then
        try:
            import ray
        except ImportError:
            raise ConfigError("--executor", "ray is not installed; pip install 'scenegen[ray]'") from None
        self.ray = ray
        self.marker = spec.root / STOP_MARKER
        # A driver that has joined Ray already (a notebook, a test) keeps its session; else this run starts one.
        self.started = not ray.is_initialized()
        from scenegen.factory import watchdog  # imported by the runs that use it (start-up time)

        self.watchdog = watchdog.Watchdog() if self.started and address is None and watchdog.AVAILABLE else None
        try:
            with self.watchdog.marking() if self.watchdog is not None else contextlib.nullcontext():
                if self.started:
                    _join_ray(ray, workers, address)
        except BaseException:
            self.close()
            raise
        spec_ref = ray.put(spec)
        task: Any = ray.remote(num_cpus=1)(run_guarded_jobs)  # (Ray's stubs type a remote function by its arity)
        cpus = max(1, int(ray.cluster_resources().get("CPU", workers)))
        self.window = Window(lambda batch: task.remote(spec_ref, [list(job) for job in batch], holder), ray.get,
                             cpus * IN_FLIGHT_PER_WORKER)

    def results(self, jobs: Iterable[Sequence[int]]) -> Iterator[JobResult]:
        return chain.from_iterable(self.window.results(batched(jobs, JOBS_PER_TASK)))

    def stop(self) -> None:
        with contextlib.suppress(OSError):  # a folder that refuses it: the tasks finish their jobs
            create_new(self.marker).close()

    def drain(self) -> Iterator[JobResult]:
        return chain.from_iterable(self.window.drain())

    def abort(self) -> None:
        # Ray's shutdown, which close() does next, takes a second or so more: the tasks end first.
        for task in self.window.in_flight:
            with contextlib.suppress(Exception):  # a Ray already failing: the run is ending anyway
                self.ray.cancel(task, force=True)

    def close(self) -> None:
        try:
            if self.started:
                self.ray.shutdown()
        finally:
            if self.watchdog is not None:  # what outlives Ray's shutdown, or one a second Ctrl-C cut short
                self.watchdog.end_ray()
            with contextlib.suppress(OSError):
                self.marker.unlink(missing_ok=True)


def run_guarded_jobs(spec: RunSpec, jobs: Sequence[Sequence[int]], holder: bytes) -> list[JobResult]:
    """A Ray task: ``jobs`` of the run ``spec``, abandoned at the next chunk once the run leaves its stop marker or
    no longer holds its folder's lock as ``holder``."""
    return run_jobs(spec, jobs, RunGuard(spec.root, holder))


#: Seconds to wait for a cluster's address to answer before saying it cannot be reached (Ray itself waits minutes).
RAY_PROBE_SECONDS = 5


#: Where ``ray start`` keeps a cluster's token (token authentication, Ray 2.52 and later) unless told otherwise.
RAY_TOKEN_FILE = "~/.ray/auth_token"
#: What to set to join a cluster that asks for a token, said when joining one fails.
TOKEN_HINT = ("if it uses token authentication (`ray start` does by default since Ray 2.59), set RAY_AUTH_MODE=token "
              "and RAY_AUTH_TOKEN to the token `ray get-auth-token` prints on its head node")


def _join_ray(ray: Any, workers: int, address: str | None) -> None:
    """Start a local Ray with ``workers`` CPUs, or join the cluster at ``address``; a ClusterError if it fails."""
    if address is None:
        # "local": a Ray of the run's own, even where `ray start` runs a cluster on this machine (which ray.init
        # would otherwise join, refusing the CPU count).
        options: dict[str, Any] = {"address": "local", "num_cpus": workers, "include_dashboard": False}
    else:
        _check_reachable(address)
        options = {"address": address}
    try:
        ray.init(**options, log_to_driver=False, configure_logging=False)
    except Exception as error:  # Ray raises several kinds (ConnectionError, RuntimeError, ValueError...)
        where = f"the Ray cluster at {address}" if address else "a local Ray"
        hint = f"; {TOKEN_HINT}" if address else ""
        raise ClusterError(f"could not start or join {where}: {str(error).splitlines()[0]}{hint}") from None


def _send_token_if_at_hand() -> None:
    """Join with the cluster's token where one is at hand and the user chose no authentication mode.

    A driver sends its token only with ``RAY_AUTH_MODE=token``, and a cluster
    that ``ray start --head`` started asks for it; a cluster without
    authentication ignores it. The token is Ray's to find (``RAY_AUTH_TOKEN``,
    the file ``RAY_AUTH_TOKEN_PATH`` names, or the file ``ray start`` writes).
    """
    if "RAY_AUTH_MODE" in os.environ:
        return
    token_file = os.path.expanduser(RAY_TOKEN_FILE)
    if os.environ.get("RAY_AUTH_TOKEN") or os.environ.get("RAY_AUTH_TOKEN_PATH") or os.path.isfile(token_file):
        os.environ["RAY_AUTH_MODE"] = "token"


def _check_reachable(address: str) -> None:
    """Refuse at once an address of the form ``[ray://]host:port`` where nothing answers (``auto`` and other forms
    are left to Ray)."""
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not host or not port.isdigit():
        return
    try:
        socket.create_connection((host, int(port)), timeout=RAY_PROBE_SECONDS).close()
    except OSError as error:
        reason = error.strerror or str(error) or type(error).__name__
        raise ClusterError(f"--ray-address {address}: nothing answers there ({reason}); check the address, and that "
                           "`ray start --head` runs on that node") from None


def open_executor(name: str, spec: RunSpec, family: Family, workers: int, address: str | None,
                  holder: bytes) -> Executor:
    """The executor ``name`` (``processes`` or ``ray``) with ``workers`` workers; one local worker runs in-process.
    ``holder``: the run's record in its folder's lock, by which a Ray task that outlives the run stops."""
    if name == "ray":
        return RayTasks(spec, workers, address, holder)
    if workers > 1:
        from scenegen.factory.pool import Processes  # multiprocessing: imported by runs that use it (start-up time)

        return Processes(spec, workers)
    return InProcess(spec, family)
