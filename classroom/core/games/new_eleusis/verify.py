"""Why a command is illegal now: each `verify_x` raises a NewEleusisError with a readable reason.

>>> import random
>>> from classroom.core.games.new_eleusis.fold import replay
>>> from classroom.core.games.new_eleusis.turns import deal
>>> state = replay([deal(["Ana", "Ben", "Chen", "Dia"], random.Random(3))])
>>> state.turn
'Ben'
>>> verify_no_play(state, "Ana")
Traceback (most recent call last):
...
classroom.core.games.new_eleusis.errors.NotYourTurn: It is Ben's turn, not yours.
"""

from __future__ import annotations

from collections.abc import Sequence

from classroom.core.cards import Card
from classroom.core.games.new_eleusis.errors import (
    BadSetup,
    BadString,
    BadVerdict,
    CardNotInHand,
    EmptyText,
    NothingToJudge,
    NotPlaying,
    NotProphet,
    NotYourTurn,
    ProphetNotAllowed,
    RoundOver,
    UnknownSeat,
    VerdictPending,
)
from classroom.core.games.new_eleusis.options import MAX_PLAYERS, MAX_STRING, MIN_PLAYERS
from classroom.core.games.new_eleusis.state import OWED, RoundState
from classroom.core.text import Seat, _

__all__ = [
    "verify_call",
    "verify_deal",
    "verify_declare",
    "verify_end_round",
    "verify_hint",
    "verify_judge_no_play",
    "verify_judge_play",
    "verify_judge_point",
    "verify_no_play",
    "verify_play",
    "verify_point",
    "verify_remove_player",
    "verify_skip_turn",
    "verify_waive_call",
]


def verify_deal(seats: Sequence[str]) -> None:
    """Raise BadSetup unless 4-8 distinct, non-empty seat ids are given."""
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise BadSetup(_("New Eleusis needs 4 to 8 players, not %d.") % len(seats))
    if not all(isinstance(seat, str) and seat.strip() for seat in seats):
        raise BadSetup(_("Every seat needs a name."))
    if len(set(seats)) != len(seats):
        raise BadSetup(_("Two seats have the same name."))


def _check_open(state: RoundState, *, owed_ok: bool = False) -> None:
    if state.is_over:
        raise RoundOver(_("The round is over."))
    if state.phase in OWED and not owed_ok:
        waiting = {
            "calling": _("Wait for the prophet's call on %s's turn."),
            "judging_play": _("Wait for the dealer's verdict on %s's play."),
            "judging_no_play": _("Wait for the dealer's verdict on %s's no-play."),
            "pointing": _("Wait for the prophet to point to a playable card of %s."),
        }.get(state.phase)
        if waiting is None:
            # The prophet's card names nobody: this sentence has no place for a seat.
            raise VerdictPending(_("Wait for the dealer's verdict on the card the prophet chose."))
        seat = state.pending.seat if state.pending else ""
        raise VerdictPending(waiting % Seat(seat))


def _check_seat(state: RoundState, seat: str) -> None:
    if seat not in state.seats:
        raise UnknownSeat(_("This tablet has no seat at this table."))


def verify_no_play(state: RoundState, seat: str) -> None:
    """Raise unless it is `seat`'s turn, `seat` still plays and nothing is owed."""
    _check_open(state)
    _check_seat(state, seat)
    if seat == state.prophet:
        raise NotPlaying(_("The prophet does not play, but calls the others' plays."))
    if seat in state.expelled:
        raise NotPlaying(_("You have been expelled from this round; your hand still counts."))
    if seat != state.turn:
        raise NotYourTurn(_("It is %s's turn, not yours.") % Seat(state.turn or ""))


def verify_play(state: RoundState, seat: str, cards: Sequence[Card]) -> None:
    """Raise unless `seat` may take a turn and holds every card of a 1-4 card string."""
    verify_no_play(state, seat)
    if not 1 <= len(cards) <= MAX_STRING:
        raise BadString(_("Play a string of 1 to 4 cards."))
    hand = state.hand(seat)
    for card in dict.fromkeys(cards):
        if card not in hand:
            raise CardNotInHand(_("You do not hold %s.") % card.label)
        if list(cards).count(card) > hand.count(card):
            raise CardNotInHand(_("You hold %s only once.") % card.label)


def verify_declare(state: RoundState, seat: str) -> None:
    """Raise unless `seat` may become prophet now: right after their own correct play, with
    no prophet in office, never prophet before in this round, and two other players left."""
    _check_open(state)
    _check_seat(state, seat)
    if seat != state.may_declare:
        raise ProphetNotAllowed(_("You may become prophet only right after your correct play."))
    if state.prophet is not None:
        raise ProphetNotAllowed(
            _("%s is the prophet: there is one at a time.") % Seat(state.prophet)
        )
    if seat in state.former_prophets:
        raise ProphetNotAllowed(_("You have already been prophet in this round."))
    if len(state.players()) - 1 < 2:
        raise ProphetNotAllowed(_("A prophet needs at least two other players still playing."))


