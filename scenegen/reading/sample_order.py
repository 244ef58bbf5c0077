"""The order of a run's samples as ``scenegen validate`` meets them, in a manifest's lines or a shard's records:
0, 1, 2... each once, with all of its documents, checked with a few counters whatever the run's size."""

from __future__ import annotations

#: What samples missing from a manifest's lines, or from a shard's records, mean.
UNFINISHED, FROM_SHARD = ": the run is unfinished", " from the shard"


class SampleOrder:
    """Samples met in index order from ``start``, each with its ``per_sample`` documents of distinct roles:
    what is out of order, repeated or missing (``gap`` says what a gap means), found with a few counters whatever
    the run's size."""

    def __init__(self, start: int, per_sample: int, gap: str) -> None:
        self.next = start  # the first sample not met yet
        self.per_sample = per_sample
        self.gap = gap
        self.current = -1  # the sample being met, and its documents' roles so far
        self.roles: list[str | None] = []

    def add(self, index: int, role: str | None) -> list[str]:
        """What is wrong with meeting a document of sample ``index`` (its ``role``) here."""
        if index == self.current:
            if len(self.roles) == self.per_sample:
                return [f"index {index} repeated"]
            if role in self.roles:
                return [f"index {index}: role {role} repeated"]
            self.roles.append(role)
            return []
        if index < self.next:
            return [f"index {index} out of order (after {self.next - 1}): a finished run lists its samples in order"]
        problems = self.finish()
        if index > self.next:
            problems.append(f"{samples_named(self.next, index - 1)} missing{self.gap}")
        self.current, self.roles, self.next = index, [role], index + 1
        return problems

    def finish(self) -> list[str]:
        """What is wrong with the last sample met: some of its documents missing."""
        if self.current >= 0 and len(self.roles) < self.per_sample:
            return [f"sample {self.current} has {len(self.roles)} of its {self.per_sample} documents"]
        return []


def samples_named(first: int, last: int) -> str:
    """``sample N`` or ``samples N-M``, as a problem names them."""
    return f"sample {first}" if first == last else f"samples {first}-{last}"
