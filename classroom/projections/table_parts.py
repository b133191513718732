"""What every game's views share: the group's status, and what mistakes cost at its table. Pure."""

from __future__ import annotations

from classroom.core.games.registry import find_game
from classroom.projections.snapshots import GroupSnapshot

__all__ = ["penalties_view", "status"]


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
