"""What the projector shows of a group playing Eleusis Express. Pure.

The room sees less than any player: the cards on the table, whose turn, who waits for a verdict
and on which card, the latest verdict; never a hand, a guess's words or the secret rule before
its reveal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from classroom.core.games.express import (
    JUDGING,
    Event,
    GuessJudged,
    Judged,
    NoPlayJudged,
    RoundState,
)
from classroom.projections.snapshots import GroupSnapshot
from classroom.projections.table_parts import status

__all__ = ["latest_verdict", "projector_status", "seat_marks", "tile"]

Verdict = dict[str, Any]


def projector_status(group: GroupSnapshot) -> str:
    """lobby, choosing_rule, playing, verdict, guess_window, guess, paused or over."""
    if group.paused:
        return "paused"
    phase = status(group)
    if phase == "judging_guess":
        return "guess"
    if phase in JUDGING:
        return "verdict"
    return phase


def seat_marks(state: RoundState | None, seat_key: str) -> dict[str, Any]:
    """What the projector adds to a seat at an Express table: nothing."""
    return {}


def latest_verdict(events: Sequence[Event]) -> Verdict | None:
    """The newest verdict among `events` (a round's newest events), as the room may see it:
    whose action, on which card, right or wrong; never a guess's words.

    >>> from classroom.core.cards import Card
    >>> from classroom.core.games.express import Hint
    >>> latest_verdict([Judged(seq=3, seat="4", card=Card.parse("7H"), correct=False),
    ...                 Hint(seq=4, text="look at colours")])
    {'kind': 'play', 'seat': '4', 'card': '7H', 'right': False}
    """
    for event in reversed(events):
        if isinstance(event, Judged):
            return {
                "kind": "play",
                "seat": event.seat,
                "card": str(event.card),
                "right": event.correct,
            }
        if isinstance(event, NoPlayJudged):
            card = str(event.card) if event.card else None
            return {"kind": "no_play", "seat": event.seat, "card": card, "right": event.right}
        if isinstance(event, GuessJudged):
            return {"kind": "guess", "seat": event.seat, "card": None, "right": event.right}
    return None


def tile(state: RoundState, verdict: Verdict | None) -> dict[str, Any]:
    """The round part of a tile: the cards on the table and what happens at it, no hand."""
    layout = state.layout
    return {
        "turn": state.turn,
        "mainline": [str(card) for card in layout.mainline],
        "mainline_total": len(layout.mainline),
        "sidelines": [[str(card) for card in line] for line in layout.sidelines],
        "sideline_total": layout.sideline_count,
        "guesses": len(state.guesses),
        "hints": len(state.hints),
        "pending": _pending(state) if state.phase in JUDGING and state.pending else None,
        "guesser": state.guesser,
        "verdict": verdict,
        "winner": state.winner,
        "end_reason": state.end_reason,
    }


def _pending(state: RoundState) -> dict[str, Any]:
    """Who waits for a verdict, and on which card (the tablets see it too; a no-play has none)."""
    assert state.pending is not None
    card = state.pending.card
    return {"seat": state.pending.seat, "card": str(card) if card else None}
