"""Why a command is illegal now: each `verify_x` raises a GameError with a readable reason.

>>> import random
>>> from classroom.core.games.express.commands import deal
>>> from classroom.core.games.express.state import replay
>>> state = replay([deal(["Ana", "Ben", "Chen"], random.Random(3))])
>>> verify_no_play(state, "Ben")
Traceback (most recent call last):
...
classroom.core.games.express.errors.NotYourTurn: It is Ana's turn, not yours.
"""

from __future__ import annotations

from collections.abc import Sequence

from classroom.core.cards import Card
from classroom.core.games.express.errors import (
    BadSetup,
    BadVerdict,
    CardNotInHand,
    EmptyText,
    GuessNotAllowed,
    NothingToJudge,
    NotYourTurn,
    PredictionNotAllowed,
    RoundOver,
    UnknownSeat,
    VerdictPending,
)
from classroom.core.games.express.state import JUDGING, Phase, RoundState, owing
from classroom.core.text import Seat, Text, _

__all__ = [
    "owing",
    "verify_deal",
    "verify_end_round",
    "verify_guess",
    "verify_hint",
    "verify_judge_guess",
    "verify_judge_no_play",
    "verify_judge_play",
    "verify_no_play",
    "verify_pass_guess",
    "verify_play",
    "verify_predict",
    "verify_remove_player",
    "verify_skip_turn",
]


def verify_deal(seats: Sequence[str]) -> None:
    """Raise BadSetup unless 3-8 distinct, non-empty seat ids are given."""
    if not 3 <= len(seats) <= 8:
        raise BadSetup(_("A table has 3 to 8 players, not %d.") % len(seats))
    if not all(isinstance(seat, str) and seat.strip() for seat in seats):
        raise BadSetup(_("Every seat needs a name."))
    if len(set(seats)) != len(seats):
        raise BadSetup(_("Two seats have the same name."))


def _check_open(state: RoundState, *, verdict_owed_ok: bool = False) -> None:
    if state.is_over:
        raise RoundOver(_("The round is over."))
    if state.phase in JUDGING and not verdict_owed_ok:
        waiting = {
            "judging_play": _("Wait for the dealer's verdict on %s's play."),
            "judging_no_play": _("Wait for the dealer's verdict on %s's no-play."),
        }.get(state.phase, _("Wait for the dealer's verdict on %s's guess."))
        raise VerdictPending(waiting % Seat(owing(state) or ""))


def _check_seat(state: RoundState, seat: str) -> None:
    if seat not in state.seats:
        raise UnknownSeat(_("This tablet has no seat at this table."))


def _check_owed(state: RoundState, phase: Phase, nothing: Text) -> None:
    _check_open(state, verdict_owed_ok=True)
    if state.phase != phase:
        raise NothingToJudge(nothing)


def verify_no_play(state: RoundState, seat: str) -> None:
    """Raise unless it is `seat`'s turn and no verdict is owed."""
    _check_open(state)
    _check_seat(state, seat)
    if seat != state.turn:
        raise NotYourTurn(_("It is %s's turn, not yours.") % Seat(state.turn or ""))


def verify_play(state: RoundState, seat: str, card: Card) -> None:
    """Raise unless it is `seat`'s turn, no verdict is owed and `seat` holds `card`."""
    verify_no_play(state, seat)
    if card not in state.hand(seat):
        raise CardNotInHand(_("You do not hold %s.") % card.label)


def verify_predict(state: RoundState, seat: str) -> None:
    """Raise unless a card waits for its verdict and `seat`, another player, may predict it."""
    if state.is_over:
        raise RoundOver(_("The round is over."))
    _check_seat(state, seat)
    pending = state.pending
    if state.phase != "judging_play" or pending is None:
        raise PredictionNotAllowed(_("No card is waiting for its verdict now."))
    if pending.seat == seat:
        raise PredictionNotAllowed(_("The others predict your card; wait for the verdict."))
    if state.answered(seat):
        raise PredictionNotAllowed(_("You have already predicted this card."))


def verify_pass_guess(state: RoundState, seat: str) -> None:
    """Raise unless `seat` may guess now: right after their own correct play."""
    _check_open(state)
    _check_seat(state, seat)
    if state.phase != "guess_window":
        raise GuessNotAllowed(_("You may guess only right after your own correct play."))
    if seat != state.guesser:
        raise GuessNotAllowed(
            _("Only %s may guess now, after their correct play.") % Seat(state.guesser or "")
        )


def verify_guess(state: RoundState, seat: str, text: str) -> None:
    """Raise unless `seat` may guess now and `text` says something."""
    verify_pass_guess(state, seat)
    if not text.strip():
        raise EmptyText(_("Write the rule you guess."))


def verify_hint(state: RoundState, text: str) -> None:
    """Raise unless the round is still on and `text` says something."""
    _check_open(state, verdict_owed_ok=True)
    if not text.strip():
        raise EmptyText(_("Write the hint."))


def verify_end_round(state: RoundState) -> None:
    """Raise RoundOver if the round has already ended."""
    _check_open(state, verdict_owed_ok=True)


def verify_skip_turn(state: RoundState, seat: str) -> None:
    """Raise unless it is `seat`'s turn to play and no verdict is owed."""
    _check_open(state)
    _check_seat(state, seat)
    if seat != state.turn:
        raise NotYourTurn(
            _("It is %(turn)s's turn, not %(seat)s's.")
            % {"turn": Seat(state.turn or ""), "seat": Seat(seat)}
        )


def verify_remove_player(state: RoundState, seat: str) -> None:
    """Raise unless the round is on, `seat` plays in it and no verdict on `seat` is owed."""
    _check_open(state, verdict_owed_ok=True)
    _check_seat(state, seat)
    if state.phase in JUDGING and owing(state) == seat:
        raise VerdictPending(_("Give the verdict on %s's turn first.") % Seat(seat))


def verify_judge_play(state: RoundState) -> None:
    """Raise unless a play waits for the dealer's verdict."""
    _check_owed(state, "judging_play", _("No play is waiting for a verdict."))


def verify_judge_guess(state: RoundState) -> None:
    """Raise unless a guess waits for the dealer's verdict."""
    _check_owed(state, "judging_guess", _("No guess is waiting for a verdict."))


def verify_judge_no_play(state: RoundState, right: bool, card: Card | None = None) -> None:
    """Raise unless a no-play waits and a wrong verdict names a card from that hand."""
    _check_owed(state, "judging_no_play", _("No no-play is waiting for a verdict."))
    seat = owing(state)
    if right and card is not None:
        raise BadVerdict(_("%s was right, so no card is played for them.") % Seat(seat or ""))
    if not right and card is None:
        raise BadVerdict(_("Name the correct card to play for %s.") % Seat(seat or ""))
    if card is not None and card not in state.hand(seat):
        raise CardNotInHand(
            _("%(seat)s does not hold %(card)s.") % {"seat": Seat(seat or ""), "card": card.label}
        )
