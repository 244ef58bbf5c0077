"""scenegen: procedural scene generator and dataset factory for MCS tasks and CAIP commands."""

__version__ = "0.1.0"
