"""The exception every game raises for a move or a command its rules do not allow now."""

from __future__ import annotations

__all__ = ["GameError", "UnknownMove"]


class GameError(ValueError):
    """A command the rules do not allow now; the round is left unchanged. Its message is a
    sentence people can read (`classroom.core.text`)."""


class UnknownMove(GameError):
    """A move this game does not have (a New Eleusis string sent to an Express table, say)."""
