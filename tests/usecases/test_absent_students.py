"""An absent student never stops a group: the teacher skips their turn or removes them, even
mid-round; and the table's size follows who deals."""

from __future__ import annotations

import pytest

from classroom.core.games.express import Options
from classroom.usecases import Conflict, GroupSetup, NotFound, RuleChoice, UseCases
from tests.usecases.tables import Table


def test_the_teacher_skips_the_turn_of_an_absent_student(table: Table) -> None:
    absent = table.whose_turn()
    change = table.use_cases.rounds.skip_turn(table.teacher, table.group_id, absent.seat_id)
    assert [event.kind for event in change.events] == ["turn_skipped"]
    state = table.state()
    assert state.turn == state.next_seat(absent.key)
    assert len(state.hand(absent.key)) == 12


def test_a_skip_for_a_turn_that_has_moved_on_is_refused(table: Table) -> None:
    absent = table.whose_turn()
    table.use_cases.rounds.skip_turn(table.teacher, table.group_id, absent.seat_id)
    with pytest.raises(Conflict, match="no longer"):
        table.use_cases.rounds.skip_turn(table.teacher, table.group_id, absent.seat_id)


def test_a_student_removed_mid_round_leaves_their_hand_under_the_stock(table: Table) -> None:
    leaving = table.whose_turn()
    stock_before = len(table.state().stock)
    change = table.use_cases.seats.remove_seat(table.teacher, leaving.seat_id)
    assert [event.kind for event in change.events] == ["player_removed"]
    state = table.state()
    assert leaving.key not in state.seats and len(state.seats) == 3
    assert len(state.stock) == stock_before + 12
    assert state.turn is not None and state.turn != leaving.key
    snapshot = table.use_cases.reading.group_snapshot(table.group_id)
    assert leaving.seat_id not in [seat.id for seat in snapshot.seats]


def test_the_others_play_on_after_a_removal(table: Table) -> None:
    table.use_cases.seats.remove_seat(table.teacher, table.whose_turn().seat_id)
    table.use_cases.rounds.forget_cache()
    player = table.whose_turn()
    change = table.play(player, table.right_card(player))
    assert [event.kind for event in change.events] == ["played", "judged"]


def test_removing_one_of_three_players_ends_the_round(
    use_cases: UseCases, teacher: int, class_id: int
) -> None:
    table = Table.seated(use_cases, teacher, class_id, players=3)
    use_cases.rounds.start_round(teacher, table.group_id)
    change = use_cases.seats.remove_seat(teacher, table.seats[1].seat_id)
    assert [event.kind for event in change.events] == ["player_removed", "round_ended"]
    assert table.state().is_over and len(table.state().seats) == 2


def test_a_removed_seat_cannot_act_any_more(table: Table) -> None:
    leaving = table.whose_turn()
    card = table.state().hand(leaving.key)[0]
    table.use_cases.seats.remove_seat(table.teacher, leaving.seat_id)
    with pytest.raises(NotFound):
        table.play(leaving, card)


def _student_dealt(use_cases: UseCases, teacher: int, players: int) -> tuple[Table, str]:
    setup = [GroupSetup("Otters", "card.color != prev.color", dealer_mode="student")]
    class_id = use_cases.classes.create_class(teacher, "Club", setup, Options())
    table = Table.seated(use_cases, teacher, class_id, players=players)
    use_cases.rounds.start_round(teacher, table.group_id)
    dealing = use_cases.reading.group_snapshot(table.group_id).dealing_seat
    assert dealing is not None
    return table, dealing


def test_removing_the_student_choosing_the_rule_frees_the_group(
    use_cases: UseCases, teacher: int
) -> None:
    table, dealing = _student_dealt(use_cases, teacher, 5)
    use_cases.seats.remove_seat(teacher, int(dealing))
    assert use_cases.reading.group_snapshot(table.group_id).dealing_seat is None
    use_cases.rounds.start_round(teacher, table.group_id)
    assert use_cases.reading.group_snapshot(table.group_id).dealing_seat is not None


def test_removing_the_dealer_ends_the_round_as_it_stands(use_cases: UseCases, teacher: int) -> None:
    table, dealing = _student_dealt(use_cases, teacher, 5)
    dealer = next(seat for seat in table.seats if seat.key == dealing)
    use_cases.dealing.choose_rule(dealer, RuleChoice("language", "true"), "choose-1")
    change = use_cases.seats.remove_seat(teacher, dealer.seat_id)
    assert [event.kind for event in change.events] == ["round_ended"]
    assert table.state().end_reason == "teacher"


def test_when_the_app_deals_the_first_player_moves_one_seat_each_round(table: Table) -> None:
    firsts = []
    for _round in range(5):
        firsts.append(table.state().seats[0])
        table.use_cases.rounds.end_round(table.teacher, table.group_id)
        table.use_cases.rounds.start_round(table.teacher, table.group_id)
    keys = [seat.key for seat in table.seats]
    assert firsts == [keys[0], keys[1], keys[2], keys[3], keys[0]]
    assert table.state().turn == table.state().seats[0]


def test_switching_to_student_dealers_needs_four_students(
    use_cases: UseCases, teacher: int, class_id: int
) -> None:
    table = Table.seated(use_cases, teacher, class_id, players=3)
    with pytest.raises(Conflict, match="3 students; students deal only with 4 or more"):
        use_cases.lesson.set_dealer_mode(teacher, table.group_id, "student")
    assert use_cases.reading.group_snapshot(table.group_id).dealer_mode == "app"
    code = use_cases.reading.class_snapshot(teacher, class_id).join_code
    use_cases.seats.join(code, table.group_id, "Dana")
    use_cases.lesson.set_dealer_mode(teacher, table.group_id, "student")
    assert use_cases.reading.group_snapshot(table.group_id).dealer_mode == "student"


def test_a_student_dealer_table_seats_eight_players_and_the_dealer(
    use_cases: UseCases, teacher: int, class_id: int
) -> None:
    table = Table.seated(use_cases, teacher, class_id, players=8)
    code = use_cases.reading.class_snapshot(teacher, class_id).join_code
    with pytest.raises(Conflict, match="full"):
        use_cases.seats.join(code, table.group_id, "Ines")
    use_cases.lesson.set_dealer_mode(teacher, table.group_id, "student")
    use_cases.seats.join(code, table.group_id, "Ines")
    with pytest.raises(Conflict, match="full"):
        use_cases.seats.join(code, table.group_id, "Jun")
    assert len(use_cases.reading.group_snapshot(table.group_id).seats) == 9


def test_the_app_does_not_take_over_a_table_of_nine(
    use_cases: UseCases, teacher: int, class_id: int
) -> None:
    table = Table.seated(use_cases, teacher, class_id, players=8)
    use_cases.lesson.set_dealer_mode(teacher, table.group_id, "student")
    code = use_cases.reading.class_snapshot(teacher, class_id).join_code
    use_cases.seats.join(code, table.group_id, "Ines")
    with pytest.raises(Conflict, match="9 students; the app deals to 8 players at most"):
        use_cases.lesson.set_dealer_mode(teacher, table.group_id, "app")
    assert use_cases.reading.group_snapshot(table.group_id).dealer_mode == "student"
