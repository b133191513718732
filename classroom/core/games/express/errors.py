"""The exceptions of a round: each illegal command raises one, with a reason students can read."""

from __future__ import annotations

from classroom.core.games.errors import GameError

__all__ = [
    "BadEvent",
    "BadSetup",
    "BadVerdict",
    "CardNotInHand",
    "EmptyText",
    "GameError",
    "GuessNotAllowed",
    "NotYourTurn",
    "NothingToJudge",
    "PredictionNotAllowed",
    "RoundOver",
    "UnknownSeat",
    "VerdictPending",
]


class BadSetup(GameError):
    """Seats or options a round cannot start with."""


class UnknownSeat(GameError):
    """A seat id that is not at this table."""


class NotYourTurn(GameError):
    """A play or no-play by a player whose turn it is not."""


class CardNotInHand(GameError):
    """A card the player does not hold."""


class GuessNotAllowed(GameError):
    """A guess (or pass) outside the guesser's window right after their correct play."""


class VerdictPending(GameError):
    """Anything but a verdict while the dealer still has to judge."""


class PredictionNotAllowed(GameError):
    """A prediction with no play waiting, on one's own play, or a second one on the same play."""


class NothingToJudge(GameError):
    """A verdict when no play, no-play or guess waits for one."""


class BadVerdict(GameError):
    """A verdict that does not fit what is judged (e.g. a wrong no-play without a card)."""


class EmptyText(GameError):
    """A guess or hint with no words in it."""


class RoundOver(GameError):
    """Any command after the round has ended."""


class BadEvent(GameError):
    """An event that does not fit the log it is applied to (wrong seq, kind or phase)."""
