"""Express scoring: player and dealer scores of a round, and totals over a game of rounds.

>>> scores = player_scores({"Ana": 7, "Ben": 9, "Chen": 12, "Dia": 13}, guessed="Ana")
>>> scores
{'Ana': 11, 'Ben': 3, 'Chen': 0, 'Dia': -1}
>>> dealer_score(scores)
11
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from classroom.core.games.express.errors import BadSetup
from classroom.core.games.express.state import RoundState

__all__ = [
    "EMPTIED_BONUS",
    "GUESS_BONUS",
    "HAND_SIZE",
    "Game",
    "RoundResult",
    "app_seating",
    "dealer_score",
    "next_dealer",
    "player_scores",
    "round_scores",
    "running_totals",
    "seating",
    "totals",
]

HAND_SIZE = 12
GUESS_BONUS = 6
EMPTIED_BONUS = 3


def player_scores(
    hand_sizes: Mapping[str, int], *, guessed: str | None = None, emptied: str | None = None
) -> dict[str, int]:
    """12 minus the cards held, +6 for the right guesser, +3 for who emptied their hand."""
    return {
        seat: HAND_SIZE
        - size
        + (GUESS_BONUS if seat == guessed else 0)
        + (EMPTIED_BONUS if seat == emptied else 0)
        for seat, size in hand_sizes.items()
    }


def round_scores(state: RoundState) -> dict[str, int]:
    """Each player's score for the round as it stands (normally once it is over)."""
    guessed = state.winner if state.end_reason == "guessed" else None
    emptied = state.winner if state.end_reason == "emptied" else None
    return player_scores(state.hand_sizes(), guessed=guessed, emptied=emptied)


def dealer_score(scores: Mapping[str, int]) -> int:
    """The dealer scores the same as the highest-scoring player."""
    if not scores:
        raise BadSetup("A round without players has no dealer score.")
    return max(scores.values())


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One finished round: who dealt (None: the app) and each player's score."""

    dealer: str | None
    scores: Mapping[str, int] = field(default_factory=dict)


def totals(rounds: Iterable[RoundResult]) -> dict[str, int]:
    """Each participant's total: their player scores plus the dealer score of rounds they dealt."""
    result: dict[str, int] = {}
    for played in rounds:
        for seat, score in played.scores.items():
            result[seat] = result.get(seat, 0) + score
        if played.dealer is not None:
            result[played.dealer] = result.get(played.dealer, 0) + dealer_score(played.scores)
    return result


def running_totals(rounds: Sequence[RoundResult]) -> list[dict[str, int]]:
    """The totals after each round in turn."""
    return [totals(rounds[: n + 1]) for n in range(len(rounds))]


def next_dealer(participants: Sequence[str], round_index: int) -> str:
    """Who deals round `round_index` (from 0): everyone in turn."""
    return participants[round_index % len(participants)]


def seating(participants: Sequence[str], round_index: int) -> tuple[str, ...]:
    """The players of round `round_index` in seat order, starting at the dealer's left."""
    at = round_index % len(participants)
    return (*participants[at + 1 :], *participants[:at])


def app_seating(participants: Sequence[str], round_index: int) -> tuple[str, ...]:
    """The players of round `round_index` (from 0) when the app deals: the first player moves
    one seat on each round, as if the dealer's seat rotated.

    >>> app_seating(["Ana", "Ben", "Chen"], 1)
    ('Ben', 'Chen', 'Ana')
    """
    if not participants:
        return ()
    at = round_index % len(participants)
    return (*participants[at:], *participants[:at])


@dataclass(frozen=True, slots=True)
class Game:
    """Several rounds with the deal rotating; it ends when everyone has dealt once.

    >>> game = Game(("Ana", "Ben", "Chen", "Dia"))
    >>> game.dealer, game.seats
    ('Ana', ('Ben', 'Chen', 'Dia'))
    >>> game = game.record({"Ben": 5, "Chen": 0, "Dia": -1})
    >>> game.dealer, game.totals()
    ('Ben', {'Ana': 5, 'Ben': 5, 'Chen': 0, 'Dia': -1})
    """

    participants: tuple[str, ...]
    rounds: tuple[RoundResult, ...] = ()

    def __post_init__(self) -> None:
        if not 4 <= len(self.participants) <= 9:
            raise BadSetup("A game needs a dealer and 3 to 8 players: 4 to 9 people.")
        if len(set(self.participants)) != len(self.participants):
            raise BadSetup("Two participants have the same name.")

    @property
    def is_over(self) -> bool:
        """True once everyone has dealt once."""
        return len(self.rounds) >= len(self.participants)

    @property
    def dealer(self) -> str:
        """Who deals the next round."""
        return next_dealer(self.participants, len(self.rounds))

    @property
    def seats(self) -> tuple[str, ...]:
        """The players of the next round in seat order."""
        return seating(self.participants, len(self.rounds))

    def record(self, scores: Mapping[str, int]) -> Game:
        """The game after the next round ended with these player scores."""
        if self.is_over:
            raise BadSetup("Everyone has dealt once: the game is over.")
        if set(scores) != set(self.seats):
            raise BadSetup(f"Scores are needed for exactly {', '.join(self.seats)}.")
        return Game(self.participants, (*self.rounds, RoundResult(self.dealer, dict(scores))))

    def totals(self) -> dict[str, int]:
        """Each participant's total so far (0 for whoever has not scored yet)."""
        return {name: 0 for name in self.participants} | totals(self.rounds)

    def leaders(self) -> tuple[str, ...]:
        """The participants with the highest total (several if tied)."""
        board = self.totals()
        best = max(board.values())
        return tuple(name for name, total in board.items() if total == best)
