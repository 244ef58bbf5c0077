"""The mcu family: Minecraft task configurations in the format of MCU (MineCraft Universe).

``scenegen make --config mcu -n 1000`` writes task configurations (the YAML MCU
runs: ``custom_init_commands`` and ``text``), the criteria text its evaluator
reads, and a label with the goal, level, needs, distractors and a plan that the
family's own solver replays (:mod:`.checks`). The game facts are tables written
from minecraft-data under ``data/``; docs/mcu.md says what is fact and what is choice.
"""

from scenegen.families.mcu.family import Mcu

__all__ = ["Mcu"]
