"""Playing a round through the use cases, on the in-memory store."""

from __future__ import annotations

import pytest

from classroom.core.cards import Card
from classroom.core.games.express import GameError, Guessed, Played
from classroom.core.games.express.scoring import round_scores
from classroom.core.rules import compile_rule
from classroom.usecases import Conflict, JournalNote, Move, NotFound, SeatRef, UseCases
from tests.usecases.tables import Table


def test_a_round_needs_three_players(use_cases: UseCases, teacher: int, class_id: int) -> None:
    table = Table.seated(use_cases, teacher, class_id, players=2)
    with pytest.raises(Conflict, match="3 to 8"):
        use_cases.rounds.start_round(teacher, table.group_id)
    assert use_cases.reading.group_snapshot(table.group_id).round_id is None


def test_a_second_round_waits_for_the_first_to_end(table: Table) -> None:
    with pytest.raises(Conflict, match="already playing"):
        table.use_cases.rounds.start_round(table.teacher, table.group_id)
    table.use_cases.rounds.end_round(table.teacher, table.group_id)
    table.use_cases.rounds.start_round(table.teacher, table.group_id)
    assert table.use_cases.reading.group_snapshot(table.group_id).round_number == 2


def test_a_right_play_joins_the_mainline_and_passes_the_turn(table: Table) -> None:
    first = table.whose_turn()
    change = table.play(first, table.right_card(first))
    assert [event.kind for event in change.events] == ["played", "judged"]
    assert change.snapshot is not None and change.snapshot.state is not None
    assert change.snapshot.state.turn != first.key
    assert len(change.snapshot.state.layout.mainline) == 2


def test_a_repeated_action_is_applied_once(table: Table) -> None:
    first = table.whose_turn()
    card = table.right_card(first)
    once = table.use_cases.rounds.act(first, Move("play", "same-id", cards=(card,)))
    again = table.use_cases.rounds.act(first, Move("play", "same-id", cards=(card,)))
    assert again.duplicate and again.events == ()
    assert again.seq == once.seq

    assert sum(isinstance(event, Played) for event in table.events()) == 1


def test_playing_out_of_turn_changes_nothing(table: Table) -> None:
    other = next(s for s in table.seats if s.key != table.state().turn)
    before = table.state().seq
    with pytest.raises(GameError):
        table.play(other, table.state().hand(other.key)[0])
    assert table.state().seq == before


def test_a_paused_group_takes_no_action(table: Table) -> None:
    table.use_cases.lesson.set_paused(table.teacher, table.group_id, True)
    first = table.whose_turn()
    with pytest.raises(Conflict, match="paused"):
        table.play(first, table.right_card(first))
    table.use_cases.lesson.set_paused(table.teacher, table.group_id, False)
    table.play(first, table.right_card(first))


def test_a_removed_seat_cannot_act(table: Table) -> None:
    first = table.whose_turn()
    table.use_cases.seats.remove_seat(table.teacher, first.seat_id)
    with pytest.raises(NotFound):
        table.use_cases.rounds.act(first, Move("pass", "after-removal"))


def test_a_guess_waits_for_the_teachers_verdict(table: Table) -> None:
    first = table.whose_turn()
    table.play(first, table.right_card(first))
    table.use_cases.rounds.act(first, Move("guess", "g1", text="colours alternate"))
    assert table.state().phase == "judging_guess"
    change = table.use_cases.rounds.judge_guess(table.teacher, table.group_id, True)
    assert change.events and table.state().is_over
    assert any(isinstance(event, Guessed) for event in table.events())


def test_hints_and_the_end_of_a_round_are_logged(table: Table) -> None:
    table.use_cases.rounds.give_hint(table.teacher, table.group_id, "look at the colours")
    table.use_cases.rounds.end_round(table.teacher, table.group_id)
    kinds = [event.kind for event in table.events()]
    assert kinds[-2:] == ["hint", "round_ended"]
    totals = table.use_cases.lesson.class_totals(table.teacher, table.class_id)
    assert totals[0].rounds[0].scores == {
        table.nickname(seat): score for seat, score in round_scores(table.state()).items()
    }


