"""Errors of the service layer; the web layer turns them into messages, never into crashes."""

from __future__ import annotations

__all__ = ["Conflict", "Forbidden", "Invalid", "NotFound", "ServiceError"]


class ServiceError(ValueError):
    """Something a user asked for cannot be done; the message says why, for that user."""


class NotFound(ServiceError):
    """No such class, group, seat or round (or not yours to see)."""


class Forbidden(ServiceError):
    """Not allowed for this person."""


class Invalid(ServiceError):
    """Bad input: a nickname, a rule, a number out of range."""


class Conflict(ServiceError):
    """Not possible in the current state: joining locked, nickname taken, round running."""
