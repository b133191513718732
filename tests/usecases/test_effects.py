"""Effects follow from changes: each committed change reaches the wired announcer exactly once,
after the use case has released its locks; nothing is announced for a change that was not
committed; a prediction window's alarm is set and rung early by the changes themselves."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from classroom.core.games.errors import GameError
from classroom.core.games.express import Options
from classroom.core.games.express.events import Predicted
from classroom.usecases import Change, GroupSetup, Move, UseCases
from classroom.usecases.effects import Effects
from classroom.usecases.errors import ServiceError
from classroom.usecases.ports import WriteRace
from tests.fakes.unit_of_work import FakeUnitOfWork
from tests.usecases.conftest import ALTERNATE_COLOURS
from tests.usecases.tables import Table


class Announcer:
    """Writes down what it is told, and whether the group's lock was free at that moment."""

    def __init__(self, use_cases: UseCases) -> None:
        self.heard: list[tuple[str, Any]] = []
        self.locks = use_cases.context.locks
        self.lock_free: list[bool] = []

    def announce(self, change: Change) -> None:
        self.lock_free.append(not self.locks.held(change.group_id))
        self.heard.append(("announce", change))

    def announce_group(self, group_id: int) -> None:
        self.heard.append(("group", group_id))

    def seat_removed(self, seat_id: int, group_id: int) -> None:
        self.heard.append(("seat_removed", seat_id))

    def announce_class(self, class_id: int) -> None:
        self.heard.append(("class", class_id))

    def class_ended(self, class_id: int) -> None:
        self.heard.append(("class_ended", class_id))

    def projector_changed(self, class_id: int) -> None:
        self.heard.append(("projector", class_id))

    def projector_revoked(self, class_id: int) -> None:
        self.heard.append(("projector_revoked", class_id))

    def kinds(self) -> list[str]:
        return [kind for kind, _what in self.heard]

    def changes(self) -> list[Change]:
        return [what for kind, what in self.heard if kind == "announce"]


class Alarms:
    """Alarms that ring only when the test says so."""

    def __init__(self) -> None:
        self.set_at: dict[tuple[int, int], float] = {}
        self.rings: dict[tuple[int, int], Callable[[], None]] = {}
        self.rung_early: list[tuple[int, int]] = []

    def set(self, key: tuple[int, int], seconds: float, ring: Callable[[], None]) -> None:
        self.set_at[key], self.rings[key] = seconds, ring

    def ring_early(self, key: tuple[int, int]) -> None:
        self.rung_early.append(key)
        self.rings.pop(key)()

    def asleep(self) -> list[tuple[int, int]]:
        return list(self.rings)


@pytest.fixture
def heard(use_cases: UseCases) -> Announcer:
    announcer = Announcer(use_cases)
    use_cases.wire_effects(announcer, Alarms())
    return announcer


def test_a_play_is_announced_once_after_its_locks_are_released(table: Table, heard: Announcer):
    seat = table.whose_turn()
    change = table.play(seat, table.right_card(seat))
    assert heard.changes() == [change]
    assert heard.lock_free == [True]


def test_a_repeated_or_refused_action_announces_nothing(table: Table, heard: Announcer):
    seat = table.whose_turn()
    card = table.right_card(seat)
    table.use_cases.rounds.act(seat, Move("play", "same", cards=(card,)))
    table.use_cases.rounds.act(seat, Move("play", "same", cards=(card,)))
    with pytest.raises((GameError, ServiceError)):
        table.use_cases.rounds.act(seat, Move("play", "other", cards=(card,)))
    assert len(heard.changes()) == 1


def test_a_use_case_run_again_after_a_lost_race_announces_once(
    table: Table, heard: Announcer, monkeypatch: pytest.MonkeyPatch
):
    commit = FakeUnitOfWork.commit
    lost: list[bool] = []

    def lose_the_first_race(uow: FakeUnitOfWork) -> None:
        if not lost:
            lost.append(True)
            raise WriteRace("another writer took the seq")
        commit(uow)

    monkeypatch.setattr(FakeUnitOfWork, "commit", lose_the_first_race)
    table.use_cases.rounds.give_hint(table.teacher, table.group_id, "Look at the colours.")
    assert lost == [True]
    assert [len(change.events) for change in heard.changes()] == [1]


def test_a_failing_effect_does_not_undo_or_stop_the_others(table: Table, heard: Announcer):
    effects = table.use_cases.context.effects
    after: list[Change] = []

    def broken(_change: Change) -> None:
        raise ConnectionError("the message queue is down")

    effects.clear()
    effects.subscribe(Change, broken)
    effects.subscribe(Change, after.append)
    change = table.use_cases.rounds.give_hint(table.teacher, table.group_id, "Colours.")
    assert after == [change]
    assert table.events()[-1].seq == change.seq


