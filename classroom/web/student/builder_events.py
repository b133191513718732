"""The hypothesis builder on the /play namespace: the templates, a check against the table,
and the built hypothesis kept in the journal or said as a guess."""

from __future__ import annotations

from typing import Any

from flask_babel import get_locale
from flask_babel import gettext as _

from classroom.core.cards import Card, Suit, printed_label
from classroom.core.games.errors import GameError
from classroom.core.hypotheses import Consistency
from classroom.core.hypotheses.builder import Built, built_from, catalog
from classroom.usecases import Invalid, ServiceError
from classroom.web.checks import send_checked_journal
from classroom.web.context import use_cases
from classroom.web.extensions import socketio
from classroom.web.messages import localize, say
from classroom.web.rooms import PLAY
from classroom.web.seat_budgets import spend
from classroom.web.student.events import _refuse, _seat
from classroom.web.student.payloads import MAX_GUESS, action_id, parse_built


@socketio.on("builder_templates", namespace=PLAY)
def on_builder_templates(_payload: Any = None) -> dict[str, Any]:
    """The templates in the student's language, and whether the builder opens at once."""
    try:
        seat = _seat()
        young = use_cases().built.for_young_children(seat)
    except ServiceError as error:
        return _refuse(error)
    return {"ok": True, "templates": localize(catalog()), "open": young}


@socketio.on("builder_check", namespace=PLAY)
def on_builder_check(payload: Any = None) -> dict[str, Any]:
    """The built hypothesis in words and in the rule language, and whether it fits the table."""
    try:
        seat = _seat()
        spend("check", seat.seat_id)  # one budget for all the seat's tabs (seat_budgets.py)
        template, choices = parse_built(payload)
        checked = use_cases().built.check(seat, template, choices)
    except ServiceError as error:
        return _refuse(error)
    return {"ok": True, **_built_view(checked.built), **_fit_view(checked.consistency)}


@socketio.on("builder_submit", namespace=PLAY)
def on_builder_submit(payload: Any = None) -> dict[str, Any]:
    """Keep the built hypothesis in the journal (`to: "journal"`) or guess it (`to: "guess"`)."""
    to = payload.get("to") if isinstance(payload, dict) else None
    try:
        seat = _seat()
        template, choices = parse_built(payload)
        if to == "journal":
            spend("journal", seat.seat_id)
            built = use_cases().built.write_journal(seat, template, choices)
        elif to == "guess":
            spend("guess", seat.seat_id)
            built, _change = use_cases().built.guess(seat, template, choices, action_id(payload))
        else:
            raise Invalid(_("That message from your tablet was not understood."))
    except (ServiceError, GameError) as error:
        return _refuse(error)
    if to == "journal":
        send_checked_journal(use_cases().reading.group_snapshot(seat.group_id), seat.seat_id)
    return {"ok": True, **_built_view(built)}


@socketio.on("builder_words", namespace=PLAY)
def on_builder_words(payload: Any = None) -> dict[str, Any]:
    """The words of a guess or an entry built by taps (a student dealer judges a sentence,
    not its rule language); None for text typed by hand."""
    text = payload.get("text") if isinstance(payload, dict) else None
    try:
        seat = _seat()
        if not isinstance(text, str) or len(text) > MAX_GUESS:
            raise Invalid(_("That message from your tablet was not understood."))
        spend("words", seat.seat_id)  # reading a sentence back tries every template
    except ServiceError as error:
        return _refuse(error)
    built = built_from(text)
    return {"ok": True, "words": say(built.words) if built else None}


def _built_view(built: Built) -> dict[str, Any]:
    return {"rule_text": built.rule_text, "words": say(built.words)}


def _fit_view(consistency: Consistency) -> dict[str, Any]:
    """Fits or not, and the first card that does not fit, named with its suit's name."""
    judgement = consistency.contradiction
    if judgement is None:
        if consistency.checked == 0:
            message = _("No card has been judged yet, so every hypothesis fits so far.")
        else:
            message = _("Your hypothesis fits every card so far.")
        return {"fits": True, "misfit": None, "message": message}
    card = _card_name(judgement.card)
    if judgement.accepted:
        message = _(
            "%(card)s does not fit: it was accepted, but your hypothesis says no.", card=card
        )
    else:
        message = _(
            "%(card)s does not fit: it was not accepted, but your hypothesis says yes.", card=card
        )
    misfit = {
        "card": str(judgement.card),
        "after": str(judgement.mainline[-1]),
        "accepted": judgement.accepted,
    }
    return {"fits": False, "misfit": misfit, "message": message}


def _card_name(card: Card) -> str:
    """'5♥ (hearts)': the symbol and the suit's name, never the colour alone."""
    language = getattr(get_locale(), "language", "en")
    suits = {
        Suit.SPADES: _("spades"),
        Suit.HEARTS: _("hearts"),
        Suit.DIAMONDS: _("diamonds"),
        Suit.CLUBS: _("clubs"),
    }
    return _("%(label)s (%(suit)s)", label=printed_label(card, language), suit=suits[card.suit])
