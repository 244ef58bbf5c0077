"""The shortcut probe of `scenegen stats`: simple classifiers fitted on each document's flat features find a planted
shortcut, through a tree's split or a linear combination, and nothing in random labels; held out, deterministic;
and no bundled training template gives its answers away to them."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from scenegen.factory.request import RunRequest
from scenegen.factory.run import make
from scenegen.inspect.stats.flatten import HEAD, scalars
from scenegen.inspect.stats.probe import Probe
from scenegen.inspect.stats.report import run_report
from scenegen.mcs.evidence import carrying, either, of_type, without
from scenegen.plugin.discovery import bundled_templates, family_named
from scenegen.plugin.family import Evidence, Family
from scenegen.plugin.resources import load_yaml
from tests.kit.fidelity import generated_samples
from tests.kit.support import load_family

Scene = Callable[[np.random.Generator], tuple[dict[str, Any], Any]]


def probed(scene: Scene, documents: int = 1500, seed: int = 0, evidence: Evidence | None = None) -> dict[str, Any]:
    """The probe of the label ``answer`` over ``documents`` synthetic scenes, one a sample (``evidence``: the task's
    evidence of the answer, left out)."""
    rng = np.random.default_rng(seed)
    probe = Probe({"answer": evidence} if evidence else None)
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


#: The ball, wherever the scene lists it, and what carries it.
THE_BALL = Evidence("the ball and its carrier", without(either(of_type("ball"), carrying(of_type("ball")))))


def ball_in_a_box(rng: np.random.Generator, planted: bool = False) -> tuple[dict[str, Any], Any]:
    """The answer is the box the ball is lowered into (the task), shown by the ball's and its carrier's place, with
    a lid lowered onto every box later; ``planted``: the floor's material names the box too (a shortcut). Objects
    listed in a new order every scene."""
    boxes = [-1.0, 0.0, 1.0]
    answer = int(rng.integers(3))
    floor = ["oak", "pine", "ash"][answer if planted else int(rng.integers(3))]
    objects: list[dict[str, Any]] = [{"type": "box", "shows": [{"position": {"x": x, "z": 2.0}}]} for x in boxes]
    objects += [{"type": "pole", "shows": [{"position": {"x": x, "z": 2.0}}], "moves": [{"stepBegin": 40}]}
                for x in boxes]
    carried = {"shows": [{"position": {"x": boxes[answer], "z": 2.0}}], "moves": [{"stepBegin": 5}]}
    objects += [{"type": "ball", **carried}, {"type": "pole", **carried}]
    return {"floorMaterial": floor, "objects": [objects[k] for k in rng.permutation(len(objects))]}, answer


def test_the_task_s_evidence_is_left_out_and_named():
    """Read off the ball's place (wherever it is listed), the answer is flagged; without the declared evidence
    there is no other way to it, and the report names what was left out."""
    assert probed(ball_in_a_box)["flagged"]
    found = probed(ball_in_a_box, evidence=THE_BALL)
    assert not found["flagged"] and found["evidence"] == "the ball and its carrier"
    assert abs(found["tree"]["gain"]) < 0.05 and abs(found["linear"]["gain"]) < 0.05


def test_a_shortcut_beside_the_evidence_is_still_flagged():
    found = probed(lambda rng: ball_in_a_box(rng, planted=True), evidence=THE_BALL)
    assert found["flagged"] and found["tree"]["accuracy"] > 0.95
    assert found["tree"]["features"][0]["feature"].startswith("floorMaterial = ")


def test_evidence_takes_the_ball_and_its_carrier_only_from_a_copy():
    document, _ = ball_in_a_box(np.random.default_rng(3))
    left = THE_BALL.remove(document)["objects"]
    assert sorted(thing["type"] for thing in left) == ["box"] * 3 + ["pole"] * 3  # the lids' poles move later
    assert len(document["objects"]) == 8


def test_documents_that_vary_only_in_the_evidence_have_nothing_left_to_probe():
    def ball_alone(rng: np.random.Generator) -> tuple[dict[str, Any], Any]:
        answer = int(rng.integers(3))
        return {"objects": [{"type": "ball", "shows": [{"position": {"x": float(answer)}}]}]}, answer

    found = probed(ball_alone, evidence=THE_BALL)
    assert (found["note"], found["flagged"]) == ("no feature varies: nothing to read it off", False)
    assert probed(ball_alone)["flagged"]


def _declares_evidence(path: Path) -> bool:
    """Whether the family of a bundled template declares evidence: asked of its class, which the collection of
    every test run pays for, not of a family built from the config."""
    return bool(family_named(load_yaml(path.read_text())["family"]).evidence)


@pytest.mark.parametrize("path", sorted(filter(_declares_evidence, bundled_templates().values())),
                         ids=lambda path: path.name)
def test_every_declared_evidence_finds_what_it_names_in_the_family_s_scenes(path):
    """A remover that found nothing (an id prefix or a type renamed) would leave the evidence in, and the probe
    would flag the task itself again."""
    _, family = load_family(str(path))
    for sample in generated_samples(str(path), 3):
        for document in sample.values():
            for answer, evidence in family.evidence.items():
                assert evidence.remove(document)["objects"] != document["objects"], (answer, evidence.about)


def test_evidence_for_an_answer_a_family_does_not_ask_is_an_error():
    with pytest.raises(TypeError, match="'side', which is not one of its answers"):
        type("Lopsided", (Family,), {"answers": ("direction",), "evidence": {"side": THE_BALL}})


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
    assert "label.container_index: left out as the task's evidence: the ball and the placer lowering it" in text
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
#: What the probe still reads on a training template, by template, with why (a shortcut being removed): such a
#: template must stay flagged until it is dealt with. The task itself is not listed here: its family declares it
#: as its evidence (:attr:`scenegen.plugin.family.Family.evidence`). None today.
FOUND: dict[str, str] = {}


@pytest.mark.statistical
@pytest.mark.parametrize("path", TRAINING, ids=lambda path: path.name)
def test_no_training_template_gives_an_answer_away(path, tmp_path):
    """No parameter or cue predicts an answer alone (every training template), and the learned probe flags none
    (where it still does, FOUND says what it reads: that must stay flagged until it is dealt with)."""
    make(RunRequest(str(path), SAMPLES, out=tmp_path / "run", progress=False, workers=1, format="jsonl"))
    report = run_report(tmp_path / "run")
    assert report["shortcuts"] == []
    flagged = [item for item in report["probe"]["labels"] if item["flagged"]]
    reason = FOUND.get(path.name)
    if reason is None:
        assert not flagged, [(item["label"], item["majority"], item["tree"], item["linear"]) for item in flagged]
    else:
        assert flagged, f"{path.name} is no longer flagged: take it out of FOUND"
        pytest.xfail(reason)
