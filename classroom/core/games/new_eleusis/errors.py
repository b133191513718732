"""The exceptions of a New Eleusis round: each illegal command raises one, with a reason people
can read, and leaves the round as it was."""

from __future__ import annotations

from classroom.core.games.errors import GameError

__all__ = [
    "BadEvent",
    "BadSetup",
    "BadString",
    "BadVerdict",
    "CardNotInHand",
    "EmptyText",
    "NewEleusisError",
    "NotPlaying",
    "NotProphet",
    "NotYourTurn",
    "NothingToJudge",
    "ProphetNotAllowed",
    "RoundOver",
    "UnknownSeat",
    "VerdictPending",
]


class NewEleusisError(GameError):
    """A command the rules of New Eleusis do not allow now; the round is left unchanged."""


class BadSetup(NewEleusisError):
    """Seats or house options a round cannot start with."""


class UnknownSeat(NewEleusisError):
    """A seat id that is not at this table."""


class NotPlaying(NewEleusisError):
    """A turn for a player who has been expelled or is the prophet: they do not play."""


class NotYourTurn(NewEleusisError):
    """A play or no-play by a player whose turn it is not."""


class CardNotInHand(NewEleusisError):
    """A card (or one copy too many of it) the player does not hold."""


class BadString(NewEleusisError):
    """A string with no cards or with more than four."""


class VerdictPending(NewEleusisError):
    """A turn while the prophet's call, the prophet's pointing or the dealer's verdict is owed."""


class NothingToJudge(NewEleusisError):
    """A call, a point or a verdict when nothing waits for one."""


class BadVerdict(NewEleusisError):
    """A verdict that does not fit what is judged (e.g. a wrong no-play without a card)."""


class NotProphet(NewEleusisError):
    """A call or a point by someone who is not the prophet."""


class ProphetNotAllowed(NewEleusisError):
    """A declaration of a prophet that the conditions of the rules do not allow."""


class EmptyText(NewEleusisError):
    """A hint with no words in it."""


class RoundOver(NewEleusisError):
    """Any command after the round has ended."""


class BadEvent(NewEleusisError):
    """An event that does not fit the log it is applied to: a corrupt log, not a person's move."""
