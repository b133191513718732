"""Use cases of the live classroom, one transaction each, behind one facade: `Classroom`."""

from __future__ import annotations

import random

from sqlalchemy import event
from sqlalchemy.orm import Session, sessionmaker

from classroom.core.cards import secure_random
from classroom.projections.snapshots import ClassSnapshot, GroupSnapshot, SeatInfo
from classroom.usecases.classes import ClassServices, GroupSetup, SeatRef
from classroom.usecases.dealing import DealingServices, RuleChoice, Verdict, VerdictCheck
from classroom.usecases.errors import Conflict, Forbidden, Invalid, NotFound, ServiceError
from classroom.usecases.lesson import GroupTotals, JournalNote, LessonServices, RoundTotals
from classroom.usecases.reading import CatchUp, ReadingServices
from classroom.usecases.records import RecordServices
from classroom.usecases.rounds import Action, Change, RoundServices
from classroom.usecases.teachers import TeacherServices

__all__ = [
    "Action",
    "CatchUp",
    "Change",
    "ClassSnapshot",
    "Classroom",
    "Conflict",
    "Forbidden",
    "GroupSetup",
    "GroupSnapshot",
    "GroupTotals",
    "Invalid",
    "JournalNote",
    "NotFound",
    "RoundTotals",
    "RuleChoice",
    "SeatInfo",
    "SeatRef",
    "ServiceError",
    "Verdict",
    "VerdictCheck",
]


class Classroom(
    TeacherServices,
    ClassServices,
    RoundServices,
    ReadingServices,
    LessonServices,
    DealingServices,
    RecordServices,
):
    """Every use case of the kit, on one database."""

    def __init__(self, sessions: sessionmaker[Session], *, rng: random.Random | None = None):
        RoundServices.__init__(self)
        self.sessions = sessions
        self.rng = rng or secure_random()
        event.listen(sessions, "after_commit", self.publish_committed_states)
        event.listen(sessions, "after_rollback", self.discard_uncommitted_states)
