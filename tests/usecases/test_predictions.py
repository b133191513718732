"""Everyone predicts, on the in-memory store: the others forecast a waiting card; the app's
verdict waits for all of them, for the window, or for a timer, whichever comes first."""

from __future__ import annotations

from datetime import timedelta

import pytest

from classroom.core.games.express import (
    GameError,
    Judged,
    Options,
    Played,
    Predicted,
    PredictionDeclined,
    PredictionNotAllowed,
)
from classroom.projections.group_views import public_event, student_view
from classroom.usecases import Conflict, GroupSetup, Invalid, Move, SeatRef, UseCases
from tests.fakes import FakeStore
from tests.fakes.unit_of_work import utc_now
from tests.usecases.tables import Table

RULE = "card.color != prev.color"


def predicting_table(
    use_cases: UseCases, teacher: int, *, players: int = 4, dealer: str = "app", on: bool = True
) -> Table:
    """A dealt round in a class where everyone predicts (or not, `on` False)."""
    class_id = use_cases.classes.create_class(
        teacher,
        "Class 8p",
        [GroupSetup("Lynxes", RULE, dealer_mode=dealer)],
        Options(),
        everyone_predicts=on,
        predict_seconds=5,
    )
    table = Table.seated(use_cases, teacher, class_id, players=players)
    use_cases.rounds.start_round(teacher, table.group_id)
    return table


def predict(table: Table, seat: SeatRef, accepted: bool, action_id: str = "") -> object:
    return table.use_cases.predictions.predict(
        seat, Move("predict", action_id or f"p-{seat.key}-{table.moves}", right=accepted)
    )


def others(table: Table, player: SeatRef) -> list[SeatRef]:
    return [seat for seat in table.seats if seat != player]


def test_a_play_waits_for_the_tables_predictions_and_the_last_one_brings_the_verdict(
    use_cases: UseCases, teacher: int
) -> None:
    table = predicting_table(use_cases, teacher)
    player = table.whose_turn()
    change = table.play(player, table.right_card(player))
    assert [type(e) for e in change.events] == [Played]
    assert table.state().phase == "judging_play"
    first, second, third = others(table, player)
    predict(table, first, True)
    predict(table, second, False)
    assert table.state().phase == "judging_play"
    last = predict(table, third, True)
    assert [type(e) for e in last.events] == [Predicted, Judged]
    state = table.state()
    assert state.phase != "judging_play"
    rights = {p.seat: p.right for p in state.predictions}
    assert rights == {first.key: True, second.key: False, third.key: True}


def skip(table: Table, seat: SeatRef) -> object:
    return table.use_cases.predictions.predict(
        seat, Move("skip_predict", f"s-{seat.key}-{table.moves}")
    )


def test_a_skip_is_an_answer_so_the_last_answer_brings_the_verdict_at_once(
    use_cases: UseCases, teacher: int
) -> None:
    table = predicting_table(use_cases, teacher)
    player = table.whose_turn()
    table.play(player, table.right_card(player))
    first, second, third = others(table, player)
    predict(table, first, True)
    assert [type(e) for e in skip(table, second).events] == [PredictionDeclined]
    assert table.state().phase == "judging_play"
    last = predict(table, third, False)
    assert [type(e) for e in last.events] == [Predicted, Judged]
    state = table.state()
    # The skip is no forecast: it is neither right nor wrong.
    assert {p.seat: p.right for p in state.predictions} == {first.key: True, third.key: False}


