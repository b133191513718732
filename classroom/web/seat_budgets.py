"""Budgets of a seat's costly actions: so many checks, journal entries, guesses, resyncs,
forecasts in a window, however many tabs or reconnections the seat uses.

A budget belongs to the seat, not to a connection: a tablet that reconnects, or opens three
tabs, spends from the same one. Each budget is a quota (classroom/web/quotas.py): checked and
counted in one step, so requests sent at the same moment cannot all pass, and shared by every
server process through Redis when `CLASSROOM_REDIS_URL` is set (in each process's memory while
Redis cannot be reached).

The sizes are far above what a child does by hand: only a script, or a broken page, meets them.
"""

from __future__ import annotations

from collections.abc import Mapping

from flask import current_app
from flask_babel import gettext as _

from classroom.usecases import Invalid
from classroom.web.quotas import Limit, Quotas, Ticket

__all__ = ["DEFAULT_BUDGETS", "SeatBudgets", "spend"]

#: Per seat, shared by its tabs: action -> (times, in so many seconds).
DEFAULT_BUDGETS: dict[str, tuple[int, float]] = {
    # Every tap of a choice in the builder asks for a check: a child taps far more slowly.
    "check": (30, 10.0),
    # Journal entries (typed or built): the journal itself wants a few seconds between two.
    "journal": (20, 60.0),
    # Guesses of the rule, typed or built.
    "guess": (10, 60.0),
    # A tablet asks again after a missed change or a reconnection, a few times a minute at most.
    "resync": (60, 60.0),
    # Forecasts (and skipped ones) on the waiting card: one per play.
    "predict": (30, 60.0),
    # The words of a guess for the dealer to judge: one per guess.
    "words": (60, 60.0),
}


class SeatBudgets:
    """The seats' budgets, spent from quotas.

    >>> budgets = SeatBudgets(Quotas(clock=lambda: 0.0), {"check": (2, 10.0)})
    >>> [budgets.spend("check", 7) for _ in range(3)], budgets.spend("check", 8)
    ([True, True, False], True)
    """

    def __init__(self, quotas: Quotas, budgets: Mapping[str, tuple[int, float]]) -> None:
        self.quotas = quotas
        self.budgets = dict(budgets)

    def spend(self, action: str, seat_id: int) -> bool:
        """Count one `action` of the seat if its budget allows it; False (nothing counted)
        when the budget is spent."""
        times, window = self.budgets[action]
        return isinstance(
            self.quotas.take([Limit(f"budget:{action}:{seat_id}", times, window)]), Ticket
        )


def _budgets() -> SeatBudgets:
    # Per app, like presence: apps in one process (tests) must not share seat ids.
    budgets: SeatBudgets | None = current_app.extensions.get("seat_budgets")
    if budgets is None:
        sizes = {**DEFAULT_BUDGETS, **current_app.config.get("SEAT_BUDGETS", {})}
        budgets = SeatBudgets(current_app.extensions["quotas"], sizes)
        current_app.extensions["seat_budgets"] = budgets
    return budgets


def spend(action: str, seat_id: int) -> None:
    """Count one costly `action` of the seat; Invalid, with nothing done, once its budget
    for the moment is spent."""
    if not _budgets().spend(action, seat_id):
        raise Invalid(_("Slow down a little: wait a few seconds, then try again."))
