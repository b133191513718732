"""What the projector shows of a group playing New Eleusis. Pure.

The tile has the Express tile's shape (`games.express.projector`), so the page draws the
table with the same code, plus what New Eleusis adds for the room: the number of every card
(`numbers`), the `markers` on every 10th card, the `prophet` and the `prophet_marker`, the
`expelled` players, the `sudden_death` count and what the latest verdict did (the string to
the mainline or the sideline, the prophet's call confirmed or the prophet overthrown, a
player expelled).

Like every projector tile it holds no hand: a no-play's shown hand and the card the prophet
points to in it stay on the tablets; the stock's cards and the rule before its reveal neither.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from classroom.core.games import new_eleusis as ne
from classroom.projections.games.new_eleusis.views import card_numbers
from classroom.projections.snapshots import GroupSnapshot

__all__ = ["latest_verdict", "projector_status", "seat_marks", "tile"]

View = dict[str, Any]

#: The phases in which the table waits for the dealer's verdict.
_JUDGING = frozenset({"judging_play", "judging_no_play", "judging_point"})


def projector_status(group: GroupSnapshot) -> str:
    """lobby, choosing_rule, playing, calling (the prophet's turn to call), pointing (the
    prophet shows the card that could go), verdict, paused or over."""
    if group.paused:
        return "paused"
    if group.dealing_seat is not None:
        return "choosing_rule"
    state = group.state
    if state is None:
        return "lobby"
    return "verdict" if state.phase in _JUDGING else state.phase


def latest_verdict(events: Sequence[ne.Event]) -> View | None:
    """The newest verdict among a New Eleusis round's newest `events`, as the room may see it:
    whose turn, which string went where, the prophet's call on it and what became of the
    prophet, and whether the player was expelled or declared themselves prophet after it.

    >>> from classroom.core.cards import Card
    >>> cards = (Card.parse("7H"), Card.parse("8S"))
    >>> latest_verdict([ne.Played(seq=3, seat="4", cards=cards),
    ...                    ne.Called(seq=4, seat="2", right=True),
    ...                    ne.Judged(seq=5, seat="4", cards=cards, correct=False),
    ...                    ne.Overthrown(seq=6, seat="2")])["call"]
    {'seat': '2', 'right': True, 'overthrown': True}
    """
    at = next((i for i in range(len(events) - 1, -1, -1) if isinstance(events[i], _VERDICTS)), None)
    if at is None:
        return None
    verdict = events[at]
    verdict_view: View
    if isinstance(verdict, ne.Judged):
        verdict_view = {
            "kind": "play",
            "seat": verdict.seat,
            "cards": [str(card) for card in verdict.cards],
            "card": None,
            "right": verdict.correct,
        }
    else:
        assert isinstance(verdict, ne.NoPlayJudged)
        card = str(verdict.card) if verdict.card else None
        verdict_view = {
            "kind": "no_play",
            "seat": verdict.seat,
            "cards": [],
            "card": card,
            "right": verdict.right,
        }
    return verdict_view | _what_followed(events, at)


_VERDICTS = (ne.Judged, ne.NoPlayJudged)
#: Events that start the next turn: what follows them belongs to another verdict.
_TURNS = (ne.Played, ne.NoPlay)


def _what_followed(events: Sequence[ne.Event], at: int) -> View:
    """The prophet's call before the verdict at `at`, and what happened after it."""
    call = None
    for event in reversed(events[:at]):
        if isinstance(event, _TURNS):
            break
        if isinstance(event, ne.Called):
            call = {"seat": event.seat, "right": event.right, "overthrown": False}
            break
    expelled = declared = None
    for event in events[at + 1 :]:
        if isinstance(event, _TURNS):
            break
        if isinstance(event, ne.Overthrown) and call is not None:
            call["overthrown"] = True
        elif isinstance(event, ne.Expelled):
            expelled = event.seat
        elif isinstance(event, ne.Declared):
            declared = event.seat
    return {"call": call, "expelled": expelled, "declared": declared}


def tile(state: ne.RoundState, verdict: View | None) -> View:
    """The round part of a New Eleusis tile: the cards on the table, numbered, and what happens
    at it; no hand."""
    layout = state.layout
    over = state.is_over
    return {
        "turn": None if over else state.turn,
        "mainline": [str(card) for card in layout.mainline],
        "mainline_total": len(layout.mainline),
        "sidelines": [[str(card) for card in line] for line in layout.sidelines],
        "sideline_total": layout.sideline_count,
        "numbers": card_numbers(state),
        "cards_played": state.cards_played,
        "markers": list(state.markers),
        "prophet": state.prophet,
        "prophet_marker": state.prophet_marker,
        "expelled": list(state.expelled),
        "sudden_death": {
            "count": state.sudden_death_count,
            "threshold": state.sudden_death_threshold,
            "left": max(0, state.sudden_death_threshold - state.sudden_death_count),
            "on": state.sudden_death and not over,
        },
        "guesses": 0,
        "hints": len(state.hints),
        "pending": _pending(state),
        "guesser": None,
        "verdict": verdict,
        "winner": state.winner,
        "end_reason": state.end_reason,
    }


def seat_marks(state: ne.RoundState | None, seat_key: str) -> View:
    """What the projector adds to a seat at a New Eleusis table."""
    return {
        "prophet": state is not None and state.prophet == seat_key,
        "expelled": state is not None and seat_key in state.expelled,
    }


def _pending(state: ne.RoundState) -> View | None:
    """The string or no-play waiting, and the prophet's call on it: never the hand a no-play
    shows, nor the card the prophet points to in it (the projector shows no hand)."""
    pending = state.pending
    if pending is None or state.phase not in ne.OWED:
        return None
    return {
        "seat": pending.seat,
        "cards": [str(card) for card in pending.cards],
        # The Express tile's one card: a New Eleusis string is drawn from `cards`.
        "card": None,
        "no_play": not pending.cards,
        "call": pending.call,
    }
