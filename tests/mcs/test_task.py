"""The staged MCS task base: its stages, redraws, pairs, declared feasibility checks and lazily imported replay."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np
import pytest

from scenegen.errors import ConfigError, GenerationError, Problem
from scenegen.mcs.model import Scene
from scenegen.mcs.objects import soccer_ball
from scenegen.mcs.task import LAYOUT_PROBES, McsTask, Refusal, feasibility, rarely_laid_out, start_clear_of_walls
from scenegen.plugin.values import Parameters, compile_value, lookup

ROOM = {"room.width": 10.0, "room.height": 3.0, "room.depth": 8.0, "materials.ceiling": "c",
        "materials.floor": "f", "materials.wall": "w"}


def toy_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """The toy task's replay: one finding naming the truth it was given."""
    return [Problem("goal", f"checked against {truth}")]


class Toy(McsTask):
    """A task whose config says which checks refuse it and how many layouts are turned down."""

    name = "toy"
    description = "A toy task on the staged base."
    lays_out = "a Toy room"
    checks = f"{__name__}:toy_problems"
    ids = 2
    attempts = 3

    def __init__(self, config: Mapping[str, Any]) -> None:
        self.ran: list[str] = []
        self.layouts = 0
        super().__init__(config)

    def draw(self, rng: np.random.Generator) -> dict[str, Any]:
        return {**ROOM, "x": float(rng.integers(-3, 4))}

    @feasibility
    def _wide_enough(self) -> Iterator[Refusal]:
        self.ran.append("wide")
        if self.config.get("narrow"):
            yield "room.width", "too narrow"

    @feasibility
    def _deep_enough(self) -> Iterator[Refusal]:
        self.ran.append("deep")
        if self.config.get("shallow"):
            yield "room.depth", "too shallow"

    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> float | None:
        self.layouts += 1
        return None if self.layouts <= self.config.get("turned_down", 0) else drawn["x"]

    def build(self, drawn: dict[str, Any], layout: float, ids: list[str],
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]]:
        ball = soccer_ball(ids[0], layout, 0.0)
        return self.frame(drawn, (0.0, 0.0, -3.0), [ball], ball.id), {"x": layout, "ids": ids}

    def twin(self, drawn: Mapping[str, Any], layout: float, rng: np.random.Generator) -> float | None:
        return None if layout == 0.0 else -layout

    def pair_record(self, drawn: Mapping[str, Any], layout: float, twin: float) -> dict[str, Any]:
        return {"factor": "x", "a": layout, "b": twin}


class DeeperToy(Toy):
    @feasibility
    def _tall_enough(self) -> Iterator[Refusal]:
        self.ran.append("tall")
        yield from ()


def _toy(**config: Any) -> Toy:
    return Toy({"family": "toy", "last_step": 40, **config})


def test_feasibility_checks_run_in_order_of_definition_base_classes_first() -> None:
    assert Toy.feasibility_checks == ("_wide_enough", "_deep_enough")
    assert DeeperToy.feasibility_checks == ("_wide_enough", "_deep_enough", "_tall_enough")
    assert _toy().ran == ["wide", "deep"]
    assert DeeperToy({"family": "toy", "last_step": 40}).ran == ["wide", "deep", "tall"]


def test_the_first_refusal_is_raised_blaming_its_key_and_naming_the_task() -> None:
    with pytest.raises(ConfigError, match=r"^room\.width: cannot lay out a Toy room: too narrow$") as error:
        _toy(narrow=True, shallow=True)
    assert error.value.path == "room.width"
    with pytest.raises(ConfigError, match=r"^room\.depth: cannot lay out a Toy room: too shallow$"):
        _toy(shallow=True)


def test_a_sample_runs_the_stages_and_keeps_last_step_in_its_frame() -> None:
    toy = _toy()
    sample = toy.generate(0, np.random.default_rng(7))
    scene = sample.documents[""]
    assert scene.goal.last_step == 40 and scene.room == (10.0, 3.0, 8.0)
    assert sample.truth["ids"][0] == scene.objects[0].id and len(sample.truth["ids"]) == 2
    assert sample.params["x"] == sample.truth["x"] and sample.pair is None