def test_a_skip_as_the_last_answer_brings_the_verdict_and_counts_as_answered(
    use_cases: UseCases, teacher: int
) -> None:
    table = predicting_table(use_cases, teacher)
    player = table.whose_turn()
    table.play(player, table.right_card(player))
    first, second, third = others(table, player)
    predict(table, first, True)
    skipped = skip(table, second)
    snapshot = use_cases.reading.group_snapshot(table.group_id)
    waiting = student_view(snapshot, player.key)["predict"]["waiting"]
    assert (waiting["count"], waiting["of"]) == (2, 3)
    assert student_view(snapshot, second.key)["predict"]["waiting"]["can"] is False
    # The others learn that someone answered, not that it was a skip.
    event = skipped.events[0]  # type: ignore[attr-defined]
    assert public_event(event) == {"kind": "predicted", "seq": event.seq}
    with pytest.raises(PredictionNotAllowed):
        predict(table, second, True)  # a skip is the answer on this card
    last = skip(table, third)
    assert [type(e) for e in last.events] == [PredictionDeclined, Judged]


def test_the_tablets_show_only_ones_own_forecast_before_the_verdict(
    use_cases: UseCases, teacher: int
) -> None:
    table = predicting_table(use_cases, teacher)
    player = table.whose_turn()
    table.play(player, table.right_card(player))
    first, second, _third = others(table, player)
    change = predict(table, first, False)
    snapshot = use_cases.reading.group_snapshot(table.group_id)
    mine = student_view(snapshot, first.key)["predict"]["waiting"]
    theirs = student_view(snapshot, second.key)["predict"]["waiting"]
    players = student_view(snapshot, player.key)["predict"]["waiting"]
    assert (mine["said"], mine["can"], mine["count"], mine["of"]) == (False, False, 1, 3)
    assert (theirs["said"], theirs["can"]) == (None, True)
    assert (players["mine"], players["can"]) == (True, False)
    assert public_event(change.events[0]) == {"kind": "predicted", "seq": change.events[0].seq}


def test_the_running_accuracy_of_the_student_and_of_the_table(
    use_cases: UseCases, teacher: int
) -> None:
    table = predicting_table(use_cases, teacher)
    player = table.whose_turn()
    table.play(player, table.right_card(player))
    first, second, third = others(table, player)
    predict(table, first, True)
    predict(table, second, False)
    predict(table, third, True)
    snapshot = use_cases.reading.group_snapshot(table.group_id)
    view = student_view(snapshot, second.key)["predict"]
    assert view["mine"] == {"right": 0, "of": 1}
    assert view["table"] == {"right": 2, "of": 3}
    assert view["last"]["right"] == 2 and view["last"]["mine"] is False


@pytest.mark.parametrize("who", ["player", "twice"])
def test_a_forecast_on_ones_own_card_or_a_second_one_is_refused_and_changes_nothing(
    use_cases: UseCases, teacher: int, who: str
) -> None:
    table = predicting_table(use_cases, teacher)
    player = table.whose_turn()
    table.play(player, table.right_card(player))
    seat = player if who == "player" else others(table, player)[0]
    if who == "twice":
        predict(table, seat, True)
    before = table.events()
    with pytest.raises(PredictionNotAllowed):
        predict(table, seat, False, action_id="again")
    assert table.events() == before


def test_predictions_are_refused_in_a_class_that_does_not_predict(
    use_cases: UseCases, teacher: int
) -> None:
    table = predicting_table(use_cases, teacher, on=False)
    player = table.whose_turn()
    change = table.play(player, table.right_card(player))
    assert isinstance(change.events[-1], Judged)  # judged at once, as always
    with pytest.raises(Conflict):
        predict(table, others(table, player)[0], True)


def test_the_timer_closes_the_window_once_and_only_for_the_play_still_waiting(
    use_cases: UseCases, teacher: int
) -> None:
    table = predicting_table(use_cases, teacher)
    player = table.whose_turn()
    play = table.play(player, table.right_card(player)).events[0].seq
    predict(table, others(table, player)[0], True)
    closed = use_cases.predictions.close_predictions(table.group_id, play)
    assert closed is not None and isinstance(closed.events[-1], Judged)
    assert use_cases.predictions.close_predictions(table.group_id, play) is None
    assert table.state().predictions[0].right is True


