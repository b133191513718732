"""Eleusis Express for the classroom."""

__version__ = "0.1.0"
