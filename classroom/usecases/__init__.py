"""The use cases of the live classroom, grouped by concept, each over a unit of work.

`UseCases.over(uow_factory)` builds them all on one store: the web app and the command line
do it once at start-up; the use-case tests do it over an in-memory fake.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from classroom.core.cards import secure_random
from classroom.core.games.shape import Verdict, VerdictCheck
from classroom.projections.snapshots import ClassSnapshot, GroupSnapshot, SeatInfo
from classroom.usecases.built import BuiltCheck, BuiltHypotheses
from classroom.usecases.changes import Change, Move
from classroom.usecases.classes import ClassPeriods, GroupSetup
from classroom.usecases.computing import Computations
from classroom.usecases.context import Context
from classroom.usecases.dealing import Dealing, RuleChoice
from classroom.usecases.effects import (
    Alarms,
    Announcer,
    ClassChanged,
    ClassEnded,
    GroupTouched,
    ProjectorChanged,
    ProjectorRevoked,
    SeatRemoved,
)
from classroom.usecases.errors import Conflict, Forbidden, Invalid, NotFound, ServiceError
from classroom.usecases.journal import JournalNote, Journals
from classroom.usecases.lesson import GroupTotals, LessonControls, RoundTotals
from classroom.usecases.ports import StoreUnavailable, UnitOfWork
from classroom.usecases.practice import Practice, PracticeInvitation, PracticeLink
from classroom.usecases.prediction_windows import PredictionWindows
from classroom.usecases.predictions import Predictions
from classroom.usecases.preferences import Preferences
from classroom.usecases.reading import CatchUp, Reading
from classroom.usecases.records import Records
from classroom.usecases.robots import RobotPlayers
from classroom.usecases.rounds import Rounds
from classroom.usecases.seats import JoinInfo, Seating, SeatRef
from classroom.usecases.settling import Settling
from classroom.usecases.teachers import TeacherAccounts

__all__ = [
    "Alarms",
    "Announcer",
    "BuiltCheck",
    "CatchUp",
    "Change",
    "ClassSnapshot",
    "Conflict",
    "Forbidden",
    "GroupSetup",
    "GroupSnapshot",
    "GroupTotals",
    "Invalid",
    "JoinInfo",
    "JournalNote",
    "Move",
    "NotFound",
    "PracticeInvitation",
    "PracticeLink",
    "RoundTotals",
    "RuleChoice",
    "SeatInfo",
    "SeatRef",
    "ServiceError",
    "StoreUnavailable",
    "UseCases",
    "Verdict",
    "VerdictCheck",
]


@dataclass(frozen=True)
class UseCases:
    """Every group of use cases, built over one unit-of-work factory."""

    context: Context
    teachers: TeacherAccounts
    classes: ClassPeriods
    seats: Seating
    rounds: Rounds
    settling: Settling
    predictions: Predictions
    dealing: Dealing
    lesson: LessonControls
    journal: Journals
    records: Records
    reading: Reading
    preferences: Preferences
    built: BuiltHypotheses
    robots: RobotPlayers
    practice: Practice

    @classmethod
    def over(
        cls,
        uow: Callable[[], UnitOfWork],
        *,
        rng: random.Random | None = None,
        computing: Computations | None = None,
    ) -> UseCases:
        """The use cases over `uow`, shuffling with `rng` (a secure source by default), long
        computations run by `computing` (in the caller's thread by default)."""
        context = Context(uow, rng or secure_random(), computing=computing or Computations())
        rounds = Rounds(context)
        journals = Journals(context)
        predictions = Predictions(context)
        return cls(
            context=context,
            teachers=TeacherAccounts(context),
            classes=ClassPeriods(context),
            seats=Seating(context),
            rounds=rounds,
            settling=Settling(context),
            predictions=predictions,
            dealing=Dealing(context, rounds),
            lesson=LessonControls(context),
            journal=journals,
            records=Records(context),
            reading=Reading(context),
            preferences=Preferences(context),
            built=BuiltHypotheses(context, rounds, journals),
            robots=RobotPlayers(context, rounds, predictions),
            practice=Practice(context, rounds),
        )

    def wire_effects(self, announcer: Announcer, alarms: Alarms) -> None:
        """What follows each committed change, in order: its screens are told, then the
        prediction window it opened (or closed) gets its alarm. The one place effects are
        wired; the web app calls it once it is built."""
        effects = self.context.effects
        effects.clear()
        effects.subscribe(Change, announcer.announce)
        effects.subscribe(Change, PredictionWindows(alarms, self.predictions.close_predictions))
        effects.subscribe(GroupTouched, lambda touched: announcer.announce_group(touched.group_id))
        # The removed student's tablets are let go first, then the group sees the round go on.
        effects.subscribe(
            SeatRemoved, lambda gone: announcer.seat_removed(gone.seat_id, gone.change.group_id)
        )
        effects.subscribe(SeatRemoved, lambda gone: effects.run(gone.change))
        effects.subscribe(ClassChanged, lambda changed: announcer.announce_class(changed.class_id))
        effects.subscribe(ClassEnded, lambda ended: announcer.class_ended(ended.class_id))
        effects.subscribe(ProjectorChanged, lambda c: announcer.projector_changed(c.class_id))
        effects.subscribe(ProjectorRevoked, lambda c: announcer.projector_revoked(c.class_id))