def _check_prophet(state: RoundState, seat: str) -> None:
    _check_seat(state, seat)
    if seat != state.prophet:
        raise NotProphet(_("Only the prophet may do this."))


def verify_call(state: RoundState, seat: str) -> None:
    """Raise unless a play or no-play waits for the call of `seat`, the prophet."""
    _check_open(state, owed_ok=True)
    if state.phase != "calling":
        raise NothingToJudge(_("No play waits for the prophet's call."))
    _check_prophet(state, seat)


def verify_point(state: RoundState, seat: str, card: Card) -> None:
    """Raise unless `seat` is the prophet who owes a point and the player holds `card`."""
    _check_open(state, owed_ok=True)
    if state.phase != "pointing" or state.pending is None:
        raise NothingToJudge(_("Nobody waits for the prophet to choose a card."))
    _check_prophet(state, seat)
    player = state.pending.seat
    if card not in state.hand(player):
        raise CardNotInHand(
            _("%(seat)s does not hold %(card)s.") % {"seat": Seat(player), "card": card.label}
        )


def verify_waive_call(state: RoundState) -> None:
    """Raise unless the prophet owes a call or a point now: only then can the turn go on
    without it."""
    _check_open(state, owed_ok=True)
    if state.phase not in ("calling", "pointing"):
        raise NothingToJudge(_("Nothing waits for the prophet now."))


def _check_no_call_owed(state: RoundState) -> None:
    _check_open(state, owed_ok=True)
    if state.phase == "calling":
        raise VerdictPending(_("The prophet calls first; then the dealer judges."))


def verify_judge_play(state: RoundState) -> None:
    """Raise unless a string waits for the dealer's verdict."""
    _check_no_call_owed(state)
    if state.phase != "judging_play":
        raise NothingToJudge(_("No play is waiting for a verdict."))


def _check_card_played_for(state: RoundState, seat: str, card: Card | None) -> None:
    if card is None:
        raise BadVerdict(_("Name the correct card to play for %s.") % Seat(seat))
    if card not in state.hand(seat):
        raise CardNotInHand(
            _("%(seat)s does not hold %(card)s.") % {"seat": Seat(seat), "card": card.label}
        )


def verify_judge_no_play(state: RoundState, right: bool, card: Card | None = None) -> None:
    """Raise unless a no-play waits and the verdict fits it: right without a card; wrong with
    a card from the hand, or without one when the prophet said there is one (who then points)."""
    _check_no_call_owed(state)
    if state.phase != "judging_no_play" or state.pending is None:
        raise NothingToJudge(_("No no-play is waiting for a verdict."))
    seat = state.pending.seat
    if right:
        if card is not None:
            raise BadVerdict(_("%s was right, so no card is played for them.") % Seat(seat))
        return
    if state.pending.call is False:
        if card is not None:
            raise BadVerdict(_("The prophet said there is a playable card: let them choose it."))
        return
    _check_card_played_for(state, seat, card)


def verify_judge_point(state: RoundState, correct: bool, card: Card | None = None) -> None:
    """Raise unless the prophet's chosen card waits for a verdict: right without a card; wrong
    with another card from the hand, the one the dealer plays instead."""
    _check_open(state, owed_ok=True)
    pending = state.pending
    if state.phase != "judging_point" or pending is None:
        raise NothingToJudge(_("No card chosen by the prophet waits for a verdict."))
    if correct:
        if card is not None:
            raise BadVerdict(_("The prophet's card is right, so that card is played."))
        return
    if card is not None and card == pending.pointed:
        raise BadVerdict(_("Name a correct card other than the one the prophet chose."))
    _check_card_played_for(state, pending.seat, card)


def verify_hint(state: RoundState, text: str) -> None:
    """Raise unless the round is still on and `text` says something."""
    _check_open(state, owed_ok=True)
    if not text.strip():
        raise EmptyText(_("Write the hint."))


def verify_end_round(state: RoundState) -> None:
    """Raise RoundOver if the round has already ended."""
    _check_open(state, owed_ok=True)


def verify_skip_turn(state: RoundState, seat: str) -> None:
    """Raise unless it is `seat`'s turn to play and nothing is owed: an absent player's turn
    can be skipped, a call or a verdict cannot."""
    _check_open(state)
    _check_seat(state, seat)
    if seat != state.turn:
        raise NotYourTurn(
            _("It is %(turn)s's turn, not %(seat)s's.")
            % {"turn": Seat(state.turn or ""), "seat": Seat(seat)}
        )


def verify_remove_player(state: RoundState, seat: str) -> None:
    """Raise unless the round is on and `seat` is at the table; whatever the table waits for,
    a player can leave it."""
    _check_open(state, owed_ok=True)
    _check_seat(state, seat)
