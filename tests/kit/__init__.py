"""What the core's tests and the families' own tests share: the reference scenes, the CLI's result, and (in
the modules here) sampling helpers and the independent replays that more than one family's tests use."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

#: Real MCS scenes (tests/fixtures/mcs_scenes/; its README says where each came from).
REFERENCE_SCENES = Path(__file__).resolve().parent.parent / "fixtures" / "mcs_scenes"


@dataclass
class Result:
    """What ``scenegen ARGS...`` did when called in-process (the ``run_cli`` fixture)."""

    code: int
    out: str
    err: str
