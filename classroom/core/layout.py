"""The cards on the table: the mainline, and under each mainline card its sideline."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from classroom.core.cards import Card

__all__ = ["Judgement", "Layout"]


@dataclass(frozen=True, slots=True)
class Judgement:
    """One card that was judged: the mainline it tried to follow, and the verdict."""

    mainline: tuple[Card, ...]
    card: Card
    accepted: bool


@dataclass(frozen=True, slots=True)
class Layout:
    """Mainline oldest first (the starter first); `sidelines[i]` lies under `mainline[i]`."""

    mainline: tuple[Card, ...]
    sidelines: tuple[tuple[Card, ...], ...]

    def __post_init__(self) -> None:
        if len(self.sidelines) != len(self.mainline):
            raise ValueError("a layout needs one sideline (maybe empty) per mainline card")

    @classmethod
    def starting_with(cls, starter: Card) -> Layout:
        """The layout right after the deal: the starter alone."""
        return cls((starter,), ((),))

    def accept(self, card: Card) -> Layout:
        """The layout after `card` joined the mainline."""
        return Layout((*self.mainline, card), (*self.sidelines, ()))

    def reject(self, card: Card) -> Layout:
        """The layout after `card` went under the last mainline card."""
        return Layout(self.mainline, (*self.sidelines[:-1], (*self.sidelines[-1], card)))

    def judgements(self) -> Iterator[Judgement]:
        """Every judged card in table order; the starter was never judged.

        Sideline cards under mainline card i were tried before mainline card i+1 was accepted.
        """
        for i, card in enumerate(self.mainline):
            before = self.mainline[:i]
            if i > 0:
                yield Judgement(before, card, True)
            for rejected in self.sidelines[i]:
                yield Judgement(self.mainline[: i + 1], rejected, False)

    @property
    def sideline_count(self) -> int:
        """How many cards lie in sidelines."""
        return sum(len(s) for s in self.sidelines)
