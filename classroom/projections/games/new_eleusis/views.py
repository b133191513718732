"""What each viewer may see of a group playing New Eleusis, as JSON-ready dicts. Pure.

The views have the shape of the Express ones (`games.express.views`), so the tablet, the
teacher's page
and the projector draw the table with the same code, plus what New Eleusis adds:

- `mode` "new_eleusis", `max_string` (a string holds 1 to 4 cards);
- `numbers`: the number of every card on the table in the order played (the starter is 0), as
  `{"mainline": [...], "sidelines": [[...], ...]}`, so a page can put the markers on the cards;
- `markers` (every 10th card), `prophet`, `prophet_marker`, `former_prophets`, `expelled`;
- `sudden_death`: `{"count", "threshold", "on"}`, the cards counted and the count that brings it;
- `pending`: the string or no-play waiting (`cards`, `no_play`, the shown `hand` of a no-play,
  the prophet's `call`, the card the prophet `pointed` to);
- per seat, `can`: play, no_play, declare, call, point (and the dealer's verdicts).

A student never sees another hand, except the hand a player shows with a no-play (the rules say
it is shown to the table); the stock's order and the rule stay hidden until the rule is revealed.
"""

from __future__ import annotations

from typing import Any

from classroom.core.cards import Card
from classroom.core.eventlog import LoggedEvent
from classroom.core.games import new_eleusis as ne
from classroom.core.games.express.round import passes
from classroom.core.games.new_eleusis import verify
from classroom.core.games.new_eleusis.options import MAX_STRING
from classroom.projections.snapshots import GroupSnapshot
from classroom.projections.table_parts import seat_rows, table_header

__all__ = [
    "card_numbers",
    "public_event",
    "student_view",
    "student_views",
    "table",
    "teacher_view",
]

View = dict[str, Any]


def public_event(event: LoggedEvent) -> View | None:
    """A New Eleusis deal as everybody at the table may see it: without its cards (None: an
    event of another game, or one the table sees whole; decks added are shared events)."""
    if isinstance(event, ne.Dealt):
        return {"kind": "dealt", "seq": event.seq, "starter": str(event.starter)}
    return None


def card_numbers(state: ne.RoundState) -> View:
    """The number of each card on the table in the order played; the starter is 0."""
    layout = state.layout
    mainline = [0] * len(layout.mainline)
    sidelines: list[list[int]] = [[] for _ in layout.mainline]
    count = 0
    for at, _card in enumerate(layout.mainline):
        if at > 0:
            count += 1
            mainline[at] = count
        for _rejected in layout.sidelines[at]:
            count += 1
            sidelines[at].append(count)
    return {"mainline": mainline, "sidelines": sidelines}


def _pending(state: ne.RoundState) -> View | None:
    pending = state.pending
    if pending is None or state.phase not in ne.OWED:
        return None
    no_play = not pending.cards
    return {
        "seat": pending.seat,
        "cards": [str(card) for card in pending.cards],
        "no_play": no_play,
        # A player who declares no-play shows the hand to the table.
        "hand": [str(card) for card in state.hand(pending.seat)] if no_play else None,
        "call": pending.call,
        "pointed": str(pending.pointed) if pending.pointed else None,
    }


def table(snapshot: GroupSnapshot) -> View:
    """What every viewer of a New Eleusis group shares."""
    state = snapshot.state
    scores = ne.round_scores(state) if state else {}
    seats = [
        row
        | {
            "expelled": state is not None and row["seat"] in state.expelled,
            "prophet": state is not None and row["seat"] == state.prophet,
        }
        for row in seat_rows(snapshot, scores)
    ]
    revealed = snapshot.rule_revealed
    view: View = {
        "mode": "new_eleusis",
        "max_string": MAX_STRING,
        **table_header(snapshot),
        "seats": seats,
        "rule": snapshot.rule_text if revealed else None,
        "rule_id": snapshot.rule_id if revealed else None,
        "rule_words": snapshot.rule_text if revealed and snapshot.rule_kind == "free" else None,
        "guesses": [],
        "guesser": None,
    }
    if state is None:
        return view
    layout = state.layout
    view |= {
        "turn": state.turn,
        "mainline": [str(card) for card in layout.mainline],
        "sidelines": [[str(card) for card in line] for line in layout.sidelines],
        "numbers": card_numbers(state),
        "stock": len(state.stock),
        "pending": _pending(state),
        "hints": list(state.hints),
        "prophet": state.prophet,
        "prophet_marker": state.prophet_marker,
        "former_prophets": list(state.former_prophets),
        "expelled": list(state.expelled),
        "markers": list(state.markers),
        "may_declare": state.may_declare,
        "cards_played": state.cards_played,
        "sudden_death": {
            "count": state.sudden_death_count,
            "threshold": state.sudden_death_threshold,
            "on": state.sudden_death and not state.is_over,
        },
        "end": {"reason": state.end_reason, "winner": state.winner} if state.is_over else None,
        "dealer_score": _dealer_score(state, scores) if state.is_over and scores else None,
    }
    return view


