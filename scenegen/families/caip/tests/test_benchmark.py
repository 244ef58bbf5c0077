"""The caip benchmark runs (tiny n); `make bench` prints it at full size."""

from __future__ import annotations

import re

from . import bench as caip


def test_the_benchmark_runs():
    lines = caip.run(n=300, speed_n=100)
    text = "\n".join(lines)
    assert "records/s" in text and "distinct commands" in text and "distinct commands of 6 tokens or more" in text
    # DANCE is 0.2% of people's actions, so 300 records may have none
    assert re.search(r"action types in logical forms: 1[12]/12", text), text
    assert "dialogue types present: 4/4" in text
    assert "appendix D shapes produced" in text and "share with has_size" in text
