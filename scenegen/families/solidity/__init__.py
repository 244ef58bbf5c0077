"""The Solidity family."""

from scenegen.families.solidity.family import Solidity

__all__ = ["Solidity"]
