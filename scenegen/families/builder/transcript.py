"""A builder dialogue as it is made: the parts built, the world, and each turn's instruction, gold answer and
worlds."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scenegen.families.builder.placement import Part, World, reference_key
from scenegen.families.builder.shapes import KINDS, Cell


class Dialogue:
    """A dialogue as it is made: the parts built, the world, the turns, and counts for the label.

    Each block is the ``[x, y, z, colour]`` list its part was placed with: the answers, every world it stands in
    and the target share it, rather than each world copying every block again.
    """

    __slots__ = ("blocks", "by_kind", "corrections", "height", "missing", "named", "order", "parts", "position",
                 "standing", "start", "turns", "world")

    def __init__(self, height: int, position: Cell) -> None:
        self.height = height
        #: where the builder stands: instructions may count steps from it ("your current position")
        self.position = position
        #: the parts standing from the start (the first ``standing`` of :attr:`parts`), which no turn builds
        self.standing = 0
        self.parts: list[Part] = []
        #: the indices of the one-column parts, by what a full reference says of them (kind and colour)
        self.named: dict[tuple[str, str], list[int]] = {}
        #: the indices of the columns and of the stacks, by kind (what a reference by kind alone names)
        self.by_kind: dict[str, list[int]] = {}
        self.world: World = {}
        #: the codes of the world's cells, sorted (so as (x, y, z))
        self.order: list[int] = []
        self.turns: list[dict[str, Any]] = []
        #: the world's blocks, sorted by cell
        self.blocks: list[list[Any]] = []
        #: the blocks standing before the first turn
        self.start: list[list[Any]] = []
        #: what each clarification leaves out, as the config names it
        self.missing: list[str] = []
        self.corrections = 0

    def stand(self, part: Part) -> None:
        """Put ``part`` in the world before the first turn: it stands there, and references may name it."""
        self._place(part)
        self.standing += 1
        self.blocks = self.start = list(map(self.world.__getitem__, self.order))

    def build(self, instruction: str, part: Part) -> dict[str, Any]:
        """Record a turn whose gold answer adds the blocks of ``part``, with the worlds around it, and the part."""
        self._place(part)
        return self._turn(instruction, part.blocks, [])

    def _place(self, part: Part) -> None:
        # cells and blocks are made together, one per cell: strict=True would only cost time
        self.world.update(zip(part.cells, part.blocks, strict=False))
        # The cells so far are sorted already: timsort merges them with the part's as two runs.
        self.order = sorted(self.order + part.cells)
        kind = part.shape.kind
        if KINDS[kind].single_column:
            index = len(self.parts)
            self.named.setdefault(reference_key(part), []).append(index)
            if kind != "block":
                self.by_kind.setdefault(kind, []).append(index)
        self.parts.append(part)

    def build_many(self, instruction: str, parts: Sequence[Part], habit: str) -> dict[str, Any]:
        """Record a turn whose gold answer adds the blocks of ``parts`` (all of them from the bottom up), and the
        parts."""
        for part in parts:
            self._place(part)
        added = sorted([block for part in parts for block in part.blocks], key=lambda block: block[1])
        turn = self._turn(instruction, added, [])
        turn["habit"] = habit
        return turn

    def shift(self, instruction: str, moved: Part, habit: str, by: Cell) -> dict[str, Any]:
        """Record a turn whose gold answer removes the last part's blocks and adds them again at ``moved``'s
        place (``by`` away), and the part moved."""
        old = self.parts[-1]
        for cell in old.cells:
            del self.world[cell]
        kept = [cell for cell in self.order if cell in self.world]
        self.world.update(zip(moved.cells, moved.blocks, strict=False))
        self.order = sorted(kept + moved.cells)
        self.parts[-1] = moved
        turn = self._turn(instruction, moved.blocks, old.blocks)
        turn["habit"] = habit
        turn["shift"] = list(by)
        return turn

    def take_back(self, instruction: str, cells: Sequence[int]) -> dict[str, Any]:
        """Record a turn whose gold answer removes the blocks at ``cells``, with the worlds around it."""
        removed = [self.world.pop(cell) for cell in cells]
        self.order = [cell for cell in self.order if cell in self.world]
        self.corrections += 1
        return self._turn(instruction, [], removed)

    def _turn(self, instruction: str, added: list[list[Any]], removed: list[list[Any]]) -> dict[str, Any]:
        before = self.blocks
        self.blocks = list(map(self.world.__getitem__, self.order))
        turn = {
            "instruction": instruction,
            "answer": {"add": added, "remove": removed, "confidence": 1.0},
            "world_before": before,
            "world_after": self.blocks,
        }
        self.turns.append(turn)
        return turn