def _dealer_score(state: ne.RoundState, scores: dict[str, int]) -> int:
    return ne.dealer_score(scores, before_marker=state.prophet_marker)


def student_view(snapshot: GroupSnapshot, seat_key: str) -> View:
    """The New Eleusis group as one student's tablet shows it."""
    return _seat_view(snapshot, table(snapshot), seat_key)


def student_views(snapshot: GroupSnapshot) -> dict[str, View]:
    """Every seat's view of the New Eleusis group, sharing the table's part (built once)."""
    shared = table(snapshot)
    return {seat.key: _seat_view(snapshot, shared, seat.key) for seat in snapshot.seats}


_NOTHING = {
    "play": False,
    "no_play": False,
    "declare": False,
    "call": False,
    "point": False,
    "guess": False,
    "pass": False,
}


def _seat_view(snapshot: GroupSnapshot, table: View, seat_key: str) -> View:
    state = snapshot.state
    view = dict(table)  # a shallow copy: the shared parts are only read
    view["me"] = seat_key
    in_round = state is not None and seat_key in state.seats
    hand = state.hand(seat_key) if state is not None and in_round else ()
    view["hand"] = [str(card) for card in hand]
    view["can"] = dict(_NOTHING)
    view["choose_rule"] = snapshot.dealing_seat == seat_key
    view["predict"] = None
    if state is not None and in_round and not snapshot.paused:
        view["can"] |= _can(state, seat_key, hand)
    if state is not None and snapshot.dealer_seat == seat_key:
        view |= _dealer_part(snapshot, state)
    return view


def _can(state: ne.RoundState, seat: str, hand: tuple[Card, ...]) -> dict[str, bool]:
    pending = state.pending
    pointing = state.phase == "pointing" and pending is not None
    return {
        "play": bool(hand) and passes(lambda: verify.verify_play(state, seat, hand[:1])),
        "no_play": passes(lambda: verify.verify_no_play(state, seat)),
        "declare": passes(lambda: verify.verify_declare(state, seat)),
        "call": passes(lambda: verify.verify_call(state, seat)),
        "point": pointing and state.prophet == seat,
    }


def _dealer_part(snapshot: GroupSnapshot, state: ne.RoundState) -> View:
    """What only a student dealer sees: the rule, and which verdict is owed now."""
    owed = None
    if not snapshot.paused:
        owed = {
            "judging_play": "play",
            "judging_no_play": "no_play",
            "judging_point": "point",
        }.get(state.phase)
    return {
        "rule": snapshot.rule_text,
        # A library rule: the tablet shows the dealer its words, not the rule language.
        "rule_id": snapshot.rule_id,
        "rule_kind": snapshot.rule_kind,
        "verdict_due": owed is not None,
        "verdict_kind": owed,
    }


def teacher_view(snapshot: GroupSnapshot) -> View:
    """The New Eleusis group as the teacher's pages show it: the secret rule included."""
    view = table(snapshot)
    view["rule"] = snapshot.rule_text
    view["rule_id"] = snapshot.rule_id
    view["rule_kind"] = snapshot.rule_kind
    view["revealed"] = snapshot.rule_revealed
    view["dealer_mismatches"] = snapshot.dealer_mismatches
    view["predicting"] = None
    return view
