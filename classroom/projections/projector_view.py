"""The projector view: every group of a class at a glance, as a JSON-ready dict. Pure.

It is shown to the whole room, so it carries less than any other view: no hand, no guess text,
no secret rule before the teacher reveals it, and, in anonymous mode, no nickname at all (seats
are numbered by their order in the group and the page writes "Player 1, 2...").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from classroom.core.games import new_eleusis as ne
from classroom.core.games.express import (
    JUDGING,
    Event,
    GuessJudged,
    Judged,
    NoPlayJudged,
    RoundState,
)
from classroom.core.games.express.scoring import round_scores
from classroom.projections.group_views import status
from classroom.projections.new_eleusis_projector import (
    ne_projector_status,
    ne_seat_marks,
    ne_table_part,
)
from classroom.projections.snapshots import ClassSnapshot, GroupSnapshot

__all__ = [
    "VERDICT_LOOKBACK",
    "Verdict",
    "latest_verdict",
    "projector_status",
    "projector_view",
    "with_group",
    "with_presence",
]

#: How many of a round's newest events are searched for its latest verdict: a verdict is
#: followed at most by a guess window, hints and a new play before the next one.
VERDICT_LOOKBACK = 24

Verdict = dict[str, Any]


def projector_status(group: GroupSnapshot) -> str:
    """lobby, choosing_rule, playing, verdict, guess_window, guess, paused or over (and, at a
    New Eleusis table, calling and pointing)."""
    if group.new_eleusis:
        return ne_projector_status(group)
    if group.paused:
        return "paused"
    phase = status(group)
    if phase == "judging_guess":
        return "guess"
    if phase in JUDGING:
        return "verdict"
    return phase


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


def projector_view(
    class_snapshot: ClassSnapshot,
    *,
    anonymous: bool,
    online: set[str],
    join_url: str,
    verdicts: Mapping[int, Verdict | None] | None = None,
) -> dict[str, Any]:
    """The class as the projector shows it; `online` holds the seat keys with a tablet open,
    `verdicts` each group's latest verdict (by group id; see `latest_verdict`).

    >>> from classroom.projections.snapshots import ClassSnapshot
    >>> empty = ClassSnapshot(1, "7B", "ABC234", False, False, False, "add_deck", ())
    >>> projector_view(empty, anonymous=True, online=set(), join_url="/join")["joining"]
    False
    """
    found = verdicts or {}
    groups = [
        _group(group, anonymous=anonymous, online=online, verdict=found.get(group.group_id))
        for group in class_snapshot.groups
    ]
    open_to_join = not class_snapshot.joining_locked and not class_snapshot.ended
    return {
        "class_id": class_snapshot.class_id,
        "name": class_snapshot.name,
        "ended": class_snapshot.ended,
        "anonymous": anonymous,
        "open_to_join": open_to_join,
        # The code and the QR code are shown while a group still waits for its round.
        "joining": open_to_join and any(group["status"] == "lobby" for group in groups),
        "join_code": class_snapshot.join_code,
        "join_url": join_url,
        "groups": groups,
    }


def with_group(
    view: dict[str, Any],
    group: GroupSnapshot,
    *,
    online: set[str],
    verdict: Verdict | None = None,
) -> dict[str, Any]:
    """The class view `view` with one group's tile rebuilt: one group changed, not the class."""
    tile = _group(group, anonymous=view["anonymous"], online=online, verdict=verdict)
    groups = [tile if old["id"] == group.group_id else old for old in view["groups"]]
    joining = view["open_to_join"] and any(g["status"] == "lobby" for g in groups)
    return {**view, "groups": groups, "joining": joining}


def with_presence(view: dict[str, Any], online: set[str]) -> dict[str, Any]:
    """The class view `view` with every seat's connection dot redrawn from `online`: tablets
    came or went, nothing else changed.

    >>> view = {"groups": [{"id": 1, "seats": [{"seat": "4", "online": False}]}]}
    >>> with_presence(view, {"4"})["groups"][0]["seats"]
    [{'seat': '4', 'online': True}]
    """
    groups = [
        {**group, "seats": [{**seat, "online": seat["seat"] in online} for seat in group["seats"]]}
        for group in view["groups"]
    ]
    return {**view, "groups": groups}


#: A tile's round part before the deal, and while a student dealer chooses the next rule.
NO_TABLE: dict[str, Any] = {
    "turn": None,
    "mainline": [],
    "mainline_total": 0,
    "sidelines": [],
    "sideline_total": 0,
    "guesses": 0,
    "hints": 0,
    "pending": None,
    "guesser": None,
    "verdict": None,
    "winner": None,
    "end_reason": None,
}


def _group(
    group: GroupSnapshot, *, anonymous: bool, online: set[str], verdict: Verdict | None
) -> dict[str, Any]:
    # While a student dealer chooses the next rule, the last round's table is over and gone.
    choosing = group.dealing_seat is not None
    state = None if choosing else group.state
    ne_state = None if choosing else group.ne_state
    table = NO_TABLE if state is None else _table(state, verdict)
    if ne_state is not None:
        table = ne_table_part(ne_state, verdict)
    return {
        "id": group.group_id,
        "name": group.group_name,
        "mode": group.mode,
        "round": group.round_number,
        # With the round, orders tiles: a late broadcast never replaces a newer tile.
        "seq": group.seq,
        "status": projector_status(group),
        "seats": _seats(group, state or ne_state, anonymous=anonymous, online=online),
        "rule": group.rule_text if group.rule_revealed else None,
        "dealer": group.dealer_seat,
        "dealing": group.dealing_seat,
        **table,
    }


def _table(state: RoundState, verdict: Verdict | None) -> dict[str, Any]:
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


def _seats(
    group: GroupSnapshot,
    state: RoundState | ne.RoundState | None,
    *,
    anonymous: bool,
    online: set[str],
) -> list[dict[str, Any]]:
    sizes = state.hand_sizes() if state else {}
    scores: dict[str, int] = {}
    if isinstance(state, ne.RoundState):
        scores = ne.round_scores(state)
    elif state is not None:
        scores = round_scores(state)
    seats = []
    for number, seat in enumerate(group.seats, start=1):
        entry: dict[str, Any] = {
            "seat": seat.key,
            "number": number,
            "cards": sizes.get(seat.key),
            "score": scores.get(seat.key),
            "online": seat.key in online,
        }
        if not anonymous:
            entry["name"] = seat.nickname
        if group.new_eleusis:
            entry |= ne_seat_marks(state if isinstance(state, ne.RoundState) else None, seat.key)
        seats.append(entry)
    return seats


def _pending(state: RoundState) -> dict[str, Any]:
    """Who waits for a verdict, and on which card (the tablets see it too; a no-play has none)."""
    assert state.pending is not None
    card = state.pending.card
    return {"seat": state.pending.seat, "card": str(card) if card else None}
