"""What goes on the score sheet for offline rounds: who sits where, who deals which round."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from printables.common import PrintableError
from printables.i18n import gettext as _

__all__ = [
    "DEFAULT_PLAYERS",
    "MAX_PLAYERS",
    "MAX_ROUNDS",
    "MIN_PLAYERS",
    "ScoreRow",
    "ScoreSheetPlan",
    "score_sheet_plan",
]

#: Everyone at the table, the dealer of the round included (3-8 players plus one dealer).
MIN_PLAYERS = 3
MAX_PLAYERS = 9
DEFAULT_PLAYERS = 5
MAX_ROUNDS = 12
MAX_NAME = 24


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One round on the sheet and the seat (0-based) that deals it."""

    number: int
    dealer: int


@dataclass(frozen=True, slots=True)
class ScoreSheetPlan:
    """The columns (one per seat; '' for a name to write by hand) and the rounds of the sheet."""

    names: tuple[str, ...]
    rounds: int

    @property
    def rows(self) -> tuple[ScoreRow, ...]:
        """The rounds in order; the dealer moves one seat to the left each round."""
        return tuple(ScoreRow(n, (n - 1) % len(self.names)) for n in range(1, self.rounds + 1))

    def seat_label(self, seat: int) -> str:
        """The name in seat `seat`, or 'Seat 3' when names are written by hand."""
        return self.names[seat] or _("Seat {n}").format(n=seat + 1)


def score_sheet_plan(
    *, players: int | None = None, names: Sequence[str] | None = None, rounds: int | None = None
) -> ScoreSheetPlan:
    """Check the options and make the plan; by default everyone deals once.

    >>> score_sheet_plan(names=["Ana", "Ben", "Chen"]).rows[2]
    ScoreRow(number=3, dealer=2)
    """
    if names is not None and players is not None and players != len(names):
        raise PrintableError(_("Give either a number of players or their names, not both."))
    cleaned = tuple(name.strip() for name in names) if names is not None else None
    if cleaned is not None and (not all(cleaned) or any(len(n) > MAX_NAME for n in cleaned)):
        raise PrintableError(
            _("Player names must be non-empty and at most {n} characters.").format(n=MAX_NAME)
        )
    count = len(cleaned) if cleaned is not None else (players or DEFAULT_PLAYERS)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise PrintableError(
            _("A table has {low} to {high} people, dealer included.").format(
                low=MIN_PLAYERS, high=MAX_PLAYERS
            )
        )
    rounds = count if rounds is None else rounds
    if not 1 <= rounds <= MAX_ROUNDS:
        raise PrintableError(_("A score sheet has 1 to {n} rounds.").format(n=MAX_ROUNDS))
    return ScoreSheetPlan(cleaned or ("",) * count, rounds)
