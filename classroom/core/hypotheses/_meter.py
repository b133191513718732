"""How much work a check may do: a count of operations and a deadline."""

from __future__ import annotations

import time

__all__ = ["Meter", "OutOfBudget"]


class OutOfBudget(Exception):
    """The check used up its work or its time before it could decide."""


class Meter:
    """Counts work units (one unit is about one operation on a 4096-bit set) and the clock."""

    __slots__ = ("deadline", "left", "spent")

    def __init__(self, work: int | None = None, seconds: float | None = None) -> None:
        self.left = work
        self.spent = 0
        self.deadline = None if seconds is None else time.perf_counter() + seconds

    def spend(self, units: int) -> None:
        """Count `units`; raise OutOfBudget once the work or the time is used up."""
        self.spent += units
        if self.left is not None:
            self.left -= units
            if self.left < 0:
                raise OutOfBudget
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfBudget
