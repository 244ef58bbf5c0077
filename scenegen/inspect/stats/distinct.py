"""How many distinct values a stream holds, in bounded memory: exactly while they are few, then a HyperLogLog
sketch (Flajolet et al., 2007)."""

from __future__ import annotations

import hashlib
import math

#: 2**12 registers: a standard error of 1.04 / sqrt(4096) = 1.6%, in 4 KB whatever the stream's length.
PRECISION = 12
_REGISTERS = 1 << PRECISION
#: Distinct values counted exactly, by their 64-bit hashes (about 1 MB); beyond them, only the sketch.
EXACT_LIMIT = 1 << 14
#: What a report says of a count.
NOTE = f"exact up to {EXACT_LIMIT:,} distinct values, estimated beyond (HyperLogLog, about 1.6% error)"


class Distinct:
    """The number of distinct strings added: exact up to ``EXACT_LIMIT`` of them (a small run's report must not
    say 303 distinct commands of 300), estimated beyond."""

    def __init__(self) -> None:
        self.registers = bytearray(_REGISTERS)
        self.exact: set[int] | None = set()

    def add(self, text: str) -> None:
        hashed = int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")
        if self.exact is not None:
            self.exact.add(hashed)
            if len(self.exact) > EXACT_LIMIT:
                self.exact = None
        register = hashed >> (64 - PRECISION)
        rest = hashed & ((1 << (64 - PRECISION)) - 1)
        rank = 64 - PRECISION - rest.bit_length() + 1
        if rank > self.registers[register]:
            self.registers[register] = rank

    def count(self) -> int:
        """The number of distinct strings added: exact while they are few, else estimated."""
        if self.exact is not None:
            return len(self.exact)
        empty = self.registers.count(0)
        estimate = 0.7213 / (1 + 1.079 / _REGISTERS) * _REGISTERS ** 2 / sum(2.0 ** -r for r in self.registers)
        if estimate <= 2.5 * _REGISTERS and empty:  # small counts: linear counting is nearer
            estimate = _REGISTERS * math.log(_REGISTERS / empty)
        return round(estimate)
