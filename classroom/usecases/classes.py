"""Class periods: set-up, the join code, the projector link, ending and deleting."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta

from classroom.core.games.express import Options
from classroom.core.games.registry import UnknownGame, find_game
from classroom.core.rules import RuleError, compile_rule
from classroom.core.text import _
from classroom.usecases.changes import Change
from classroom.usecases.context import Context, use_case, utcnow
from classroom.usecases.effects import (
    ClassChanged,
    ClassEnded,
    ProjectorChanged,
    ProjectorRevoked,
)
from classroom.usecases.errors import Invalid, NotFound
from classroom.usecases.names import new_join_code
from classroom.usecases.ownership import own_class
from classroom.usecases.ports import ClassRow, NewGroup, UnitOfWork
from classroom.usecases.reading import snapshot_of

__all__ = [
    "LANGUAGES",
    "MAX_GROUPS",
    "NE_FIRST_PLAYER",
    "NE_SUDDEN_DEATH",
    "PREDICT_SECONDS",
    "ClassPeriods",
    "GroupSetup",
    "checked_away_seconds",
    "checked_language",
    "checked_mode",
    "checked_ne_options",
    "checked_predict_seconds",
    "hash_token",
]

MAX_GROUPS = 12
#: The languages a class or a teacher can speak; English is the source of every text.
LANGUAGES = ("en", "ja", "pl", "ru")
#: How long the others may predict a card the app judges: long enough to think, short enough
#: that the player is not kept waiting.
PREDICT_SECONDS = range(3, 16)
#: How long a call or a dealer's verdict waits on an offline tablet before the teacher may
#: settle it: long enough for a tablet to wake up and reconnect, short enough for a lesson.
AWAY_SECONDS = range(0, 121)
AWAY_SECONDS_DEFAULT = 20
#: Sudden death after 30 cards (20 after the prophet's marker), or the Polish text's 40 / 40.
NE_SUDDEN_DEATH = ("abbott", "long")
#: The first player counted from the dealer's left by the starter's value, or at the left.
NE_FIRST_PLAYER = ("count", "left")


@dataclass(frozen=True, slots=True)
class GroupSetup:
    """What the teacher chose for one group."""

    name: str
    rule_text: str
    rule_id: str | None = None
    #: "app" (the app deals and judges) or "student" (a seat deals, rotating each round).
    dealer_mode: str = "app"
    #: "express" (Eleusis Express) or "new_eleusis" (Abbott's New Eleusis, the advanced mode).
    mode: str = "express"


def checked_ne_options(sudden_death: str, first_player: str) -> None:
    """Invalid unless both are New Eleusis house options the kit knows."""
    if sudden_death not in NE_SUDDEN_DEATH:
        raise Invalid(_("Sudden death comes after 30 / 20 cards or after 40 / 40."))
    if first_player not in NE_FIRST_PLAYER:
        raise Invalid(_("The first player is counted by the starter or sits at the dealer's left."))


def checked_mode(mode: str) -> str:
    """`mode` if it is a game the kit plays (a registered game); Invalid otherwise."""
    try:
        return find_game(mode).name
    except UnknownGame as error:
        raise Invalid(_("A group plays Eleusis Express or New Eleusis.")) from error


def checked_language(language: str) -> str:
    """`language` if the kit speaks it; Invalid otherwise."""
    if language not in LANGUAGES:
        raise Invalid(
            _("The language must be one of %(languages)s, not %(language)s.")
            % {"languages": ", ".join(LANGUAGES), "language": str(language)[:12]}
        )
    return language


def checked_predict_seconds(seconds: object) -> int:
    """`seconds` if it is a whole number of seconds the prediction window may last."""
    if not isinstance(seconds, int) or isinstance(seconds, bool) or seconds not in PREDICT_SECONDS:
        raise Invalid(
            _("The time to predict is %(low)d to %(high)d seconds.")
            % {"low": PREDICT_SECONDS.start, "high": PREDICT_SECONDS.stop - 1}
        )
    return seconds


def checked_away_seconds(seconds: object) -> int:
    """`seconds` if it is a whole number of seconds a table may wait on an offline tablet."""
    if not isinstance(seconds, int) or isinstance(seconds, bool) or seconds not in AWAY_SECONDS:
        raise Invalid(
            _("The time to wait for an absent tablet is %(low)d to %(high)d seconds.")
            % {"low": AWAY_SECONDS.start, "high": AWAY_SECONDS.stop - 1}
        )
    return seconds


def hash_token(token: str) -> str:
    """Only the hash of a seat or projector token is stored."""
    return hashlib.sha256(token.encode()).hexdigest()


class ClassPeriods:
    """Create classes, open and close them, and link a projector to one."""

    def __init__(self, context: Context) -> None:
        self.context = context
        self.uow = context.uow

    def create_class(
        self,
        teacher_id: int,
        name: str,
        groups: Sequence[GroupSetup],
        options: Options,
        *,
        reveal_after_guess: bool = True,
        language: str = "en",
        everyone_predicts: bool = False,
        predict_seconds: int = 5,
        ne_sudden_death: str = "abbott",
        ne_first_player: str = "count",
        away_seconds: int = AWAY_SECONDS_DEFAULT,
    ) -> int:
        """A new class with its groups and a fresh join code; returns the class id.
        `reveal_after_guess` off: a right guess ends the round without showing the rule;
        `language` is what its tablets, projector, debrief and printouts speak;
        `everyone_predicts`: the others forecast each card while it waits for its verdict,
        for `predict_seconds` when the app deals; `ne_sudden_death` ("abbott": 30 / 20 cards,
        "long": 40 / 40) and `ne_first_player` ("count" or "left") are the house options of its
        New Eleusis tables; `away_seconds` is how long a call or a dealer's verdict waits on an
        offline tablet before it may be settled without it."""
        checked_language(language)
        checked_away_seconds(away_seconds)
        checked_ne_options(ne_sudden_death, ne_first_player)
        checked_predict_seconds(predict_seconds)
        name = " ".join(name.split())
        if not name or len(name) > 120:
            raise Invalid(_("A class name has 1 to 120 characters."))
        if not 1 <= len(groups) <= MAX_GROUPS:
            raise Invalid(_("A class has 1 to %d groups.") % MAX_GROUPS)
        for setup in groups:
            _check_group(setup)
        with self.uow() as uow:
            class_id = uow.classes.add(
                teacher_id=teacher_id,
                name=name,
                join_code=_unused_join_code(uow),
                wrong_guess_penalty=options.wrong_guess_penalty,
                stock_out=options.stock_out,
                reveal_after_guess=reveal_after_guess,
                language=language,
                everyone_predicts=everyone_predicts,
                predict_seconds=predict_seconds,
                ne_sudden_death=ne_sudden_death,
                ne_first_player=ne_first_player,
                away_seconds=away_seconds,
                groups=[
                    NewGroup(
                        " ".join(g.name.split()),
                        g.rule_text.strip(),
                        g.rule_id,
                        g.dealer_mode,
                        checked_mode(g.mode),
                    )
                    for g in groups
                ],
            )
            uow.commit()
            return class_id

    def classes_of(self, teacher_id: int) -> list[ClassRow]:
        """The teacher's classes, newest first."""
        with self.uow() as uow:
            return uow.classes.of_teacher(teacher_id)

    def set_joining_locked(self, teacher_id: int, class_id: int, locked: bool) -> None:
        """Close or reopen joining."""
        self._update(teacher_id, class_id, ClassChanged(class_id), joining_locked=locked)

    @use_case
    def end_class(self, teacher_id: int, class_id: int) -> None:
        """Close the class: every round still running ends as the teacher's End round ends
        it (scored, its end in the record), then nobody can join or act any more; its data
        stays until deleted."""
        with self.uow() as uow:
            own_class(uow, teacher_id, class_id)
            group_ids = [group.id for group in uow.groups.of_class(class_id)]
        for group_id in group_ids:
            self._end_running_round(group_id)
        self._update(teacher_id, class_id, ClassEnded(class_id), ended_at=utcnow())

    def _end_running_round(self, group_id: int) -> None:
        with self.context.writing(group_id) as uow:
            found = uow.groups.with_latest_round(group_id)
            group, round_row = found if found else (None, None)
            if group is None or round_row is None or group.class_ended:
                return
            state = self.context.states.of(uow, round_row)
            if state.is_over:
                return
            events = find_game(round_row.mode).end_round(state, "the class ended")
            after = self.context.states.append(uow, round_row, events, state)
            snapshot = snapshot_of(uow, group, round_row, after)
            self.context.changed(uow, Change(group_id, group.class_id, events, snapshot=snapshot))
            uow.commit()

    def delete_class(self, teacher_id: int, class_id: int) -> None:
        """Delete the class and everything about it."""
        with self.uow() as uow:
            own_class(uow, teacher_id, class_id)
            uow.classes.delete([class_id])
            uow.commit()

    def purge(self, older_than_days: int) -> int:
        """Delete every class created more than `older_than_days` ago; returns how many."""
        with self.uow() as uow:
            ids = uow.classes.created_before(utcnow() - timedelta(days=older_than_days))
            if ids:
                uow.classes.delete(ids)
            uow.commit()
            return len(ids)

    def projector_link_token(self, teacher_id: int, class_id: int) -> str:
        """A new secret link for the projector page (the previous one stops working)."""
        token = secrets.token_urlsafe(16)
        revoked = ProjectorRevoked(class_id)
        self._update(teacher_id, class_id, revoked, projector_token_hash=hash_token(token))
        return token

    def class_for_projector(self, token: str) -> int:
        """The class a projector link opens; NotFound for an unknown or replaced link."""
        if not token or len(token) > 64:
            raise NotFound(_("This projector link is not valid any more."))
        with self.uow() as uow:
            class_id = uow.classes.by_projector_hash(hash_token(token))
        if class_id is None:
            raise NotFound(_("This projector link is not valid any more."))
        return class_id

    def set_class_language(self, teacher_id: int, class_id: int, language: str) -> None:
        """What the class's tablets, projector, debrief and printouts speak from now on."""
        language = checked_language(language)
        self._update(teacher_id, class_id, ClassChanged(class_id), language=language)

    def set_predictions(self, teacher_id: int, class_id: int, on: bool, seconds: int) -> None:
        """Turn everyone-predicts on or off and set its window (a card waiting when it is
        turned off is judged at the group's next action)."""
        self._update(
            teacher_id,
            class_id,
            ClassChanged(class_id),
            everyone_predicts=bool(on),
            predict_seconds=checked_predict_seconds(seconds),
        )

    def set_away_seconds(self, teacher_id: int, class_id: int, seconds: int) -> None:
        """How long a call or a dealer's verdict waits on an offline tablet from now on."""
        seconds = checked_away_seconds(seconds)
        self._update(teacher_id, class_id, ClassChanged(class_id), away_seconds=seconds)

    def set_projector_anonymous(self, teacher_id: int, class_id: int, anonymous: bool) -> None:
        """Show nicknames on the projector, or only "Player 1, 2..."."""
        changed = ProjectorChanged(class_id)
        self._update(teacher_id, class_id, changed, projector_anonymous=anonymous)

    @use_case
    def _update(self, teacher_id: int, class_id: int, message: object, **columns: object) -> None:
        """Change the class's columns; `message` says what that changed for its screens."""
        with self.uow() as uow:
            own_class(uow, teacher_id, class_id)
            uow.classes.update(class_id, **columns)
            self.context.changed(uow, message)
            uow.commit()


def _check_group(setup: GroupSetup) -> None:
    if setup.dealer_mode not in ("app", "student"):
        raise Invalid(_("The dealer is the app or a student."))
    if not setup.name.strip() or len(setup.name.strip()) > 60:
        raise Invalid(_("A group name has 1 to 60 characters."))
    try:
        compile_rule(setup.rule_text)
    except RuleError as error:
        raise Invalid(
            _("The rule of %(group)s does not compile: %(error)s")
            % {"group": setup.name.strip(), "error": error}
        ) from error


def _unused_join_code(uow: UnitOfWork) -> str:
    while True:
        code = new_join_code()
        if not uow.classes.join_code_in_use(code):
            return code
