"""New Eleusis scoring: a round's player and dealer scores, and a game's totals.

>>> scores = player_scores({"Ana": 0, "Ben": 6, "Chen": 9, "Dia": 3}, prophet="Dia", bonus=7)
>>> scores
{'Ana': 13, 'Ben': 3, 'Chen': 0, 'Dia': 13}
>>> dealer_score(scores, before_marker=5)
10
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from classroom.core.games.new_eleusis.errors import BadSetup
from classroom.core.games.new_eleusis.state import RoundState
from classroom.core.text import _

__all__ = [
    "EMPTIED_BONUS",
    "NEVER_DEALT_BONUS",
    "RoundResult",
    "dealer_score",
    "game_totals",
    "high_count",
    "player_scores",
    "round_result",
    "round_scores",
    "totals",
]

EMPTIED_BONUS = 4
NEVER_DEALT_BONUS = 10


def high_count(hand_sizes: Mapping[str, int]) -> int:
    """The most cards in any player's hand, the prophet's set-aside hand included."""
    return max(hand_sizes.values(), default=0)


def player_scores(
    hand_sizes: Mapping[str, int], *, prophet: str | None = None, bonus: int = 0
) -> dict[str, int]:
    """High count minus the cards held, +4 for an empty hand, and the prophet's `bonus` (+1 per
    mainline and +2 per sideline card played after the prophet's marker)."""
    high = high_count(hand_sizes)
    return {
        seat: high - size + (EMPTIED_BONUS if size == 0 else 0) + (bonus if seat == prophet else 0)
        for seat, size in hand_sizes.items()
    }


def dealer_score(scores: Mapping[str, int], *, before_marker: int | None = None) -> int:
    """The highest player score; with a prophet at the end, no more than twice the cards
    played before the prophet's marker (the marked card included)."""
    if not scores:
        raise BadSetup(_("A round without players has no dealer score."))
    best = max(scores.values())
    return best if before_marker is None else min(best, 2 * before_marker)


def round_scores(state: RoundState) -> dict[str, int]:
    """Each player's score for the round as it stands (normally once it is over)."""
    return player_scores(state.hand_sizes(), prophet=state.prophet, bonus=state.prophet_bonus())


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One finished round: who dealt (None: the app), each player's score, the dealer's."""

    dealer: str | None
    scores: Mapping[str, int] = field(default_factory=dict)
    dealer_score: int = 0


def round_result(state: RoundState, dealer: str | None) -> RoundResult:
    """The scores of a round, dealt by `dealer` (None: the app), as it stands."""
    scores = round_scores(state)
    return RoundResult(dealer, scores, dealer_score(scores, before_marker=state.prophet_marker))


def totals(rounds: Iterable[RoundResult]) -> dict[str, int]:
    """Each participant's total: their player scores plus the dealer scores of rounds they
    dealt (a round the app dealt gives nobody a dealer score)."""
    result: dict[str, int] = {}
    for played in rounds:
        for seat, score in played.scores.items():
            result[seat] = result.get(seat, 0) + score
        if played.dealer is not None:
            result[played.dealer] = result.get(played.dealer, 0) + played.dealer_score
    return result


def game_totals(participants: Sequence[str], rounds: Sequence[RoundResult]) -> dict[str, int]:
    """The totals of a finished game. Each player deals once; when the game ends before that,
    everyone who never dealt gets +10.

    >>> rounds = [RoundResult("Ana", {"Ben": 5, "Chen": 0}, 5)]
    >>> game_totals(["Ana", "Ben", "Chen"], rounds)
    {'Ana': 5, 'Ben': 15, 'Chen': 10}
    """
    dealt = {played.dealer for played in rounds}
    board = {name: 0 for name in participants} | totals(rounds)
    return {
        name: total + (0 if name in dealt else NEVER_DEALT_BONUS) for name, total in board.items()
    }
