"""Running a lesson: pausing, the projector link, the hypothesis journal, totals, purging."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from gettext import gettext as _

from sqlalchemy import delete, select
from sqlalchemy.orm import Session, sessionmaker

from classroom.core.cards import Card, CardError
from classroom.core.game import RoundState
from classroom.core.scoring import dealer_score, round_scores
from classroom.projections.journal_view import JournalRecord
from classroom.store import rows
from classroom.store.models import ClassPeriod, Group, JournalEntry, utcnow
from classroom.store.rows import JournalRow, RoundRow
from classroom.usecases.classes import SeatRef, hash_token
from classroom.usecases.errors import Conflict, Invalid, NotFound
from classroom.usecases.rounds import Change

__all__ = ["MAX_JOURNAL_TEXT", "GroupTotals", "JournalNote", "LessonServices", "RoundTotals"]

MAX_JOURNAL_TEXT = 300


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
                card = Card.parse(str(test_card))
            except CardError as error:
                raise Invalid(_("Choose the card you will play from your hand.")) from error
        if predicted is not None and not isinstance(predicted, bool):
            raise Invalid(_("Say whether you think the card will be accepted."))
        return cls(text.strip(), confidence, card, predicted)


class LessonServices:
    """Teacher controls for a whole lesson, and the students' journals."""

    sessions: sessionmaker[Session]
    own_group: Callable[[Session, int, int], Group]
    own_class: Callable[[Session, int, int], ClassPeriod]
    current_round: Callable[[Session, int], RoundRow | None]
    round_state: Callable[[Session, int], RoundState]

    def set_paused(self, teacher_id: int, group_id: int, paused: bool) -> Change:
        """Pause or resume one group: while paused, no tablet can act."""
        with self.sessions.begin() as db:
            group = self.own_group(db, teacher_id, group_id)
            group.paused = paused
            return Change(group_id, group.class_id, ())

    def set_class_paused(self, teacher_id: int, class_id: int, paused: bool) -> list[Change]:
        """Pause or resume every group of a class."""
        with self.sessions.begin() as db:
            period = self.own_class(db, teacher_id, class_id)
            for group in period.groups:
                group.paused = paused
            return [Change(group.id, class_id, ()) for group in period.groups]

    def set_dealer_mode(self, teacher_id: int, group_id: int, mode: str) -> Change:
        """Who deals the group's next rounds: "app" or "student" (seats take turns)."""
        if mode not in ("app", "student"):
            raise Invalid(_("The dealer is the app or a student."))
        with self.sessions.begin() as db:
            group = self.own_group(db, teacher_id, group_id)
            running = self.current_round(db, group_id)
            if group.dealing_seat_id or (running and not self.round_state(db, running.id).is_over):
                raise Conflict(_("Change the dealer between rounds."))
            group.dealer_mode = mode
            return Change(group_id, group.class_id, ())

    def projector_link_token(self, teacher_id: int, class_id: int) -> str:
        """A fresh secret for the class's projector page (the previous link stops working)."""
        token = secrets.token_urlsafe(16)
        with self.sessions.begin() as db:
            self.own_class(db, teacher_id, class_id).projector_token_hash = hash_token(token)
        return token

    def class_for_projector(self, token: str) -> int:
        """The class a projector token opens; NotFound otherwise."""
        if not token or len(token) > 64:
            raise NotFound(_("This projector link is not valid any more."))
        with self.sessions() as db:
            class_id = db.scalar(
                select(ClassPeriod.id).where(ClassPeriod.projector_token_hash == hash_token(token))
            )
        if class_id is None:
            raise NotFound(_("This projector link is not valid any more."))
        return class_id

    def set_projector_anonymous(self, teacher_id: int, class_id: int, anonymous: bool) -> None:
        """Show seats on the projector as "Player 1, 2..." instead of nicknames."""
        with self.sessions.begin() as db:
            self.own_class(db, teacher_id, class_id).projector_anonymous = anonymous

    def write_journal(self, seat: SeatRef, note: JournalNote) -> int:
        """Keep a student's hypothesis with the moment of the round it was written at."""
        with self.sessions.begin() as db:
            round_row = self.current_round(db, seat.group_id)
            if round_row is None:
                raise Invalid(_("The round has not started yet."))
            entry = JournalEntry(
                round_id=round_row.id,
                seat_id=seat.seat_id,
                seq=self.round_state(db, round_row.id).seq,
                text=note.text,
                confidence=note.confidence,
                test_card=str(note.test_card) if note.test_card else None,
                predicted_accepted=note.predicted_accepted,
            )
            db.add(entry)
            db.flush()
            return entry.id

    def journal(self, round_id: int, seat_id: int | None = None) -> list[JournalRecord]:
        """The journal entries of a round (of one seat, or all), in the order written."""
        with self.sessions() as db:
            return [
                journal_record(row) for row in rows.journal_rows(db.connection(), round_id, seat_id)
            ]

    def class_totals(self, teacher_id: int, class_id: int) -> list[GroupTotals]:
        """Per group, every finished round's scores and the running totals per nickname."""
        with self.sessions() as db:
            period = self.own_class(db, teacher_id, class_id)
            return [self._group_totals(db, group) for group in period.groups]

    def _group_totals(self, db: Session, group: Group) -> GroupTotals:
        names = {str(seat.id): seat.nickname for seat in group.seats}
        rounds: list[RoundTotals] = []
        for round_row in group.rounds:
            state = self.round_state(db, round_row.id)
            if not state.is_over:
                continue
            scores = {names.get(k, "?"): v for k, v in round_scores(state).items()}
            dealer = names.get(str(round_row.dealer_seat_id)) if round_row.dealer_seat_id else None
            rounds.append(RoundTotals(round_row.number, dealer, scores, dealer_score(scores)))
        totals: dict[str, int] = {}
        for result in rounds:
            for name, score in result.scores.items():
                totals[name] = totals.get(name, 0) + score
            if result.dealer is not None:
                totals[result.dealer] = totals.get(result.dealer, 0) + result.dealer_score
        return GroupTotals(group.id, group.name, tuple(rounds), totals)

    def purge(self, older_than_days: int) -> int:
        """Delete classes created more than `older_than_days` ago; returns how many."""
        cutoff = utcnow() - timedelta(days=older_than_days)
        with self.sessions.begin() as db:
            ids = list(db.scalars(select(ClassPeriod.id).where(ClassPeriod.created_at < cutoff)))
            if ids:
                db.execute(delete(ClassPeriod).where(ClassPeriod.id.in_(ids)))
            return len(ids)


def journal_record(row: JournalEntry | JournalRow) -> JournalRecord:
    """A stored journal entry as the pure record the journal views read."""
    return JournalRecord(
        seat=str(row.seat_id),
        seq=row.seq,
        text=row.text,
        confidence=row.confidence,
        test_card=Card.parse(row.test_card) if row.test_card else None,
        predicted_accepted=row.predicted_accepted,
        written_at=row.created_at.isoformat(timespec="seconds") + "Z",
    )


@dataclass(frozen=True, slots=True)
class RoundTotals:
    """One finished round: who dealt (None: the app), player scores and the dealer's score."""

    number: int
    dealer: str | None
    scores: dict[str, int]
    dealer_score: int


@dataclass(frozen=True, slots=True)
class GroupTotals:
    """A group's rounds and each person's total across them."""

    group_id: int
    group_name: str
    rounds: tuple[RoundTotals, ...]
    totals: dict[str, int]
