"""Validation of everything a tablet sends over the socket, before any service sees it."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from classroom.cards import Card, CardError
from classroom.services import Action, Invalid

MAX_ACTION_ID = 64
MAX_GUESS = 300
_KINDS = ("play", "no_play", "guess", "pass")


def parse_action(payload: Any) -> Action:
    """An Action from a tablet's JSON, or Invalid with a message a student can read."""
    if not isinstance(payload, dict):
        raise Invalid(_("That message from your tablet was not understood."))
    kind, action_id = payload.get("type"), payload.get("action_id")
    if kind not in _KINDS:
        raise Invalid(_("That message from your tablet was not understood."))
    if not isinstance(action_id, str) or not 1 <= len(action_id) <= MAX_ACTION_ID:
        raise Invalid(_("That message from your tablet was not understood."))
    card = None
    if kind == "play":
        text = payload.get("card")
        if not isinstance(text, str) or len(text) > 4:
            raise Invalid(_("Choose a card to play."))
        try:
            card = Card.parse(text)
        except CardError as error:
            raise Invalid(_("Choose a card to play.")) from error
    guess: Any = ""
    if kind == "guess":
        guess = payload.get("text")
        if not isinstance(guess, str) or not guess.strip():
            raise Invalid(_("Write your guess of the rule first."))
        if len(guess) > MAX_GUESS:
            raise Invalid(_("A guess has at most %(n)d characters.", n=MAX_GUESS))
    return Action(kind, action_id, card=card, text=guess.strip())


def parse_position(payload: Any) -> tuple[int, int]:
    """The (round, last event seq) a tablet has seen; (0, 0) when unknown or nonsense."""
    if not isinstance(payload, dict):
        return (0, 0)
    numbers = [payload.get("round"), payload.get("last_seq")]
    if all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 10**9 for n in numbers):
        return (numbers[0], numbers[1])  # type: ignore[return-value]
    return (0, 0)
