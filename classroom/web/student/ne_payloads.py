"""Validation of a New Eleusis tablet's messages, before any use case sees them."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from classroom.core.cards import Card, CardError
from classroom.core.games.new_eleusis.options import MAX_STRING
from classroom.usecases import Invalid
from classroom.usecases.new_eleusis_rounds import NeAction, NeVerdict
from classroom.web.student.payloads import action_id

__all__ = ["parse_ne_action", "parse_ne_verdict"]

_ACTIONS = ("play", "no_play", "declare", "call", "point")
_VERDICTS = ("play", "no_play", "point")


def _not_understood() -> Invalid:
    return Invalid(_("That message from your tablet was not understood."))


def _card(text: Any) -> Card | None:
    """A card written as '10H', or None for anything else."""
    if not isinstance(text, str) or len(text) > 4:
        return None
    try:
        return Card.parse(text)
    except CardError:
        return None


def parse_ne_action(payload: Any) -> NeAction:
    """A player's action: a string of cards in order, no-play, declare, a call or a point."""
    if not isinstance(payload, dict) or payload.get("type") not in _ACTIONS:
        raise _not_understood()
    kind, ident = payload["type"], action_id(payload)
    if kind == "play":
        texts = payload.get("cards")
        if not isinstance(texts, list) or not 1 <= len(texts) <= MAX_STRING:
            raise Invalid(_("Choose 1 to 4 cards to play, in order."))
        cards = tuple(_card(text) for text in texts)
        if any(card is None for card in cards):
            raise Invalid(_("Choose 1 to 4 cards to play, in order."))
        return NeAction("play", ident, cards=tuple(c for c in cards if c is not None))
    if kind == "call":
        right = payload.get("right")
        if not isinstance(right, bool):
            raise Invalid(_("Say whether the play is right or wrong."))
        return NeAction("call", ident, right=right)
    if kind == "point":
        card = _card(payload.get("card"))
        if card is None:
            raise Invalid(_("Choose the card to point to."))
        return NeAction("point", ident, card=card)
    return NeAction(kind, ident)


def parse_ne_verdict(payload: Any) -> NeVerdict:
    """A student dealer's verdict: on a string, a no-play (with the card played for the
    player when wrong) or the prophet's card (with the card played instead when wrong)."""
    if not isinstance(payload, dict):
        raise _not_understood()
    kind, right = payload.get("kind"), payload.get("right")
    if kind not in _VERDICTS or not isinstance(right, bool):
        raise _not_understood()
    card = None
    if payload.get("card") not in (None, ""):
        card = _card(payload.get("card"))
        if card is None:
            raise Invalid(_("Choose the card to play for them."))
    return NeVerdict(kind, right, card)