def test_the_effects_of_a_use_case_inside_another_wait_for_the_outermost():
    effects = Effects()
    ran: list[object] = []
    effects.subscribe(str, ran.append)
    with effects.deferred():
        with effects.deferred():
            effects.committed("inner")
        assert ran == []
        effects.committed("outer")
    assert ran == ["inner", "outer"]
    effects.committed("outside any use case")
    assert ran[-1] == "outside any use case"


def test_removing_a_student_lets_their_tablets_go_before_the_group_hears(
    table: Table, heard: Announcer
):
    gone = table.seats[-1]
    table.use_cases.seats.remove_seat(table.teacher, gone.seat_id)
    assert heard.kinds() == ["seat_removed", "announce"]
    assert heard.heard[0][1] == gone.seat_id


def test_class_settings_reach_every_screen_of_the_class(table: Table, heard: Announcer):
    classes = table.use_cases.classes
    classes.set_joining_locked(table.teacher, table.class_id, True)
    classes.set_class_language(table.teacher, table.class_id, "pl")
    classes.set_predictions(table.teacher, table.class_id, True, 5)
    classes.set_projector_anonymous(table.teacher, table.class_id, True)
    classes.projector_link_token(table.teacher, table.class_id)
    table.use_cases.rounds.end_round(table.teacher, table.group_id)
    heard.heard.pop()  # the round's end, announced as any change
    classes.end_class(table.teacher, table.class_id)
    assert heard.heard == [
        ("class", table.class_id),
        ("class", table.class_id),
        ("class", table.class_id),
        ("projector", table.class_id),
        ("projector_revoked", table.class_id),
        ("class_ended", table.class_id),
    ]


def test_ending_the_class_ends_its_running_round_as_end_round_does_then_says_so(
    table: Table, heard: Announcer
):
    table.use_cases.classes.end_class(table.teacher, table.class_id)
    assert heard.kinds() == ["announce", "class_ended"]
    (ended,) = heard.changes()[0].events
    assert (ended.kind, ended.reason) == ("round_ended", "teacher")  # type: ignore[attr-defined]
    assert table.state().is_over
    # Its scores are the round's: the class's totals count it.
    totals = table.use_cases.lesson.class_totals(table.teacher, table.class_id)
    assert totals[0].rounds and totals[0].rounds[-1].scores


def test_a_refused_setting_announces_nothing(table: Table, heard: Announcer):
    with pytest.raises(ServiceError):
        table.use_cases.classes.set_class_language(table.teacher, table.class_id, "xx")
    with pytest.raises(ServiceError):
        table.use_cases.lesson.set_dealer_mode(table.teacher, table.group_id, "student")
    assert heard.heard == []


def test_joining_and_renaming_refresh_the_group(table: Table, heard: Announcer):
    code = table.use_cases.reading.class_snapshot(table.teacher, table.class_id).join_code
    seat, _token = table.use_cases.seats.join(code, table.group_id, "Ilse")
    table.use_cases.seats.rename_seat(table.teacher, seat.seat_id, "Ilsa")
    assert heard.heard == [("group", table.group_id), ("group", table.group_id)]


def test_pausing_a_class_announces_each_group(table: Table, heard: Announcer):
    changes = table.use_cases.lesson.set_class_paused(table.teacher, table.class_id, True)
    assert heard.changes() == changes and len(changes) == 2


# --- prediction windows -------------------------------------------------------------------
@pytest.fixture
def predicting(use_cases: UseCases, teacher: int) -> tuple[Table, Alarms]:
    """A table where everyone predicts while the app deals, its alarms under the test's hand."""
    class_id = use_cases.classes.create_class(
        teacher,
        "Class 8a",
        [GroupSetup("Herons", ALTERNATE_COLOURS)],
        Options(),
        everyone_predicts=True,
        predict_seconds=7,
    )
    alarms = Alarms()
    use_cases.wire_effects(Announcer(use_cases), alarms)
    table = Table.seated(use_cases, teacher, class_id, players=3)
    use_cases.rounds.start_round(teacher, table.group_id)
    return table, alarms


def test_a_play_waiting_for_predictions_sets_the_windows_alarm(predicting):
    table, alarms = predicting
    seat = table.whose_turn()
    change = table.play(seat, table.right_card(seat))
    key = (table.group_id, change.seq)
    assert list(alarms.set_at) == [key]
    assert 7 <= alarms.set_at[key] <= 7.1
    alarms.rings.pop(key)()  # the window ends: the app judges the play
    assert table.state().pending is None


def test_the_last_prediction_rings_the_alarm_early(predicting):
    table, alarms = predicting
    seat = table.whose_turn()
    change = table.play(seat, table.right_card(seat))
    for n, other in enumerate(s for s in table.seats if s != seat):
        table.use_cases.predictions.predict(other, Move("predict", f"p-{n}", right=True))
    assert alarms.rung_early == [(table.group_id, change.seq)]
    assert sum(isinstance(event, Predicted) for event in table.events()) == 2
    assert table.state().pending is None