def test_the_log_alone_gives_the_state(table: Table) -> None:
    first = table.whose_turn()
    table.play(first, table.right_card(first))
    before = table.state()
    table.use_cases.rounds.forget_cache()
    assert table.state() == before


def test_the_dealer_mode_changes_only_between_rounds(table: Table) -> None:
    with pytest.raises(Conflict, match="between rounds"):
        table.use_cases.lesson.set_dealer_mode(table.teacher, table.group_id, "student")
    table.use_cases.rounds.end_round(table.teacher, table.group_id)
    table.use_cases.lesson.set_dealer_mode(table.teacher, table.group_id, "student")
    assert table.use_cases.reading.group_snapshot(table.group_id).dealer_mode == "student"


def test_the_journal_keeps_the_moment_of_the_round(table: Table) -> None:
    first = table.whose_turn()
    table.play(first, table.right_card(first))
    seq = table.state().seq
    table.use_cases.journal.write_journal(first, JournalNote("red then black", 7))
    [entry] = table.use_cases.journal.journal(table.round_id(), first.seat_id)
    assert (entry.seq, entry.text, entry.confidence) == (seq, "red then black", 7)
    catch_up = table.use_cases.reading.catch_up(table.group_id, first.seat_id, 1, 0)
    assert catch_up.journal == (entry,)
    record = table.use_cases.records.group_record(table.teacher, table.group_id)
    assert record.rounds[0].journal == (entry,)
    assert record.rounds[0].events == table.events()


def test_revealing_the_rule_is_kept_per_group(table: Table) -> None:
    table.use_cases.rounds.set_revealed(table.teacher, table.group_id, True)
    assert table.use_cases.reading.group_snapshot(table.group_id).rule_revealed


def test_a_tablet_that_missed_events_gets_exactly_those(table: Table) -> None:
    first = table.whose_turn()
    seen = table.state().seq
    table.play(first, table.right_card(first))
    catch_up = table.use_cases.reading.catch_up(table.group_id, first.seat_id, 1, seen)
    assert [event.seq for event in catch_up.missed] == list(range(seen + 1, table.state().seq + 1))


def test_the_events_kept_for_catching_up_are_the_logs_as_it_grows(table: Table) -> None:
    first = table.whose_turn()
    reading = table.use_cases.reading
    # Read once from the start (kept), then the log grows by a play: a tablet that saw the
    # start gets the play, one that saw nothing gets everything, as the log has them.
    whole = reading.catch_up(table.group_id, first.seat_id, 1, 0).missed
    assert whole == table.events()
    seen = table.state().seq
    table.play(first, table.right_card(first))
    assert (
        reading.catch_up(table.group_id, first.seat_id, 1, seen).missed
        == table.events()[len(whole) :]
    )
    assert reading.catch_up(table.group_id, first.seat_id, 1, 0).missed == table.events()
    assert reading.catch_up(table.group_id, first.seat_id, 1, table.state().seq).missed == ()
    # Nothing kept: the same answers from the log alone.
    table.use_cases.context.states.forget()
    assert (
        reading.catch_up(table.group_id, first.seat_id, 1, seen).missed
        == table.events()[len(whole) :]
    )


def test_an_unknown_card_is_refused_before_the_engine(table: Table) -> None:
    first = table.whose_turn()
    with pytest.raises(GameError):
        table.use_cases.rounds.act(first, Move("play", "no-card"))
    absent = next(
        c for c in map(Card.parse, ("AS", "KH", "2C", "9D")) if not _holds(table, first, c)
    )
    with pytest.raises(GameError):
        table.play(first, absent)


def _holds(table: Table, seat: SeatRef, card: Card) -> bool:
    return card in table.state().hand(seat.key)


def test_compile_rule_is_the_rule_the_round_judges_with(table: Table) -> None:
    rule = compile_rule(table.use_cases.reading.group_snapshot(table.group_id).rule_text)
    first = table.whose_turn()
    card = table.right_card(first)
    assert rule.allows(table.state().layout.mainline, card)
