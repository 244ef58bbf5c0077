"""Bad configs are refused with the key and the reason, exit 2, and nothing is written."""

from __future__ import annotations

import pytest

CASES = [
    ({"kind": "craft", "target": "bell"}, "target: craft bell: bell has no crafting recipe in Minecraft 1.16.5"),
    ({"version": "1.13.2", "kind": "craft", "target": "bell", "level": "simple"},
     "target: craft bell: 'bell' is no item, block or mob id of Minecraft 1.13.2"),
    ({"kind": "mine", "target": "diamond_orez"}, "target: mine diamond_orez: 'diamond_orez' is no item"),
    ({"kind": "smelt", "target": "diamond_sword"}, "target: smelt diamond_sword: nothing is smelted into"),
    ({"kind": ["craft", "mine"], "target": "iron_ore"}, "target: craft iron_ore: iron_ore has no crafting recipe"),
    ({"kind": "hunt", "target": "zombie"}, "target: hunt zombie: zombie is not a passive land mob"),
    ({"level": "hard", "kind": "find"}, "level: hard: no task the config draws can be set at this level"),
    ({"level": "hard", "kind": "mine", "target": "dirt"}, "level: hard: no task the config draws can be set"),
    ({"version": "1.13.2", "kind": "collect"}, "level: simple: no task the config draws can be set"),
    ({"simple": {"distractors": 2}}, "simple.distractors: 2 is greater than the maximum of 1"),
    ({"version": "1.15.2"}, "version"),
    ({"colour": "red"}, "colour"),
]


@pytest.mark.parametrize(("config", "message"), CASES, ids=[message.split(":")[0] + str(k)
                                                            for k, (_, message) in enumerate(CASES)])
def test_a_bad_config_is_refused_with_its_key_and_reason(run_cli, write_config, tmp_path, config, message):
    out = tmp_path / "out"
    result = run_cli("make", "--config", str(write_config({"family": "mcu", **config})), "-n", "3", "--out",
                     str(out))
    assert result.code == 2, result.err
    assert message in result.err, result.err
    assert len(result.err.strip().splitlines()) == 1
    assert not out.exists() or not any(out.iterdir())
