"""The students' hypothesis journals: what they write, kept with the moment of the round."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from classroom.core.cards import Card, CardError
from classroom.core.text import _
from classroom.projections.journal_view import JournalRecord
from classroom.usecases.context import Context, RoundStates, utcnow
from classroom.usecases.errors import Invalid
from classroom.usecases.ports import JournalRow
from classroom.usecases.reading import journal_record
from classroom.usecases.seats import SeatRef

__all__ = ["JOURNAL_GAP", "MAX_JOURNAL_ENTRIES", "MAX_JOURNAL_TEXT", "JournalNote", "Journals"]

MAX_JOURNAL_TEXT = 300
#: Entries one seat may write in one round: room for every idea, not for a flood.
MAX_JOURNAL_ENTRIES = 40
#: The shortest time between two entries of one seat.
JOURNAL_GAP = timedelta(seconds=3)


@dataclass(frozen=True, slots=True)
class JournalNote:
    """What a student writes in the journal."""

    text: str
    confidence: int | None = None
    test_card: Card | None = None
    predicted_accepted: bool | None = None

    @classmethod
    def checked(
        cls, text: object, confidence: object, test_card: object, predicted: object
    ) -> JournalNote:
        """Validate raw input from a tablet; Invalid with a readable message otherwise."""
        if not isinstance(text, str) or not text.strip():
            raise Invalid(_("Write your hypothesis first."))
        if len(text) > MAX_JOURNAL_TEXT:
            raise Invalid(_("A hypothesis has at most %d characters.") % MAX_JOURNAL_TEXT)
        if confidence is not None and (
            not isinstance(confidence, int)
            or isinstance(confidence, bool)
            or not 0 <= confidence <= 10
        ):
            raise Invalid(_("Confidence is a number from 0 to 10."))
        card = None
        if test_card not in (None, ""):
            try:
                card = Card.from_code(test_card)  # exactly as the tablet was sent it
            except CardError as error:
                raise Invalid(_("Choose the card you will play from your hand.")) from error
        if predicted is not None and not isinstance(predicted, bool):
            raise Invalid(_("Say whether you think the card will be accepted."))
        return cls(text.strip(), confidence, card, predicted)


def verify_room(written: list[JournalRow], now: datetime) -> None:
    """Invalid when the seat's journal for the round is full, or its last entry is too recent."""
    if len(written) >= MAX_JOURNAL_ENTRIES:
        raise Invalid(
            _("Your journal is full for this round (%d hypotheses). Say your best one as a guess.")
            % MAX_JOURNAL_ENTRIES
        )
    if written and now - max(row.created_at for row in written) < JOURNAL_GAP:
        raise Invalid(_("Wait a few seconds before writing the next hypothesis."))


class Journals:
    """Write and read hypothesis journals."""

    def __init__(self, context: Context) -> None:
        self.uow = context.uow
        self.states: RoundStates = context.states

    def write_journal(self, seat: SeatRef, note: JournalNote) -> int:
        """Keep a student's hypothesis with the moment of the round it was written at."""
        with self.uow() as uow:
            round_row = uow.rounds.latest(seat.group_id)
            if round_row is None:
                raise Invalid(_("The round has not started yet."))
            now = utcnow()
            verify_room(uow.journal.of_round(round_row.id, seat.seat_id), now)
            entry = JournalRow(
                seat_id=seat.seat_id,
                seq=self.states.seq(uow, round_row),
                text=note.text,
                confidence=note.confidence,
                test_card=str(note.test_card) if note.test_card else None,
                predicted_accepted=note.predicted_accepted,
                created_at=now,
            )
            entry_id = uow.journal.add(round_row.id, entry)
            uow.commit()
            return entry_id

    def journal(self, round_id: int, seat_id: int | None = None) -> list[JournalRecord]:
        """The journal entries of a round (of one seat, or all), in the order written."""
        with self.uow() as uow:
            return [journal_record(row) for row in uow.journal.of_round(round_id, seat_id)]