def test_an_overdue_window_is_closed_by_the_next_action_or_connection(
    store: FakeStore, use_cases: UseCases, teacher: int
) -> None:
    table = predicting_table(use_cases, teacher)
    player = table.whose_turn()
    store.clock = lambda: utc_now() - timedelta(minutes=1)  # the play was written long ago
    table.play(player, table.right_card(player))
    store.clock = utc_now
    assert use_cases.predictions.close_overdue(table.group_id) is not None
    assert table.state().phase != "judging_play"


def test_a_late_forecast_brings_the_overdue_verdict_and_is_not_recorded(
    store: FakeStore, use_cases: UseCases, teacher: int
) -> None:
    table = predicting_table(use_cases, teacher)
    player = table.whose_turn()
    store.clock = lambda: utc_now() - timedelta(minutes=1)
    table.play(player, table.right_card(player))
    store.clock = utc_now
    change = predict(table, others(table, player)[0], True)
    assert change.late and [type(e) for e in change.events] == [Judged]
    assert table.state().predictions == ()


def test_a_window_not_yet_over_is_left_open(use_cases: UseCases, teacher: int) -> None:
    table = predicting_table(use_cases, teacher)
    player = table.whose_turn()
    table.play(player, table.right_card(player))
    assert use_cases.predictions.close_overdue(table.group_id) is None
    with pytest.raises(GameError):  # the next player waits for the verdict
        table.play(table.seats[0], table.state().hand(table.seats[0].key)[0])
    assert table.state().phase == "judging_play"


def test_with_a_student_dealer_the_table_predicts_until_the_dealer_judges(
    use_cases: UseCases, teacher: int
) -> None:
    table = predicting_table(use_cases, teacher, dealer="student", players=4)
    dealer_key = use_cases.reading.group_snapshot(table.group_id).dealing_seat
    dealer = next(seat for seat in table.seats if seat.key == dealer_key)
    from classroom.usecases import RuleChoice, Verdict

    use_cases.dealing.choose_rule(dealer, RuleChoice("language", RULE), "rule")
    player = table.whose_turn()
    table.play(player, table.state().hand(player.key)[0])
    players = [s for s in table.seats if s not in (dealer, player)]
    for seat in players:
        predict(table, seat, True)
    assert table.state().phase == "judging_play"  # all predicted: still the dealer's call
    snapshot = use_cases.reading.group_snapshot(table.group_id)
    assert student_view(snapshot, players[0].key)["predict"]["waiting"]["left"] is None
    use_cases.dealing.judge_as_dealer(dealer, Verdict("play", True, None, confirmed=True), "v")
    assert all(p.right is not None for p in table.state().predictions)


@pytest.mark.parametrize("seconds", [2, 16, True])
def test_the_window_is_3_to_15_seconds(use_cases: UseCases, teacher: int, seconds: int) -> None:
    with pytest.raises(Invalid):
        use_cases.classes.create_class(
            teacher, "7x", [GroupSetup("A", RULE)], Options(), predict_seconds=seconds
        )


def test_the_teacher_turns_the_option_on_and_sets_the_window(
    use_cases: UseCases, teacher: int, class_id: int
) -> None:
    use_cases.classes.set_predictions(teacher, class_id, True, 9)
    snapshot = use_cases.reading.class_snapshot(teacher, class_id)
    assert (snapshot.everyone_predicts, snapshot.predict_seconds) == (True, 9)
    with pytest.raises(Invalid):
        use_cases.classes.set_predictions(teacher, class_id, True, 30)
    assert use_cases.reading.class_snapshot(teacher, class_id).predict_seconds == 9


@pytest.mark.parametrize("on", [True, False])
def test_a_seat_read_from_its_token_says_whether_its_class_predicts(
    use_cases: UseCases, teacher: int, on: bool
) -> None:
    # A connecting tablet looks for a card left waiting by a restarted server only then.
    table = predicting_table(use_cases, teacher, on=on)
    code = use_cases.reading.class_snapshot(teacher, table.class_id).join_code
    _seat, token = use_cases.seats.join(code, table.group_id, "Ines")
    assert use_cases.seats.seat_by_token(token).predicting is on
