"""Loose diversity floors at n = 5,000 (the benchmark reports n = 100,000)."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np

from .support import ACTION_KINDS, DIALOGUE_TYPES, build, template_config

N = 5000


def test_the_template_is_diverse():
    family = build(template_config())
    texts, forms = set(), set()
    kinds: Counter[str] = Counter()
    dialogues: Counter[str] = Counter()
    for index in range(N):
        sample = family.generate(index, np.random.default_rng((2024, index)))
        record = sample.documents[""]
        texts.add(record["text"])
        forms.add(json.dumps(record["logical_form"], sort_keys=True))
        kinds.update(sample.params["actions"])
        dialogues[record["logical_form"]["dialogue_type"]] += 1
    assert len(texts) / N >= 0.90
    # (command, form) pairs differ more than forms do: most people's commands are short ("destroy the box"),
    # so many records share a form (issues 19 and 39 made the default mix follow them: few attributes, places
    # and repeats, bare verbs)
    assert len(forms) / N >= 0.35
    assert set(kinds) == set(ACTION_KINDS)
    assert set(dialogues) == set(DIALOGUE_TYPES)
    # the mix follows the config: commands are about 86%
    assert 0.81 < dialogues["HUMAN_GIVE_COMMAND"] / N < 0.91
