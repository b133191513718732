"""Each repository of the SQLAlchemy store reads back what it wrote, as the use cases expect."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from classroom.core.games.express import Guessed, Hint, deal
from classroom.store.models import utcnow
from classroom.usecases import UseCases
from classroom.usecases.names import MAX_NICKNAME, MAX_NICKNAME_KEY, clean_nickname, nickname_key
from classroom.usecases.ports import JournalRow, NewGroup, StoredEvent, VerdictRow
from tests.integration.conftest import Lesson, NewUnitOfWork


def add_round(new_uow: NewUnitOfWork, group_id: int, number: int, dealer: int | None = None) -> int:
    with new_uow() as uow:
        round_id = uow.rounds.add(
            group_id=group_id,
            number=number,
            rule_text=f"rule {number}",
            rule_kind="free" if dealer else "language",
            rule_id=None,
            dealer_seat_id=dealer,
        )
        uow.commit()
    return round_id


def test_teachers_are_counted_found_and_given_new_password_hashes(new_uow: NewUnitOfWork) -> None:
    with new_uow() as uow:
        assert uow.teachers.count() == 0
        teacher_id = uow.teachers.add("ms-rivera", "old")
        uow.teachers.set_password_hash(teacher_id, "new")
        uow.commit()
    with new_uow() as uow:
        assert uow.teachers.count() == 1
        found = uow.teachers.get(teacher_id)
        assert found is not None and (found.username, found.password_hash) == ("ms-rivera", "new")
        assert uow.teachers.by_username("ms-rivera") == found
        assert uow.teachers.by_username("MS-RIVERA") is None
        assert uow.teachers.get(teacher_id + 1) is None


def test_a_class_is_created_with_its_groups_in_order(
    new_uow: NewUnitOfWork, lesson: Lesson
) -> None:
    with new_uow() as uow:
        period = uow.classes.get(lesson.class_id)
        groups = uow.groups.of_class(lesson.class_id)
    assert period is not None
    assert (period.teacher_id, period.name, period.join_code) == (
        lesson.teacher_id,
        "Period 3",
        "7HK2MQ",
    )
    assert (period.wrong_guess_penalty, period.stock_out, period.ended_at) == (
        False,
        "add_deck",
        None,
    )
    assert [(g.position, g.name, g.rule_text, g.rule_id, g.dealer_mode) for g in groups] == [
        (0, "Otters", "color alternates", None, "app"),
        (1, "Falcons", "rank up", "rank-up", "student"),
    ]
    assert {(g.class_id, g.class_name, g.class_ended, g.teacher_id) for g in groups} == {
        (lesson.class_id, "Period 3", False, lesson.teacher_id)
    }


def test_classes_of_a_teacher_come_newest_first(new_uow: NewUnitOfWork, lesson: Lesson) -> None:
    with new_uow() as uow:
        newer = uow.classes.add(
            teacher_id=lesson.teacher_id,
            name="Period 4",
            join_code="PQR234",
            wrong_guess_penalty=True,
            stock_out="end_round",
            groups=[NewGroup("Comets", "rank up", None, "app")],
        )
        uow.commit()
        assert [c.id for c in uow.classes.of_teacher(lesson.teacher_id)] == [newer, lesson.class_id]
        assert uow.classes.of_teacher(lesson.teacher_id + 1) == []


def test_an_ended_class_neither_opens_by_its_join_code_nor_keeps_it(
    new_uow: NewUnitOfWork, lesson: Lesson
) -> None:
    with new_uow() as uow:
        found = uow.classes.open_by_join_code("7HK2MQ")
        assert found is not None and found.id == lesson.class_id
        assert uow.classes.join_code_in_use("7HK2MQ")
        assert not uow.classes.join_code_in_use("AAAAAA")
        uow.classes.update(lesson.class_id, ended_at=utcnow())
        uow.commit()
    with new_uow() as uow:
        assert uow.classes.open_by_join_code("7HK2MQ") is None
        assert not uow.classes.join_code_in_use("7HK2MQ")
        ended = uow.classes.get(lesson.class_id)
        assert ended is not None and ended.ended_at is not None
        assert uow.groups.of_class(lesson.class_id)[0].class_ended is True


def test_class_settings_and_the_projector_link_are_updated(
    new_uow: NewUnitOfWork, lesson: Lesson
) -> None:
    with new_uow() as uow:
        assert uow.classes.by_projector_hash("f00d") is None
        uow.classes.update(
            lesson.class_id,
            projector_token_hash="f00d",
            projector_anonymous=True,
            joining_locked=True,
        )
        uow.commit()
    with new_uow() as uow:
        assert uow.classes.by_projector_hash("f00d") == lesson.class_id
        found = uow.classes.get(lesson.class_id)
        assert found is not None and (found.projector_anonymous, found.joining_locked) == (
            True,
            True,
        )


def test_classes_created_before_a_moment(new_uow: NewUnitOfWork, lesson: Lesson) -> None:
    with new_uow() as uow:
        created = uow.classes.get(lesson.class_id)
        assert created is not None
        assert uow.classes.created_before(created.created_at) == []
        assert uow.classes.created_before(created.created_at + timedelta(seconds=1)) == [
            lesson.class_id
        ]


def test_groups_are_updated_and_read_with_their_latest_round(
    new_uow: NewUnitOfWork, lesson: Lesson
) -> None:
    group_id = lesson.group_ids[1]
    with new_uow() as uow:
        found = uow.groups.with_latest_round(group_id)
        assert found is not None and found[1] is None
        assert uow.groups.with_latest_round(999) is None and uow.groups.get(999) is None
        uow.groups.update(group_id, rule_revealed=True, paused=True, dealing_seat_id=7)
        uow.groups.update(group_id, dealer_mode="app")
        uow.commit()
    first, second = add_round(new_uow, group_id, 1), add_round(new_uow, group_id, 2)
    with new_uow() as uow:
        group = uow.groups.get(group_id)
        found = uow.groups.with_latest_round(group_id)
        rounds = uow.rounds.of_group(group_id)
        assert uow.rounds.latest(group_id) == rounds[-1]
    assert group is not None and found is not None and found[0] == group
    assert (group.rule_revealed, group.paused, group.dealing_seat_id, group.dealer_mode) == (
        True, True, 7, "app",
    )  # fmt: skip
    assert found[1] is not None and found[1].id == second
    assert [r.id for r in rounds] == [first, second]


def test_a_round_is_stamped_when_started(new_uow: NewUnitOfWork, lesson: Lesson) -> None:
    before = utcnow().replace(microsecond=0)
    round_id = add_round(new_uow, lesson.group_ids[0], 1, dealer=lesson.seat_ids[2])
    with new_uow() as uow:
        found = uow.rounds.latest(lesson.group_ids[0])
        assert uow.rounds.latest(lesson.group_ids[1]) is None
    assert found is not None and found.id == round_id
    assert (found.number, found.rule_text, found.rule_kind, found.rule_id) == (
        1,
        "rule 1",
        "free",
        None,
    )
    assert found.dealer_seat_id == lesson.seat_ids[2] and found.started_at >= before


def test_the_log_is_read_back_whole_after_a_seq_and_with_its_times(
    new_uow: NewUnitOfWork, lesson: Lesson
) -> None:
    round_id = add_round(new_uow, lesson.group_ids[0], 1)
    dealt = deal(["1", "2", "3"], random.Random(3))
    events = (dealt, Hint(seq=2, text="colors"), Guessed(seq=3, seat="1", text="red then black"))
    with new_uow() as uow:
        assert uow.rounds.last_guess_time(round_id) is None
        uow.rounds.append(round_id, events[:2])
        uow.rounds.append(round_id, events[2:])
        uow.rounds.append(round_id, [])
        uow.commit()
    with new_uow() as uow:
        assert uow.rounds.events(round_id) == events
        assert uow.rounds.events(round_id, after=2) == events[2:]
        stored = uow.rounds.stored_events(round_id)
        guess_time = uow.rounds.last_guess_time(round_id)
    assert [s.event for s in stored] == list(events)
    assert all(isinstance(s, StoredEvent) and isinstance(s.written_at, datetime) for s in stored)
    assert guess_time == stored[2].written_at


def test_contested_verdicts_are_kept_in_order(new_uow: NewUnitOfWork, lesson: Lesson) -> None:
    round_id = add_round(new_uow, lesson.group_ids[0], 1, dealer=lesson.seat_ids[0])
    verdicts = [VerdictRow(2, "10H", True, False), VerdictRow(5, None, False, True)]
    with new_uow() as uow:
        assert uow.rounds.verdict_count(round_id) == 0
        for verdict in verdicts:
            uow.rounds.add_verdict(round_id, verdict)
        uow.commit()
    with new_uow() as uow:
        assert uow.rounds.verdicts(round_id) == verdicts
        assert uow.rounds.verdict_count(round_id) == 2


def test_journal_entries_keep_their_moment_and_are_read_per_seat(
    new_uow: NewUnitOfWork, lesson: Lesson
) -> None:
    round_id = add_round(new_uow, lesson.group_ids[0], 1)
    ana, ben, _ = lesson.seat_ids
    moment = datetime(2024, 5, 6, 9, 30, 15)
    entries = [
        JournalRow(ana, 3, "red then black", 7, "10H", True, moment),
        JournalRow(ben, 4, "numbers go up", None, None, None, moment + timedelta(minutes=1)),
        JournalRow(ana, 6, "alternating colors", 9, None, False, moment + timedelta(minutes=2)),
    ]
    with new_uow() as uow:
        assert not uow.journal.has_any(round_id)
        ids = [uow.journal.add(round_id, entry) for entry in entries]
        uow.commit()
    with new_uow() as uow:
        assert uow.journal.has_any(round_id)
        assert uow.journal.of_round(round_id) == entries
        assert uow.journal.of_round(round_id, ana) == [entries[0], entries[2]]
    assert len(set(ids)) == 3


def test_seats_are_found_by_id_and_token_and_listed_in_joining_order(
    new_uow: NewUnitOfWork, lesson: Lesson
) -> None:
    ana, ben, chen = lesson.seat_ids
    with new_uow() as uow:
        found = uow.seats.by_token_hash("token-Ben")
        assert found is not None and found == uow.seats.get(ben)
        assert (found.group_id, found.class_id, found.nickname) == (
            lesson.group_ids[0], lesson.class_id, "Ben",
        )  # fmt: skip
        assert (found.class_ended, found.teacher_id) == (False, lesson.teacher_id)
        assert uow.seats.by_token_hash("nobody") is None and uow.seats.get(999) is None
        uow.seats.rename(ben, "Benjamin", "benjamin")
        uow.commit()
    with new_uow() as uow:
        group = lesson.group_ids[0]
        assert uow.seats.names(group) == [(ana, "Ana"), (ben, "Benjamin"), (chen, "Chen")]
        assert uow.seats.keys(group) == [(ana, "ana"), (ben, "benjamin"), (chen, "chen")]
        assert uow.seats.names(lesson.group_ids[1]) == []


def test_an_action_id_is_remembered_with_its_seq_for_its_seat_only(
    new_uow: NewUnitOfWork, lesson: Lesson
) -> None:
    ana, ben, _ = lesson.seat_ids
    group, other_group = lesson.group_ids
    with new_uow() as uow:
        assert uow.seats.seated_and_applied(ana, group, "action-1") == (True, None)
        uow.seats.remember_action(ana, "action-1", 4)
        uow.commit()
    with new_uow() as uow:
        assert uow.seats.seated_and_applied(ana, group, "action-1") == (True, 4)
        assert uow.seats.seated_and_applied(ben, group, "action-1") == (True, None)
        assert uow.seats.seated_and_applied(ana, other_group, "action-1") == (False, None)


def test_a_removed_seat_takes_its_journal_and_actions_with_it(
    new_uow: NewUnitOfWork, lesson: Lesson
) -> None:
    ana, ben, chen = lesson.seat_ids
    round_id = add_round(new_uow, lesson.group_ids[0], 1)
    with new_uow() as uow:
        uow.seats.remember_action(ana, "action-1", 1)
        uow.journal.add(round_id, JournalRow(ana, 1, "red", None, None, None, utcnow()))
        uow.journal.add(round_id, JournalRow(ben, 1, "black", None, None, None, utcnow()))
        uow.commit()
    with new_uow() as uow:
        uow.seats.delete(ana)
        uow.commit()
    with new_uow() as uow:
        assert uow.seats.get(ana) is None
        assert uow.seats.names(lesson.group_ids[0]) == [(ben, "Ben"), (chen, "Chen")]
        assert [entry.seat_id for entry in uow.journal.of_round(round_id)] == [ben]
        assert uow.seats.seated_and_applied(ana, lesson.group_ids[0], "action-1") == (False, None)
        # Her nickname is free at the table again.
        assert uow.seats.add(lesson.group_ids[0], "Ana", "ana", "token-Ana-again") > chen


def test_a_nickname_whose_key_has_the_longest_length_is_seated(
    new_uow: NewUnitOfWork, lesson: Lesson
) -> None:
    # Case folding can make each of 20 characters four: the key column must hold all 80.
    nickname = clean_nickname("ᾂ" * MAX_NICKNAME)
    key = nickname_key(nickname)
    assert len(key) == MAX_NICKNAME_KEY
    use_cases = UseCases.over(new_uow)
    seat, _token = use_cases.seats.join("7HK2MQ", lesson.group_ids[0], nickname)
    with new_uow() as uow:
        assert (seat.seat_id, key) in uow.seats.keys(lesson.group_ids[0])
        assert (seat.seat_id, nickname) in uow.seats.names(lesson.group_ids[0])
