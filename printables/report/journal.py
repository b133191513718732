"""The hypothesis journal of one round, as the game report prints it (no drawing here): each
student's hypotheses in the order they wrote them, what each one predicted, and what came of it.

Pure: the caller hands over the stored entries, the round's log and, where it has one, the
checker's answers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from classroom.core.games.express import Event
from classroom.core.hypotheses import check_consistency
from classroom.core.layout import Layout
from classroom.core.rules import RuleError
from classroom.projections.journal_view import CheckAnswer, JournalRecord, prediction_outcome

__all__ = ["Checker", "JournalLine", "Sameness", "journal_lines"]

#: The checker's answer on a hypothesis: is it the secret rule? ("" when there is no answer.)
Sameness = Literal["same", "different", "undecided", ""]
#: The checker's answer for a hypothesis text, None while it is not known.
Checker = Callable[[str], CheckAnswer | None]


@dataclass(frozen=True, slots=True)
class JournalLine:
    """One journal entry: the `number`-th hypothesis `who` wrote this round.

    `fits_table` says whether a hypothesis in the rule language agrees with every card on the
    table at the end of the round (None for plain words); `accepted` is what the dealer said
    when the student played the test card (None when it was never played).
    """

    who: str
    number: int
    text: str
    confidence: int | None
    test_card: str
    predicted_accepted: bool | None
    accepted: bool | None
    fits_table: bool | None
    sameness: Sameness


def _fits(text: str, layout: Layout) -> bool | None:
    try:
        return check_consistency(text, layout).consistent
    except RuleError:
        return None


def _sameness(text: str, checker: Checker | None) -> Sameness:
    answer = checker(text) if checker is not None else None
    verdict = answer.verdict if answer is not None else ""
    # "not_a_rule" (plain words) has nothing to compare: like no answer at all.
    return verdict if verdict in ("same", "different", "undecided") else ""  # type: ignore[return-value]


def journal_lines(
    records: Sequence[JournalRecord],
    events: Sequence[Event],
    layout: Layout,
    who: Mapping[str, str],
    *,
    checker: Checker | None = None,
) -> tuple[JournalLine, ...]:
    """The entries grouped by student in seat order (`who` is in seat order), each student's
    oldest first; `checker` gives the checker's answers where known."""
    order = {seat: n for n, seat in enumerate(who)}
    ranked = sorted(records, key=lambda r: (order.get(r.seat, len(order)), r.seq, r.written_at))
    lines: list[JournalLine] = []
    written: dict[str, int] = {}
    for record in ranked:
        written[record.seat] = written.get(record.seat, 0) + 1
        lines.append(
            JournalLine(
                who=who.get(record.seat, "?"),
                number=written[record.seat],
                text=record.text,
                confidence=record.confidence,
                test_card=record.test_card.label if record.test_card else "",
                predicted_accepted=record.predicted_accepted,
                accepted=prediction_outcome(record, events),
                fits_table=_fits(record.text, layout),
                sameness=_sameness(record.text, checker),
            )
        )
    return tuple(lines)
