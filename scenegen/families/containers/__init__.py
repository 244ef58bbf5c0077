"""The Retrieval - Containers family."""

from scenegen.families.containers.family import Containers

__all__ = ["Containers"]
