"""The garbage collector's settings during a run, and after it."""

from __future__ import annotations

import gc

import pytest

from scenegen.factory import collector


def test_a_run_freezes_what_exists_collects_less_often_and_restores_everything():
    before = gc.get_threshold()
    with collector.tuned_for_runs():
        assert gc.get_threshold() == (collector.YOUNG_THRESHOLD, *before[1:])
        assert gc.get_freeze_count() > 0 and gc.isenabled()
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_settings_are_restored_when_the_run_fails():
    before = gc.get_threshold()
    with pytest.raises(RuntimeError), collector.tuned_for_runs():
        raise RuntimeError("a sample failed")
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_cycles_made_during_a_run_are_still_collected():
    class Node:
        self: Node

    with collector.tuned_for_runs():
        node = Node()
        node.self = node
        del node
        assert gc.collect() >= 1
