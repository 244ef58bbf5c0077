"""The atomic tasks a version allows, kind by kind: each is its goal alone (MCU's definition), a kind and a target.

A target is an item, block or mob id; an eaten potion is ``potion:<type>``. Which
targets a kind takes follows the game facts and the family's choices
(:mod:`.facts`); whether a task can be set at the hard level depends on whether
something it needs can be made first (a station, a tool, a material with a recipe).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

from scenegen.families.mcu.facts import SWORDS, Recipe, Use, choices, facts, wiki

KINDS = ("craft", "mine", "smelt", "collect", "hunt", "combat", "place", "use", "eat", "find")
#: Kinds whose target is something the agent ends up holding: it is never given.
OBTAINED = frozenset({"craft", "smelt", "collect", "mine"})
LEVELS = ("simple", "medium", "hard")


@dataclass(slots=True)
class Goal:
    """An atomic task: ``kind`` of ``target``, ``count`` times."""

    kind: str
    target: str
    count: int = 1


class Catalogue:
    """The atomic tasks of one version."""

    def __init__(self, version: str) -> None:
        self.facts = facts(version)
        self._usable: dict[tuple[str, frozenset[str]], tuple[Recipe, ...]] = {}
        self.pools: dict[str, tuple[str, ...]] = {kind: getattr(self, f"_{kind}")() for kind in KINDS}

    @cached_property
    def blocks(self) -> tuple[str, ...]:
        """Blocks a goal may set near the agent."""
        return tuple(name for name in self.facts.blocks if self.facts.settled(name))

    def usable_recipes(self, item: str, avoid: frozenset[str] = frozenset()) -> tuple[Recipe, ...]:
        """``item``'s recipes that use neither itself nor anything in ``avoid`` (remembered: a sample asks a few
        times, for the same few avoided targets)."""
        key = (item, avoid)
        found = self._usable.get(key)
        if found is None:
            found = self._usable[key] = tuple(
                recipe for recipe in self.facts.recipes.get(item, ())
                if item not in recipe.uses() and not avoid.intersection(recipe.uses()))
        return found

    def _craft(self) -> tuple[str, ...]:
        pool = set(self.facts.distractor_pool)
        return tuple(name for name in self.facts.recipes if name in pool and self.usable_recipes(name))

    def _mine(self) -> tuple[str, ...]:
        return self.blocks

    def _smelt(self) -> tuple[str, ...]:
        return tuple(self.facts.smelting) if self.facts.fuels else ()

    def _collect(self) -> tuple[str, ...]:
        return tuple(sorted(self.drops))

    @cached_property
    def drops(self) -> dict[str, tuple[tuple[str, int], ...]]:
        """Each item some settled block surely drops without silk touch: the blocks and the least count."""
        found: dict[str, list[tuple[str, int]]] = {}
        for block in self.blocks:
            for item, least in self.facts.blocks[block].get("drops") or ():
                found.setdefault(item, []).append((block, least))
        return {item: tuple(blocks) for item, blocks in found.items()}

    def _mobs(self, category: str, left_out: str) -> tuple[str, ...]:
        excluded = set(choices()[left_out])
        return tuple(sorted(name for name, kind in self.facts.entities.items()
                            if kind == category and name not in excluded))

    def _hunt(self) -> tuple[str, ...]:
        return self._mobs("Passive mobs", "not_for_hunt")

    def _combat(self) -> tuple[str, ...]:
        return self._mobs("Hostile mobs", "not_for_combat")

    def _place(self) -> tuple[str, ...]:
        return self.blocks

    @cached_property
    def uses(self) -> dict[str, Use]:
        """The uses this version has all the parts of."""
        found = {}
        for item, spec in choices()["uses"].items():
            use = Use(spec["text"], tuple(spec.get("items", {}).items()), spec.get("block"), spec.get("mob"),
                      spec.get("hand", "weapon.mainhand"))
            parts = [item, *dict(use.items)]
            if all(part in self.facts.items for part in parts) and (use.mob is None or use.mob in self.facts.entities) \
                    and (use.block is None or use.block in self.facts.blocks):
                found[item] = use
        return found

    def _use(self) -> tuple[str, ...]:
        return tuple(self.uses)

    def _eat(self) -> tuple[str, ...]:
        foods = tuple(food for food in sorted(self.facts.foods) if food in self.facts.items and food != "cake")
        drinks = tuple(drink for drink in wiki()["drinks"] if drink in self.facts.items and drink != "potion")
        potions = tuple(f"potion:{kind}" for kind in wiki()["potions"]) if "potion" in self.facts.items else ()
        return foods + drinks + potions

    def _find(self) -> tuple[str, ...]:
        return self.blocks + tuple(sorted(set(self._hunt()) | set(self._combat())))

    def is_mob(self, target: str) -> bool:
        """Whether a find target is a mob (summoned) rather than a block (set)."""
        return target in self.facts.entities and target not in self.facts.blocks

    def swords(self) -> tuple[str, ...]:
        """The version's swords, cheapest first."""
        return tuple(sword for sword in SWORDS if sword in self.facts.items)

    def sources(self, goal: Goal) -> tuple[str, ...]:
        """What a collect goal breaks: the blocks that drop its item."""
        return tuple(block for block, _ in self.drops[goal.target])

    @cache  # noqa: B019 - one catalogue per version lives as long as the process
    def admits_hard(self, kind: str, target: str) -> bool:
        """Whether the task has something to make first: a station, or a tool or material with a recipe."""
        forbidden = frozenset({target}) if kind in OBTAINED else frozenset()
        made = lambda name: bool(self.usable_recipes(name, forbidden))  # noqa: E731 - a local test
        if kind == "craft":
            return any(recipe.grid == 3 or any(made(item) for item in recipe.uses())
                       for recipe in self.usable_recipes(target))
        if kind == "smelt":
            return True  # the furnace
        if kind in ("mine", "collect"):
            blocks = (target,) if kind == "mine" else self.sources(Goal(kind, target))
            return any(made(tool) for block in blocks for tool in self.facts.harvest_tools(block))
        if kind in ("hunt", "combat"):
            return any(made(sword) for sword in self.swords())
        if kind in ("place", "use", "eat"):
            item = target.split(":")[0]
            extra = dict(self.uses[target].items) if kind == "use" else {}
            return made(item) or any(made(name) for name in extra)
        return False  # find: nothing to make

    def admits(self, kind: str, target: str, level: str) -> bool:
        """Whether the task can be set at ``level``."""
        return level != "hard" or self.admits_hard(kind, target)


@cache
def catalogue(version: str) -> Catalogue:
    """The atomic tasks of ``version``."""
    return Catalogue(version)

