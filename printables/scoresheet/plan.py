"""What goes on the score sheet for offline rounds: who sits where, who deals which round, and
which seats share a page so that every box is big enough for a child's handwriting."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.units import mm

from printables.kit.document import PrintableError
from printables.kit.i18n import gettext as _

__all__ = [
    "DEFAULT_PLAYERS",
    "MAX_PLAYERS",
    "MAX_ROUNDS",
    "MIN_CELL",
    "MIN_PLAYERS",
    "MIN_SEAT",
    "SUB_SHARES",
    "ScoreRow",
    "ScoreSheetPlan",
    "SeatPage",
    "score_sheet_plan",
]

#: Everyone at the table, the dealer of the round included (3-8 players plus one dealer).
MIN_PLAYERS = 3
MAX_PLAYERS = 9
DEFAULT_PLAYERS = 5
MAX_ROUNDS = 12
MAX_NAME = 24
#: Shares of a seat's width: cards left, 12 − cards, the bonus (+6 or +3), points. The
#: subtraction gets its own box so that nobody has to work it out in their head.
SUB_SHARES = (0.24, 0.24, 0.22, 0.3)
#: The narrowest box a child writes a number like "−1" or "+6" in.
MIN_CELL = 7 * mm
#: A seat narrower than this would make its narrowest box smaller than MIN_CELL.
MIN_SEAT = MIN_CELL / min(SUB_SHARES)


@dataclass(frozen=True, slots=True)
class SeatPage:
    """The seats (0-based) printed side by side on one page, the width of each seat, and the
    least width of each of a seat's boxes (its label's longest word; none: MIN_CELL)."""

    seats: tuple[int, ...]
    seat_width: float
    needs: tuple[float, ...] = ()

    @property
    def cell_widths(self) -> tuple[float, ...]:
        """The widths of one seat's boxes, in SUB_SHARES order: each box its least width, and
        the rest of the seat shared out by SUB_SHARES."""
        least = _least_widths(self.needs)
        spare = self.seat_width - sum(least)
        return tuple(box + spare * share for box, share in zip(least, SUB_SHARES, strict=True))


def _least_widths(needs: tuple[float, ...]) -> tuple[float, ...]:
    return tuple(max(need, MIN_CELL) for need in (needs or (0.0,) * len(SUB_SHARES)))


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

    def seat_pages(self, width: float, needs: tuple[float, ...] = ()) -> tuple[SeatPage, ...]:
        """The seats split over as few pages as keep every box at least MIN_CELL wide and as
        wide as `needs` says (its label's longest word), given `width` points for the seats on
        a page; the pages hold nearly equal shares.

        >>> [page.seats for page in score_sheet_plan(players=9).seat_pages(700.0)]
        [(0, 1, 2, 3, 4), (5, 6, 7, 8)]
        """
        count = len(self.names)
        fitting = max(1, int(width // max(sum(_least_widths(needs)), MIN_SEAT)))
        pages = math.ceil(count / fitting)
        # Nearly equal shares: 7 seats on 3 pages are 3, 2 and 2, never 3, 3 and 1.
        sizes = [count // pages + (1 if n < count % pages else 0) for n in range(pages)]
        starts = [sum(sizes[:n]) for n in range(pages)]
        chunks = [
            tuple(range(start, start + size)) for start, size in zip(starts, sizes, strict=True)
        ]
        return tuple(SeatPage(chunk, width / len(chunk), needs) for chunk in chunks)

    def seat_label(self, seat: int) -> str:
        """The name in seat `seat`, or 'Seat 3' when names are written by hand."""
        return self.names[seat] or _("Seat {n}").format(n=seat + 1)


def score_sheet_plan(
    *,
    players: int | None = None,
    names: Sequence[str] | None = None,
    rounds: int | None = None,
    low: int = MIN_PLAYERS,
    high: int = MAX_PLAYERS,
    default: int = DEFAULT_PLAYERS,
) -> ScoreSheetPlan:
    """Check the options and make the plan for `low` to `high` people at the table (dealer
    included, `default` when neither players nor names are given); by default everyone deals
    once.

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
    count = len(cleaned) if cleaned is not None else (players or default)
    if cleaned is not None and not low <= count <= high:
        raise PrintableError(
            _(
                "{count} names given, but a table has {low} to {high} people, dealer included."
            ).format(count=count, low=low, high=high)
        )
    if not low <= count <= high:
        raise PrintableError(
            _("A table has {low} to {high} people, dealer included.").format(low=low, high=high)
        )
    rounds = count if rounds is None else rounds
    if not 1 <= rounds <= MAX_ROUNDS:
        raise PrintableError(_("A score sheet has 1 to {n} rounds.").format(n=MAX_ROUNDS))
    return ScoreSheetPlan(cleaned or ("",) * count, rounds)
