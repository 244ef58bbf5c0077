"""Properties of an expected/unexpected pair that every passive-agent family's replay checks."""

from __future__ import annotations

import json

import orjson


def assert_identical_before_test(expected: dict, unexpected: dict, test_start: int) -> None:
    """With every keyframe and event at or after the test trial's first step removed, and the
    names (which carry the suffix) set equal, both documents serialise to the same bytes."""
    def cut(document: dict) -> bytes:
        copy = json.loads(json.dumps(document))
        copy["name"] = "pair"
        for item in copy["objects"]:
            for key in ("shows", "hides", "changeMaterials"):
                if key in item:
                    item[key] = [e for e in item[key] if e["stepBegin"] < test_start]
        return orjson.dumps(copy)

    assert cut(expected) == cut(unexpected)
    assert expected != unexpected
