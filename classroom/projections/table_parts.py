"""What every game's views share: the group's header and status, its seats, and what mistakes
cost at its table. Pure."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from classroom.core.games.registry import find_game
from classroom.projections.snapshots import GroupSnapshot

__all__ = ["penalties_view", "seat_rows", "status", "table_header"]


def status(snapshot: GroupSnapshot) -> str:
    """lobby, choosing_rule, or the phase of the round in its game's words (playing,
    judging_play, ..., over; pausing is told apart: see the view's `paused`)."""
    if snapshot.dealing_seat is not None:
        return "choosing_rule"
    return "lobby" if snapshot.state is None else str(snapshot.state.phase)


def penalties_view(mode: str) -> dict[str, int]:
    """What each mistake costs in the table's game, for the tablet's texts."""
    penalties = find_game(mode).penalties
    return {
        "per_wrong_card": penalties.per_wrong_card,
        "wrong_no_play": penalties.wrong_no_play,
        "new_hand_fewer": penalties.new_hand_fewer,
        "most_cards_per_play": penalties.most_cards_per_play,
    }


def table_header(snapshot: GroupSnapshot) -> dict[str, Any]:
    """What every view of a group starts with: which group, which round and where it stands,
    who deals, and whether play is stopped."""
    return {
        "group": {"id": snapshot.group_id, "name": snapshot.group_name},
        "class_name": snapshot.class_name,
        "round": snapshot.round_number,
        "status": status(snapshot),
        "seq": snapshot.seq,
        "paused": snapshot.paused,
        "class_ended": snapshot.class_ended,
        "dealer_mode": snapshot.dealer_mode,
        "dealer": snapshot.dealer_seat,
        "dealing": snapshot.dealing_seat,
    }


def seat_rows(snapshot: GroupSnapshot, scores: Mapping[str, int]) -> list[dict[str, Any]]:
    """Every seat of the group: its nickname, the cards it holds and its score this round
    (None outside the round), and whether it plays in the round."""
    sizes = snapshot.state.hand_sizes() if snapshot.state else {}
    return [
        {
            "seat": seat.key,
            "nickname": seat.nickname,
            "cards": sizes.get(seat.key),
            "score": scores.get(seat.key),
            "playing": seat.key in sizes,
        }
        for seat in snapshot.seats
    ]
