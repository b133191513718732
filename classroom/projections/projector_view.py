"""The projector view: every group of a class at a glance, as a JSON-ready dict. Pure.

It is shown to the whole room, so it carries less than any other view: no hand, no guess text,
no secret rule before the teacher reveals it, and, in anonymous mode, no nickname at all (seats
are numbered by their order in the group and the page writes "Player 1, 2..."). What a tile
shows of the round itself is the group's game's to say (`classroom.projections.games`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from classroom.core.games.registry import find_game
from classroom.projections.games import views_of
from classroom.projections.snapshots import ClassSnapshot, GroupSnapshot

__all__ = [
    "VERDICT_LOOKBACK",
    "Verdict",
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
    """The tile's status, in the words of the group's game (lobby, choosing_rule, playing,
    verdict, paused, over, and what else the game adds); "ended" once the class has ended,
    whatever the game (its round, if any, was ended with the class and shows its scores)."""
    if group.class_ended:
        return "ended"
    return views_of(group.mode).projector_status(group)


def projector_view(
    class_snapshot: ClassSnapshot,
    *,
    anonymous: bool,
    online: set[str],
    join_url: str,
    verdicts: Mapping[int, Verdict | None] | None = None,
) -> dict[str, Any]:
    """The class as the projector shows it; `online` holds the seat keys with a tablet open,
    `verdicts` each group's latest verdict (by group id; see each game's `latest_verdict`).

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
        # The page's words are the class's language: a change of it redraws the page.
        "language": class_snapshot.language,
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
        {**group, "seats": [_present(seat, online) for seat in group["seats"]]}
        for group in view["groups"]
    ]
    return {**view, "groups": groups}


def _present(seat: dict[str, Any], online: set[str]) -> dict[str, Any]:
    """A seat with its dot redrawn: a robot player is always there (the app plays for it)."""
    return {**seat, "online": seat["seat"] in online or bool(seat.get("robot"))}


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
    table = NO_TABLE if state is None else views_of(group.mode).tile(state, verdict)
    return {
        "id": group.group_id,
        "name": group.group_name,
        "mode": group.mode,
        "round": group.round_number,
        # With the round, orders tiles: a late broadcast never replaces a newer tile.
        "seq": group.seq,
        "status": projector_status(group),
        "seats": _seats(group, state, anonymous=anonymous, online=online),
        "rule": group.rule_text if group.rule_revealed else None,
        # A library rule's words are on the page, in its language: the id finds them.
        "rule_id": group.rule_id if group.rule_revealed else None,
        "dealer": group.dealer_seat,
        "dealing": group.dealing_seat,
        **table,
    }


def _seats(
    group: GroupSnapshot,
    state: Any,
    *,
    anonymous: bool,
    online: set[str],
) -> list[dict[str, Any]]:
    sizes = state.hand_sizes() if state else {}
    scores, dealer_score = find_game(group.mode).scores(state) if state else ({}, 0)
    if state is not None and group.dealer_seat is not None:
        # A student dealer holds no hand but scores as the game says, as every player does.
        scores = {**scores, group.dealer_seat: dealer_score}
    marks = views_of(group.mode).seat_marks
    seats = []
    for number, seat in enumerate(group.seats, start=1):
        entry: dict[str, Any] = {
            "seat": seat.key,
            "number": number,
            "cards": sizes.get(seat.key),
            "score": scores.get(seat.key),
            "online": seat.key in online or seat.robot is not None,
        }
        if seat.robot is not None:
            # A program's name hides no child: shown even on an anonymous projector.
            entry |= {"robot": True, "name": seat.nickname}
        elif not anonymous:
            entry["name"] = seat.nickname
        entry |= marks(state, seat.key)
        seats.append(entry)
    return seats
