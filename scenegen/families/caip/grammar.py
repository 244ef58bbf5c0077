"""The caip grammar, assembled once per run from the data files and the config."""

from __future__ import annotations

from scenegen.families.caip.actions import Actions
from scenegen.families.caip.clauses import Clauses
from scenegen.families.caip.config import Settings
from scenegen.families.caip.dialogue import Dialogues
from scenegen.families.caip.lexicon import Data, LexiconError
from scenegen.families.caip.nouns import NounPhrases
from scenegen.families.caip.numbers import Numbers
from scenegen.families.caip.places import Places
from scenegen.families.caip.say import Node, Say


class Grammar:
    """Says one logical form of a given dialogue type, with its command."""

    def __init__(self, data: Data, settings: Settings) -> None:
        numbers = Numbers(data.phrases, data.lexicon, settings)
        nouns = NounPhrases(data, settings, numbers)
        places = Places(data.phrases, settings, numbers, nouns)
        nouns.places = places
        clauses = Clauses(data, settings, numbers)
        self.actions = Actions(data, settings, numbers, nouns, places, clauses)
        missing = sorted(set(settings.action_kinds) - set(self.actions.specs))
        if missing:
            raise LexiconError(f"actions.yaml says nothing about {missing}")
        self.dialogues = Dialogues(data, settings, numbers, nouns, self.actions)

    def say(self, say: Say, dialogue_type: str) -> tuple[Node, list[str]]:
        """The logical form of one record and the action kinds in it."""
        dialogues = self.dialogues
        if dialogue_type == "HUMAN_GIVE_COMMAND":
            return dialogues.command(say)
        if dialogue_type == "GET_MEMORY":
            return dialogues.get_memory(say), []
        if dialogue_type == "PUT_MEMORY":
            return dialogues.put_memory(say), []
        return dialogues.noop(say), []
