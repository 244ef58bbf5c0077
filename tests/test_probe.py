"""The shortcut probe of `scenegen stats`: simple classifiers fitted on each document's flat features find a planted
shortcut, through a tree's split or a linear combination, and nothing in random labels; held out, deterministic;
and no bundled training template gives its answers away to them."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from scenegen.factory.request import RunRequest
from scenegen.factory.run import make
from scenegen.inspect.stats.flatten import HEAD, scalars
from scenegen.inspect.stats.probe import Probe
from scenegen.inspect.stats.report import run_report
from scenegen.plugin.discovery import bundled_templates

Scene = Callable[[np.random.Generator], tuple[dict[str, Any], Any]]


def probed(scene: Scene, documents: int = 1500, seed: int = 0) -> dict[str, Any]:
    """The probe of the label ``answer`` over ``documents`` synthetic scenes, one a sample."""
    rng = np.random.default_rng(seed)
    probe = Probe()
    for index in range(documents):
        document, answer = scene(rng)
        probe.add(index, document, [("answer", answer)])
    report = probe.report(["answer"])
    assert len(report["labels"]) == 1
    return report["labels"][0]


def noise(rng: np.random.Generator) -> dict[str, Any]:
    """A scene of three objects whose poses, sizes and materials say nothing."""
    return {"objects": [{"type": str(rng.choice(["cube", "ball"])),
                         "material": str(rng.choice(["red", "blue", "wood"])),
                         "shows": [{"stepBegin": int(rng.integers(0, 50)),
                                    "position": {"x": float(rng.uniform(-5, 5)), "z": float(rng.uniform(-5, 5))}}]}
                        for _ in range(3)]}


def tree_shortcut(rng: np.random.Generator) -> tuple[dict[str, Any], Any]:
    """The answer is on the side the third object stands (a threshold on one feature), but for 2% of scenes."""
    document = noise(rng)
    x = document["objects"][2]["shows"][0]["position"]["x"]
    return document, ("left" if x < 1.0 else "right") if rng.random() > 0.02 else "left"


def linear_shortcut(rng: np.random.Generator) -> tuple[dict[str, Any], Any]:
    """The answer is the sign of a sum of five positions, none of which alone says much."""
    document = noise(rng)
    document["pieces"] = [float(rng.normal()) for _ in range(5)]
    return document, sum(document["pieces"]) > 0


def no_shortcut(rng: np.random.Generator) -> tuple[dict[str, Any], Any]:
    return noise(rng), str(rng.choice(["a", "b", "c"]))


def test_a_feature_that_gives_the_answer_away_is_found_by_the_tree():
    found = probed(tree_shortcut)
    assert found["flagged"] and found["tree"]["flagged"] and found["tree"]["accuracy"] > 0.95
    assert found["tree"]["features"][0]["feature"] == "objects[2].shows[0].position.x"
    assert abs(found["tree"]["features"][0]["threshold"] - 1.0) < 0.1


def test_a_linear_combination_that_gives_the_answer_away_is_found_by_the_linear_model():
    found = probed(linear_shortcut)
    assert found["linear"]["flagged"] and found["linear"]["accuracy"] > 0.95
    assert found["linear"]["accuracy"] > found["tree"]["accuracy"] + 0.1  # a shallow tree sees one piece at a time
    assert {weight["feature"] for weight in found["linear"]["features"]} == {f"pieces[{k}]" for k in range(5)}


@pytest.mark.parametrize("seed", range(3))
def test_random_labels_are_not_flagged(seed):
    found = probed(no_shortcut, seed=seed)
    assert not found["flagged"], found
    assert abs(found["tree"]["gain"]) < 0.05 and abs(found["linear"]["gain"]) < 0.05


def test_the_probe_is_scored_on_held_out_samples_and_the_pair_of_a_sample_stays_on_one_side():
    """Every third sample is held out, both documents of a pair with it; a label only memorised (each pair's own
    number as a feature) is not learned."""
    probe = Probe()
    rng = np.random.default_rng(1)
    for index in range(900):
        answer = str(rng.choice(["a", "b"]))
        for role in ("expected", "unexpected"):
            probe.add(index, {"role": role, "pair": index}, [("answer", answer), ("role", role)])
    answer, role = probe.report(["answer", "role"])["labels"]
    assert (answer["documents"], answer["held_out"]) == (1800, 600)
    assert not answer["flagged"]
    assert role["note"].startswith("the document writes it, at role")


def test_the_probe_is_deterministic():
    assert probed(tree_shortcut) == probed(tree_shortcut)


@pytest.mark.parametrize(("labels", "note"), [
    (lambda index: [("answer", "left")], "one class: nothing to predict"),
    (lambda index: [], "no document has it"),
    (lambda index: [("answer", "left" if index % 2 else "right")] if index < 40 else [], "fewer than 50 documents"),
])
def test_a_label_with_nothing_to_probe_says_why(labels, note):
    probe = Probe()
    for index in range(300):
        probe.add(index, noise(np.random.default_rng(index)), labels(index))
    (found,) = probe.report(["answer"])["labels"]
    assert found["note"] == note and not found["flagged"]


def test_a_run_with_no_documents_has_nothing_to_probe():
    report = Probe().report(["answer"])
    assert (report["documents"], report["features"]) == (0, 0)
    assert report["labels"] == [{"label": "label.answer", "documents": 0, "held_out": 0, "note": "no document has it",
                                 "flagged": False}]


def test_a_long_list_is_read_from_both_ends_with_its_length():
    features = dict(scalars({"steps": list(range(100)), "goal": None}))
    assert features["steps[#]"] == 100 and features["steps[0]"] == 0 and features["steps[-1]"] == 99
    assert f"steps[{HEAD}]" not in features and "goal" not in features


def test_the_command_shows_the_probe(run_cli, tmp_path):
    out = tmp_path / "run"
    make(RunRequest("eval7_shell_game", 150, seed=2, out=out, progress=False, workers=1))
    text = run_cli("stats", str(out)).out
    assert "Probe (a depth-3 tree" in text and "label.container_index: majority" in text and "tree splits:" in text
    page = tmp_path / "page.html"
    assert run_cli("stats", str(out), "--html", str(page)).code == 0
    assert "<h2 class=flag>Probe: flagged</h2>" in page.read_text()


def test_the_probe_s_libraries_are_imported_when_it_fits_and_not_before():
    """`scenegen make` never imports the stats code; the stats code itself imports scikit-learn and scipy only when
    it fits a probe, so a command that merely reads a report pays for neither."""
    script = "import sys, scenegen.inspect.stats.report, scenegen.inspect.stats.html; print(sorted(sys.modules))"
    imported = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                              timeout=120).stdout
    assert "'sklearn'" not in imported and "'scipy'" not in imported


# Every training template, at a size `make test` affords; `make test-long` sets SCENEGEN_PROBE_SAMPLES=10000.

SAMPLES = int(os.environ.get("SCENEGEN_PROBE_SAMPLES", "300"))
TRAINING = sorted(path for name, path in bundled_templates().items() if not name.startswith("eval7_"))
#: The shortcuts issue 33 names, being removed from these templates: the probe must flag each while it is there.
#: Where the probe also reads the answer off what the task is about (the ball's first place), it says so.
KNOWN = {
    "tool_choice.yaml": "issue 33: in obstructed scenes the side whose wall is nearer the platform is wrong; the probe "
                        "reads the side off the first object listed, the target ball (100%)",
    "helper_hinderer.yaml": "issue 33: the agent acting in familiarisation trial 5 was always the hinderer (the plan "
                            "is now shuffled); the probe's tree still reads `expected` off the primary agent's last "
                            "place and agent 2's at its 11th keyframe, perhaps the task itself",
    "set_rotation.yaml": "issue 33: the ball is never in the centre container; the probe reads the container off the "
                         "ball's first place, which is the task itself",
    "shell_game.yaml": "issue 33: with three containers the first one dragged holds the ball half the time; the probe "
                       "reads the container off the ball's first place, which is the task itself",
}
#: What the probe found beyond them (issue 33): a shortcut to remove, or the task itself for the template to say.
FOUND = {
    "number_comparison.yaml": "probe: `side` read off the balls' x (the linear model sums them), which is the task "
                              "itself: counting each side's balls; nothing else finds the side (test_shortcuts)",
    "spatial_elimination.yaml": "probe: `side` read off the ball's x (objects[0]), which is the task itself: the "
                                "answer is where the ball lies; no rule of the walls finds a ball in sight "
                                "(test_shortcuts)",
    "approach.yaml": "probe, issue 33: `kind` read off objects[4].changeMaterials (how many, which first)",
    "imitation.yaml": "probe, issue 33: `kind` read off objects[4].changeMaterials (how many, which first)",
    "asymmetric_tool.yaml": "probe, issue 33: `direction` read off the lava cells' places (the task itself?)",
    "symmetric_tool.yaml": "probe, issue 33: `direction` read off the tool's rotation and place (the task itself?)",
    "secondary_tool.yaml": "probe, issue 33: `direction` read off lava cells and the tool's place (the task itself?)",
    "hidden_set_rotation.yaml": "probe, issue 33: the container read off the ball's first place (the task itself)",
    "true_false_belief.yaml": "probe, issue 33: `expected` read off the primary agent's keyframe count (the pair's "
                              "scenes differ in length)",
    "solidity.yaml": "probe: `door` and `side` read off the ball's first place against the extension's, which is the "
                     "task itself (where the ball hangs decides where it falls); test_shortcuts.py finds no other rule",
    "support_relations.yaml": "probe: `door` and `rests_on` read off the container's place against the far "
                              "platform's width, which is the task itself; test_shortcuts.py finds no other rule",
    "object_permanence.yaml": "probe: `side` read off the throwing device's wall (the ball's first x) and the "
                              "impulse: the throw the agent watches before the ball is hidden (the task itself)",
    "occluded_trajectory.yaml": "probe: `side` read off the launched ball's first x and its turn (rotation y): the "
                                "launch the agent watches before the wall hides the ball (the task itself); no "
                                "parameter alone finds it (test_shortcuts.py)",
    "collision.yaml": "probe: `side` read off the soccer ball's x against the sphere's place and turn: the strike "
                      "the agent watches (the task itself); no parameter alone finds it (test_shortcuts.py)",
}


@pytest.mark.parametrize("path", TRAINING, ids=lambda path: path.name)
def test_no_training_template_gives_an_answer_away(path, tmp_path):
    """No parameter or cue predicts an answer alone (every training template), and the learned probe flags none
    (where it still does, KNOWN and FOUND say what it reads: that must stay flagged until it is dealt with)."""
    make(RunRequest(str(path), SAMPLES, out=tmp_path / "run", progress=False, workers=1, format="jsonl"))
    report = run_report(tmp_path / "run")
    assert report["shortcuts"] == []
    flagged = [item for item in report["probe"]["labels"] if item["flagged"]]
    reason = KNOWN.get(path.name) or FOUND.get(path.name)
    if reason is None:
        assert not flagged, [(item["label"], item["majority"], item["tree"], item["linear"]) for item in flagged]
    else:
        assert flagged, f"{path.name} is no longer flagged: take it out of KNOWN or FOUND"
        pytest.xfail(reason)
