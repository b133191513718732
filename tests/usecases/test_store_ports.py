"""What the storage ports read back, held by the fake and the SQL store alike: derived columns,
orders, the event log's round trip and deleting with everything inside."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest

from classroom.core.cards import Card
from classroom.core.games.express import Guessed, Hint, Played
from classroom.usecases.ports import JournalRow, NewGroup, UnitOfWork, VerdictRow
from tests.fakes import utc_now
from tests.fakes.seeding import hints, seed_class, seed_round

Factory = Callable[[], UnitOfWork]


def note(seat_id: int, text: str) -> JournalRow:
    return JournalRow(seat_id, 1, text, 5, "5H", True, utc_now().replace(microsecond=0))


# --- classes and groups ------------------------------------------------------------------
def test_a_new_class_has_its_groups_at_positions_in_order(any_uow_factory: Factory):
    with any_uow_factory() as uow:
        class_id = seed_class(uow, groups=3)
        uow.commit()
    with any_uow_factory() as uow:
        period = uow.classes.get(class_id)
        groups = uow.groups.of_class(class_id)
    assert period is not None
    assert (period.ended_at, period.joining_locked, period.projector_anonymous) == (
        None,
        False,
        False,
    )
    assert [(g.position, g.name) for g in groups] == [
        (0, "Table 0"),
        (1, "Table 1"),
        (2, "Table 2"),
    ]
    assert {(g.class_name, g.class_ended, g.teacher_id) for g in groups} == {
        ("Maths 3B", False, period.teacher_id)
    }


@pytest.mark.parametrize("reveal", [True, False])
def test_the_reveal_after_guess_option_reads_back_on_the_class_and_its_groups(
    any_uow_factory: Factory, reveal: bool
):
    with any_uow_factory() as uow:
        teacher_id = uow.teachers.add("ada", "not a real hash")
        class_id = uow.classes.add(
            teacher_id=teacher_id,
            name="Maths 3B",
            join_code="RVL234",
            wrong_guess_penalty=False,
            stock_out="add_deck",
            groups=[NewGroup("Table 0", "color alternates", None, "app")],
            reveal_after_guess=reveal,
        )
        group_id = uow.groups.of_class(class_id)[0].id
        seed_round(uow, group_id)
        uow.commit()
    with any_uow_factory() as uow:
        period = uow.classes.get(class_id)
        group = uow.groups.get(group_id)
        found = uow.groups.with_latest_round(group_id)
        (listed,) = uow.groups.of_class(class_id)
    assert period is not None and period.reveal_after_guess is reveal
    assert group is not None and group.reveal_after_guess is reveal
    assert listed.reveal_after_guess is reveal
    # The group and its round come from one row split by position: both halves must line up.
    assert found is not None
    with_round, round_row = found
    assert (with_round.reveal_after_guess, with_round.teacher_id) == (reveal, teacher_id)
    assert round_row is not None and (round_row.group_id, round_row.number) == (group_id, 1)


def test_a_class_reveals_the_rule_after_a_right_guess_unless_told_otherwise(
    any_uow_factory: Factory,
):
    with any_uow_factory() as uow:
        class_id = seed_class(uow, groups=1)
        uow.commit()
    with any_uow_factory() as uow:
        period = uow.classes.get(class_id)
    assert period is not None and period.reveal_after_guess is True


def test_an_ended_class_frees_its_join_code(any_uow_factory: Factory):
    with any_uow_factory() as uow:
        class_id = seed_class(uow, join_code="XYZ789")
        assert uow.classes.join_code_in_use("XYZ789")
        uow.classes.update(class_id, ended_at=utc_now())
        uow.commit()
    with any_uow_factory() as uow:
        assert uow.classes.open_by_join_code("XYZ789") is None
        assert not uow.classes.join_code_in_use("XYZ789")
        assert uow.groups.of_class(class_id)[0].class_ended
        reopened = seed_class(uow, join_code="XYZ789")
        found = uow.classes.open_by_join_code("XYZ789")
    assert found is not None and found.id == reopened


def test_a_teachers_classes_come_newest_first(any_uow_factory: Factory):
    with any_uow_factory() as uow:
        first = seed_class(uow, join_code="AAA222")
        other = seed_class(uow, join_code="BBB333", teacher="bea")
        second = seed_class(uow, join_code="CCC444")
        teacher = uow.teachers.by_username("ada")
        assert teacher is not None
        assert [c.id for c in uow.classes.of_teacher(teacher.id)] == [second, first]
        assert [c.teacher_id for c in uow.classes.of_teacher(teacher.id)] == [teacher.id] * 2
        assert other not in [c.id for c in uow.classes.of_teacher(teacher.id)]


def test_updates_take_only_the_columns_the_use_cases_change(any_uow_factory: Factory):
    with any_uow_factory() as uow:
        class_id = seed_class(uow)
        group_id = uow.groups.of_class(class_id)[0].id
        uow.classes.update(class_id, joining_locked=True, projector_anonymous=True)
        uow.groups.update(group_id, rule_revealed=True, paused=True, dealer_mode="student")
        uow.groups.update(group_id, dealing_seat_id=None)
        with pytest.raises(ValueError):
            uow.classes.update(class_id, name="Renamed")
        with pytest.raises(ValueError):
            uow.groups.update(group_id, rule_text="suit alternates")
        uow.commit()
    with any_uow_factory() as uow:
        period, group = uow.classes.get(class_id), uow.groups.get(group_id)
    assert period is not None and (period.joining_locked, period.projector_anonymous) == (
        True,
        True,
    )
    assert group is not None and (group.rule_revealed, group.paused) == (True, True)
    assert (group.dealer_mode, group.rule_text, period.name) == (
        "student",
        "color alternates",
        "Maths 3B",
    )


def test_a_projector_hash_opens_its_class_only(any_uow_factory: Factory):
    with any_uow_factory() as uow:
        class_id = seed_class(uow)
        assert uow.classes.by_projector_hash("h1") is None
        uow.classes.update(class_id, projector_token_hash="h1")
        assert uow.classes.by_projector_hash("h1") == class_id
        assert uow.classes.by_projector_hash("h2") is None


def test_created_before_finds_the_classes_older_than_a_moment(any_uow_factory: Factory):
    with any_uow_factory() as uow:
        class_id = seed_class(uow)
        assert uow.classes.created_before(utc_now() + timedelta(minutes=1)) == [class_id]
        assert uow.classes.created_before(utc_now() - timedelta(days=1)) == []


# --- seats -------------------------------------------------------------------------------
def test_a_seat_row_carries_its_class(any_uow_factory: Factory):
    with any_uow_factory() as uow:
        class_id = seed_class(uow)
        group = uow.groups.of_class(class_id)[1]
        seat_id = uow.seats.add(group.id, "Ana", "ana", "t1")
        seat = uow.seats.by_token_hash("t1")
        assert seat == uow.seats.get(seat_id)
        assert seat is not None and (seat.group_id, seat.class_id) == (group.id, class_id)
        assert (seat.nickname, seat.class_ended, seat.teacher_id) == (
            "Ana",
            False,
            group.teacher_id,
        )
        uow.classes.update(class_id, ended_at=utc_now())
        ended = uow.seats.get(seat_id)
        assert ended is not None and ended.class_ended
        assert uow.seats.by_token_hash("t2") is None and uow.seats.get(seat_id + 1) is None


def test_names_and_keys_follow_the_joining_order(any_uow_factory: Factory):
    with any_uow_factory() as uow:
        group_id = uow.groups.of_class(seed_class(uow))[0].id
        zoe = uow.seats.add(group_id, "Zoé", "zoé", "t1")
        ana = uow.seats.add(group_id, "Ana", "ana", "t2")
        assert uow.seats.names(group_id) == [(zoe, "Zoé"), (ana, "Ana")]
        assert uow.seats.keys(group_id) == [(zoe, "zoé"), (ana, "ana")]


def test_deleting_a_seat_deletes_its_journal_entries(any_uow_factory: Factory):
    with any_uow_factory() as uow:
        group_id = uow.groups.of_class(seed_class(uow))[0].id
        ana = uow.seats.add(group_id, "Ana", "ana", "t1")
        ben = uow.seats.add(group_id, "Ben", "ben", "t2")
        round_id = seed_round(uow, group_id)
        uow.journal.add(round_id, note(ana, "reds"))
        uow.journal.add(round_id, note(ben, "blacks"))
        uow.commit()
    with any_uow_factory() as uow:
        uow.seats.delete(ana)
        uow.commit()
    with any_uow_factory() as uow:
        assert [row.text for row in uow.journal.of_round(round_id)] == ["blacks"]
        assert uow.seats.get(ana) is None and uow.seats.names(group_id) == [(ben, "Ben")]


# --- rounds, logs, journal ---------------------------------------------------------------
def test_the_latest_round_is_the_highest_number(any_uow_factory: Factory):
    with any_uow_factory() as uow:
        group = uow.groups.of_class(seed_class(uow))[0]
        assert uow.groups.with_latest_round(group.id) == (group, None)
        second = seed_round(uow, group.id, 2)
        first = seed_round(uow, group.id, 1)
        latest = uow.rounds.latest(group.id)
        assert latest is not None and latest.id == second
        assert uow.groups.with_latest_round(group.id) == (group, latest)
        assert [r.id for r in uow.rounds.of_group(group.id)] == [first, second]
        assert uow.groups.with_latest_round(group.id + 99) is None


def test_events_come_back_decoded_in_seq_order(any_uow_factory: Factory):
    played = Played(seq=2, seat="7", card=Card.parse("10H"))
    with any_uow_factory() as uow:
        round_id = seed_round(uow, uow.groups.of_class(seed_class(uow))[0].id)
        uow.rounds.append(round_id, [Hint(seq=3, text="colors")])
        uow.rounds.append(round_id, [*hints(1), played])
        uow.commit()
    with any_uow_factory() as uow:
        assert uow.rounds.events(round_id) == (*hints(1), played, Hint(seq=3, text="colors"))
        assert uow.rounds.events(round_id, after=2) == (Hint(seq=3, text="colors"),)
        assert uow.rounds.events(round_id + 99) == ()


def test_the_last_guess_time_is_when_the_newest_guess_was_written(any_uow_factory: Factory):
    with any_uow_factory() as uow:
        round_id = seed_round(uow, uow.groups.of_class(seed_class(uow))[0].id)
        uow.rounds.append(round_id, hints(1))
        assert uow.rounds.last_guess_time(round_id) is None
        uow.rounds.append(round_id, [Guessed(seq=2, seat="7", text="reds"), *hints(3)])
        uow.commit()
    with any_uow_factory() as uow:
        stored = uow.rounds.stored_events(round_id)
        assert [entry.event.seq for entry in stored] == [1, 2, 3]
        assert uow.rounds.last_guess_time(round_id) == stored[1].written_at


def test_verdicts_and_journal_entries_keep_their_order(any_uow_factory: Factory):
    with any_uow_factory() as uow:
        group_id = uow.groups.of_class(seed_class(uow))[0].id
        ana = uow.seats.add(group_id, "Ana", "ana", "t1")
        ben = uow.seats.add(group_id, "Ben", "ben", "t2")
        round_id, other = seed_round(uow, group_id, 1), seed_round(uow, group_id, 2)
        verdicts = [VerdictRow(4, "5H", True, False), VerdictRow(2, None, False, True)]
        for verdict in verdicts:
            uow.rounds.add_verdict(round_id, verdict)
        notes = [note(ben, "reds"), note(ana, "odd"), note(ben, "up")]
        for entry in notes:
            uow.journal.add(round_id, entry)
        uow.commit()
    with any_uow_factory() as uow:
        assert uow.rounds.verdicts(round_id) == verdicts and uow.rounds.verdict_count(round_id) == 2
        assert uow.rounds.verdicts(other) == [] and uow.rounds.verdict_count(other) == 0
        assert uow.journal.of_round(round_id) == notes
        assert uow.journal.of_round(round_id, ben) == [notes[0], notes[2]]
        assert uow.journal.has_any(round_id) and not uow.journal.has_any(other)


# --- deleting and teachers ---------------------------------------------------------------
def test_deleting_a_class_deletes_everything_in_it(any_uow_factory: Factory):
    with any_uow_factory() as uow:
        kept, doomed = seed_class(uow, join_code="KEPT22"), seed_class(uow)
        group_id = uow.groups.of_class(doomed)[0].id
        seat_id = uow.seats.add(group_id, "Ana", "ana", "t1")
        round_id = seed_round(uow, group_id, dealer_seat_id=seat_id)
        uow.rounds.append(round_id, hints(1))
        uow.rounds.add_verdict(round_id, VerdictRow(1, "5H", True, False))
        uow.journal.add(round_id, note(seat_id, "reds"))
        uow.seats.remember_action(seat_id, "a1", 1)
        uow.commit()
    with any_uow_factory() as uow:
        uow.classes.delete([doomed])
        uow.commit()
    with any_uow_factory() as uow:
        assert uow.classes.get(doomed) is None and uow.groups.get(group_id) is None
        assert uow.seats.get(seat_id) is None and uow.seats.by_token_hash("t1") is None
        assert uow.seats.seated_and_applied(seat_id, group_id, "a1") == (False, None)
        assert uow.rounds.latest(group_id) is None and uow.rounds.events(round_id) == ()
        assert uow.rounds.verdicts(round_id) == [] and not uow.journal.has_any(round_id)
        assert uow.classes.get(kept) is not None and len(uow.groups.of_class(kept)) == 2


def test_a_teacher_account_is_found_by_id_and_username(any_uow_factory: Factory):
    with any_uow_factory() as uow:
        ada = uow.teachers.add("ada", "hash 1")
        uow.teachers.set_password_hash(ada, "hash 2")
        uow.commit()
    with any_uow_factory() as uow:
        assert uow.teachers.count() == 1
        assert uow.teachers.get(ada) == uow.teachers.by_username("ada")
        account = uow.teachers.get(ada)
        assert account is not None and (account.username, account.password_hash) == (
            "ada",
            "hash 2",
        )
        assert uow.teachers.by_username("Ada") is None and uow.teachers.get(ada + 1) is None


# --- languages -----------------------------------------------------------------------------
def test_a_class_speaks_english_unless_made_in_another_language(any_uow_factory: Factory):
    with any_uow_factory() as uow:
        english = seed_class(uow)
        teacher_id = uow.classes.get(english).teacher_id  # type: ignore[union-attr]
        uow.classes.add(
            teacher_id=teacher_id,
            name="Klasa 4a",
            join_code="POL234",
            wrong_guess_penalty=False,
            stock_out="add_deck",
            groups=[NewGroup("Stolik 1", "color alternates", None, "app")],
            language="pl",
        )
        uow.commit()
    with any_uow_factory() as uow:
        assert [c.language for c in uow.classes.of_teacher(teacher_id)] == ["pl", "en"]
        opened = uow.classes.open_by_join_code("POL234")
        assert opened is not None and opened.language == "pl"


def test_a_class_language_is_one_of_the_columns_an_update_changes(any_uow_factory: Factory):
    with any_uow_factory() as uow:
        class_id = seed_class(uow)
        uow.classes.update(class_id, language="ja")
        uow.commit()
    with any_uow_factory() as uow:
        period = uow.classes.get(class_id)
    assert period is not None and period.language == "ja"


def test_a_teacher_follows_the_browser_until_choosing_a_language(any_uow_factory: Factory):
    with any_uow_factory() as uow:
        ada = uow.teachers.add("ada", "hash 1")
        bob = uow.teachers.add("bob", "hash 2")
        uow.commit()
    with any_uow_factory() as uow:
        assert uow.teachers.get(ada).language is None  # type: ignore[union-attr]
        uow.teachers.set_language(ada, "ru")
        uow.commit()
    with any_uow_factory() as uow:
        chosen, other = uow.teachers.get(ada), uow.teachers.by_username("bob")
        assert chosen is not None and chosen.language == "ru"
        assert other is not None and (other.id, other.language) == (bob, None)
        uow.teachers.set_language(ada, None)
        uow.commit()
    with any_uow_factory() as uow:
        assert uow.teachers.get(ada).language is None  # type: ignore[union-attr]


def test_positions_give_each_groups_newest_round_and_seq(any_uow_factory: Factory):
    with any_uow_factory() as uow:
        first, second = (group.id for group in uow.groups.of_class(seed_class(uow, groups=2)))
        old = seed_round(uow, first, 1)
        uow.rounds.append(old, hints(1, 2, 3, 4))
        new = seed_round(uow, first, 2)
        uow.rounds.append(new, hints(1, 2))
        seed_round(uow, second, 1)  # dealt, nothing logged yet
        uow.commit()
    with any_uow_factory() as uow:
        assert uow.groups.positions([first, second, second + 99]) == {first: (2, 2), second: (1, 0)}
        assert uow.groups.positions([]) == {}
        class_id = uow.groups.get(first).class_id
        assert uow.groups.ids_of_classes([class_id, class_id + 99]) == {
            class_id: [first, second],
            class_id + 99: [],
        }
