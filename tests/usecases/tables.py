"""A seated, dealt table for use-case tests: a teacher, a class, a group and its seats."""

from __future__ import annotations

from dataclasses import dataclass

from classroom.core.cards import Card
from classroom.core.games.express import Event, RoundState
from classroom.core.rules import compile_rule
from classroom.usecases import Change, Move, SeatRef, UseCases

__all__ = ["Table"]


@dataclass
class Table:
    """One group of a class, with its seats, driven through the use cases."""

    use_cases: UseCases
    teacher: int
    class_id: int
    group_id: int
    seats: list[SeatRef]
    moves: int = 0

    @classmethod
    def seated(cls, use_cases: UseCases, teacher: int, class_id: int, *, players: int) -> Table:
        """The class's first group with `players` students seated (no round yet)."""
        snapshot = use_cases.reading.class_snapshot(teacher, class_id)
        group_id = snapshot.groups[0].group_id
        seats = [
            use_cases.seats.join(snapshot.join_code, group_id, name)[0]
            for name in ("Ana", "Ben", "Chen", "Dana", "Emil", "Fumi", "Gosia", "Hiro")[:players]
        ]
        return cls(use_cases, teacher, class_id, group_id, seats)

    def state(self) -> RoundState:
        """The round's state now."""
        state = self.use_cases.reading.group_snapshot(self.group_id).state
        assert state is not None
        return state

    def events(self) -> tuple[Event, ...]:
        """The round's whole log."""
        return self.use_cases.reading.group_snapshot(self.group_id, events_after=0).events

    def round_id(self) -> int:
        """The current round's id."""
        round_id = self.use_cases.reading.group_snapshot(self.group_id).round_id
        assert round_id is not None
        return round_id

    def whose_turn(self) -> SeatRef:
        """The seat whose turn it is."""
        turn = self.state().turn
        return next(seat for seat in self.seats if seat.key == turn)

    def right_card(self, seat: SeatRef) -> Card:
        """A card of the seat's hand that the secret rule accepts now."""
        snapshot = self.use_cases.reading.group_snapshot(self.group_id)
        assert snapshot.state is not None
        rule = compile_rule(snapshot.rule_text)
        hand = snapshot.state.hand(seat.key)
        return next(c for c in hand if rule.allows(snapshot.state.layout.mainline, c))

    def play(self, seat: SeatRef, card: Card) -> Change:
        """The seat plays `card`, with a fresh action id."""
        self.moves += 1
        return self.use_cases.rounds.act(seat, Move("play", f"move-{self.moves}", cards=(card,)))

    def nickname(self, seat_key: str) -> str:
        """The nickname of an engine seat id."""
        return next(seat.nickname for seat in self.seats if seat.key == seat_key)
