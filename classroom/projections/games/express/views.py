"""What each viewer may see of a group playing Eleusis Express, as JSON-ready dicts. Pure.

A student sees what a player at that table sees: their own hand, the layout, hand counts, the
guesses; never another hand, the stock's order, or the secret rule before it is revealed.
"""

from __future__ import annotations

from typing import Any

from classroom.core.eventlog import LoggedEvent
from classroom.core.games.express import (
    JUDGING,
    Dealt,
    DeckAdded,
    Predicted,
    PredictionDeclined,
    RoundState,
)
from classroom.core.games.express.round import passes
from classroom.core.games.express.verify import (
    verify_guess,
    verify_no_play,
    verify_pass_guess,
    verify_play,
)
from classroom.core.games.registry import find_game
from classroom.projections.learning_curve import live_accuracy
from classroom.projections.prediction_view import prediction_view, public_prediction
from classroom.projections.snapshots import GroupSnapshot
from classroom.projections.table_parts import seat_rows, table_header

__all__ = ["public_event", "student_view", "student_views", "teacher_view"]


def public_event(event: LoggedEvent) -> dict[str, Any] | None:
    """An Express event as everybody at the table may see it, when that is less than the
    event: the deal and added decks without their cards, a forecast without what was
    forecast (None: an event of another game, or one the table sees whole)."""
    if isinstance(event, Dealt):
        return {"kind": "dealt", "seq": event.seq, "starter": str(event.starter)}
    if isinstance(event, DeckAdded):
        return {"kind": "deck_added", "seq": event.seq, "count": len(event.cards)}
    if isinstance(event, Predicted | PredictionDeclined):
        return public_prediction(event.seq)  # that someone answered, not what
    return None


def student_view(snapshot: GroupSnapshot, seat_key: str) -> dict[str, Any]:
    """The group as one student's tablet shows it."""
    return _seat_view(snapshot, _table(snapshot, snapshot.state), seat_key)


def student_views(snapshot: GroupSnapshot) -> dict[str, dict[str, Any]]:
    """Every seat's view of the group, sharing the table's part (built once)."""
    table = _table(snapshot, snapshot.state)
    return {seat.key: _seat_view(snapshot, table, seat.key) for seat in snapshot.seats}


def _table(snapshot: GroupSnapshot, state: RoundState | None) -> dict[str, Any]:
    """What every viewer of the group shares."""
    # Scored by the table's game: a game with Express's table may count in its own way.
    scores, dealer = find_game(snapshot.mode).scores(state) if state else ({}, 0)
    view: dict[str, Any] = {
        **table_header(snapshot),
        "seats": seat_rows(snapshot, scores),
        **_revealed_rule(snapshot, state),
    }
    if state is None:
        return view
    layout = state.layout
    view |= {
        "turn": state.turn,
        "mainline": [str(card) for card in layout.mainline],
        "sidelines": [[str(card) for card in line] for line in layout.sidelines],
        "stock": len(state.stock),
        "guesser": state.guesser,
        "pending": _pending(state),
        "guesses": [{"seat": g.seat, "text": g.text, "right": g.right} for g in state.guesses],
        "hints": list(state.hints),
        "end": {"reason": state.end_reason, "winner": state.winner} if state.is_over else None,
        "dealer_score": dealer if state.is_over and scores else None,
    }
    return view


def _revealed_rule(snapshot: GroupSnapshot, state: RoundState | None) -> dict[str, Any]:
    """The secret rule once the group may know it: the teacher revealed it, or a right guess
    ended the round and the class reveals on a right guess. `rule_id` names its rule library
    entry (the page holds the library's plain-language texts); `rule_words` are a student
    dealer's own words."""
    if not (snapshot.rule_revealed or _revealed_by_guess(snapshot, state)):
        return {"rule": None, "rule_id": None, "rule_words": None}
    free = snapshot.rule_kind == "free"
    return {
        "rule": snapshot.rule_text,
        "rule_id": snapshot.rule_id,
        "rule_words": snapshot.rule_text if free else None,
    }


def _revealed_by_guess(snapshot: GroupSnapshot, state: RoundState | None) -> bool:
    """Whether a right guess has ended the round, in a class that reveals the rule then."""
    guessed = state is not None and state.is_over and state.end_reason == "guessed"
    return guessed and snapshot.reveal_after_guess


def _pending(state: RoundState) -> dict[str, Any] | None:
    if state.phase not in JUDGING or state.pending is None:
        return None
    card = state.pending.card
    return {"seat": state.pending.seat, "card": str(card) if card else None}


def _seat_view(snapshot: GroupSnapshot, table: dict[str, Any], seat_key: str) -> dict[str, Any]:
    state = snapshot.state
    view = dict(table)  # a shallow copy: the shared parts are only read
    view["me"] = seat_key
    playing = state is not None and seat_key in state.seats
    hand = state.hand(seat_key) if state is not None and playing else ()
    view["hand"] = [str(card) for card in hand]
    view["can"] = {"play": False, "no_play": False, "guess": False, "pass": False}
    view["choose_rule"] = snapshot.dealing_seat == seat_key
    view["predict"] = prediction_view(snapshot, seat_key)
    if state is not None and hand and not snapshot.paused:
        view["can"] = {
            "play": passes(lambda: verify_play(state, seat_key, hand[0])),
            "no_play": passes(lambda: verify_no_play(state, seat_key)),
            "guess": passes(lambda: verify_guess(state, seat_key, "?")),
            "pass": passes(lambda: verify_pass_guess(state, seat_key)),
        }
    if state is not None and snapshot.dealer_seat == seat_key:
        view |= _dealer_part(snapshot, state)
    return view


def _dealer_part(snapshot: GroupSnapshot, state: RoundState) -> dict[str, Any]:
    """What only the dealing seat sees: its own rule, and a no-play hand shown to it."""
    shown = None
    if state.phase == "judging_no_play" and state.pending is not None:
        shown = [str(card) for card in state.hand(state.pending.seat)]
    return {
        "rule": snapshot.rule_text,
        # A library rule: the tablet shows the dealer its words, not the rule language.
        "rule_id": snapshot.rule_id,
        "rule_kind": snapshot.rule_kind,
        "shown_hand": shown,
        "verdict_due": state.phase in JUDGING and not snapshot.paused,
    }


def teacher_view(snapshot: GroupSnapshot) -> dict[str, Any]:
    """The group as the teacher's pages show it: the secret rule included."""
    view = _table(snapshot, snapshot.state)
    view["rule"] = snapshot.rule_text
    view["rule_id"] = snapshot.rule_id
    view["rule_kind"] = snapshot.rule_kind
    view["revealed"] = snapshot.rule_revealed
    # The students see it too once a right guess revealed it, whatever the teacher's button.
    view["revealed_by_guess"] = _revealed_by_guess(snapshot, snapshot.state)
    view["dealer_mismatches"] = snapshot.dealer_mismatches
    view["predicting"] = live_accuracy(snapshot.state)
    return view
