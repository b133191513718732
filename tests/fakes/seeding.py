"""Rows for tests to start from, written through the ports (so any unit of work will do)."""

from __future__ import annotations

from classroom.core.games.express import Hint
from classroom.usecases.ports import NewGroup, UnitOfWork

__all__ = ["SEED_RULE", "hints", "seed_class", "seed_round"]

SEED_RULE = "color alternates"


def seed_class(
    uow: UnitOfWork, *, groups: int = 2, join_code: str = "ABC234", teacher: str = "ada"
) -> int:
    """A class named "Maths 3B" with groups "Table 0", "Table 1"... of the teacher with this
    username (made on first use); returns the class id. The caller commits."""
    found = uow.teachers.by_username(teacher)
    teacher_id = found.id if found else uow.teachers.add(teacher, "not a real hash")
    return uow.classes.add(
        teacher_id=teacher_id,
        name="Maths 3B",
        join_code=join_code,
        wrong_guess_penalty=False,
        stock_out="add_deck",
        groups=[NewGroup(f"Table {n}", SEED_RULE, None, "app") for n in range(groups)],
    )


def seed_round(
    uow: UnitOfWork, group_id: int, number: int = 1, *, dealer_seat_id: int | None = None
) -> int:
    """A round of a group with the seed rule; returns its id. The caller commits."""
    return uow.rounds.add(
        group_id=group_id,
        number=number,
        rule_text=SEED_RULE,
        rule_kind="language",
        rule_id=None,
        dealer_seat_id=dealer_seat_id,
    )


def hints(*seqs: int) -> list[Hint]:
    """Hint events with these seqs: the simplest events a log can hold."""
    return [Hint(seq=seq, text=f"hint {seq}") for seq in seqs]
