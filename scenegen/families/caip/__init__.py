"""The caip family: synthetic CraftAssist Instruction Parsing data.

``scenegen make --config caip.yaml`` writes (command, logical form) pairs in the
CAIP grammar (Srinet et al., ACL 2020, Appendix C) as JSONL shards, for training
semantic parsers; optionally each with a minimally corrupted negative for
training rerankers. The grammar is ``schema/caip_logical_form.schema.json``; the
words and templates are data under ``data/`` in its package.
"""

from scenegen.families.caip.family import Caip

__all__ = ["Caip"]