def test_a_turned_down_layout_is_drawn_again_until_the_attempts_run_out() -> None:
    toy = _toy(turned_down=2)
    toy.generate(0, np.random.default_rng(7))
    assert toy.layouts == 3
    with pytest.raises(GenerationError, match="toy: sample 5: no draw of 3 could be laid out"):
        _toy(turned_down=3).generate(5, np.random.default_rng(7))


class SeldomToy(Toy):
    """A toy whose layouts but every ``keep``-th draw are turned down, declaring the key to blame for it."""

    layout_blame = ("x", "an x the toy turns down")
    attempts = 20

    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> float | None:
        self.layouts += 1
        return drawn["x"] if self.layouts % self.config["keep"] == 0 else None


def test_a_config_whose_draws_seldom_lay_out_is_refused_where_the_family_declares_it() -> None:
    """With 20 draws a sample, at least 50% of draws must lay out for a sample to run out less than once in a
    million (1 - 1e-6 ** (1 / 20) = 0.499): every draw and every other one pass, every third is refused."""
    for keep in (1, 2):
        SeldomToy({"family": "toy", "last_step": 40, "keep": keep})
    seldom = (rf"^x: cannot lay out a Toy room: only {LAYOUT_PROBES // 3} of {LAYOUT_PROBES} scenes drawn lay out "
              r"\(an x the toy turns down\), .* at least 50% must")
    with pytest.raises(ConfigError, match=seldom):
        SeldomToy({"family": "toy", "last_step": 40, "keep": 3})
    _toy(turned_down=LAYOUT_PROBES)  # a family declaring no blame is not asked


def test_pairs_build_the_layout_and_its_twin_with_the_same_ids() -> None:
    toy = _toy(pairs=True)
    for index in range(5):
        sample = toy.generate(index, np.random.default_rng(index))
        a, b = sample.documents["a"], sample.documents["b"]
        assert [item.id for item in a.objects] == [item.id for item in b.objects]
        assert sample.truth["a"]["x"] == -sample.truth["b"]["x"] != 0.0
        assert sample.pair == {"factor": "x", "a": sample.truth["a"]["x"], "b": sample.truth["b"]["x"]}


def test_the_replay_is_imported_only_when_a_document_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Toy, "checks", "tests.mcs.no_such_replay:problems")
    toy = _toy()
    toy.generate(0, np.random.default_rng(7))  # building and generating never import it
    with pytest.raises(ModuleNotFoundError, match="no_such_replay"):
        toy.check({}, None)
    monkeypatch.setattr(Toy, "checks", f"{__name__}:toy_problems")
    assert toy.check({}, {"x": 1}) == [Problem("goal", "checked against {'x': 1}")]


def test_a_probe_refuses_when_fewer_than_the_least_share_lay_out_and_blames_the_commonest_reason() -> None:
    wall, lava = ("room.width", "the ball reaches a wall"), ("lava.share", "no floor is left")
    laid = [object()] * 3
    assert list(rarely_laid_out(laid[:2] + [wall] * 7 + [lava] * 3, 0.25)) == [
        ("room.width", "2 of 12 draws lay a scene out (at least 25% must); 7 fail because the ball reaches a wall")]
    assert not list(rarely_laid_out(laid + [lava] * 6 + [wall] * 3, 0.25))  # 3 of 12 is a quarter: enough
    assert not list(rarely_laid_out([], 0.25))


@pytest.mark.parametrize(("x", "z", "refused"), [(3.75, 3.8, None), (3.8, 0, "performer.x"), (0, -3.9, "performer.z")])
def test_a_start_must_lie_clear_of_the_walls_of_the_smallest_room_drawn(x: float, z: Any, refused: str | None) -> None:
    """The smallest room drawn is 8 m wide and 8.1 m deep: a start is clear of its walls up to 4 - 0.25 m from its
    centre along x, 4.05 - 0.25 m along z."""
    config = {"room": {"width": [8, 12], "depth": {"min": 8.1, "max": 9}}, "performer": {"x": [0, x], "z": z}}
    kinds = {"room.width": float, "room.depth": float, "performer.x": float, "performer.z": float}
    parameters = Parameters({path: compile_value(lookup(config, path), path, kind) for path, kind in kinds.items()})
    assert [path for path, _ in start_clear_of_walls(parameters)] == ([refused] if refused else [])
