"""An absent player at a New Eleusis table: the teacher skips their turn or removes them, and
leaving is not losing (no expulsion, no penalty), whatever the table was waiting for."""

from __future__ import annotations

import pytest

from classroom.core.games import new_eleusis as ne
from tests.unit.test_new_eleusis_support import Alternate, cards, play_right, snapshot, table


def test_a_skipped_turn_passes_to_the_next_player() -> None:
    game = table()
    events = ne.skip_turn(game.state, "Ana")
    after = ne.replay(game.events + events)
    assert [event.kind for event in events] == ["turn_skipped"]
    assert after.turn == "Ben"
    assert after.hand("Ana") == game.state.hand("Ana")


def test_a_skip_out_of_turn_is_refused_and_changes_nothing() -> None:
    game = table()
    before = snapshot(game)
    with pytest.raises(ne.NotYourTurn):
        ne.skip_turn(game.state, "Chen")
    assert snapshot(game) == before


def test_a_turn_waiting_for_a_verdict_cannot_be_skipped() -> None:
    game = table()  # no judge: the string waits for the dealer
    game.play("Ana", cards("2H"))
    with pytest.raises(ne.VerdictPending):
        ne.skip_turn(game.state, "Ben")


def test_a_removed_player_leaves_without_being_expelled() -> None:
    game = table()
    events = ne.remove_player(game.state, "Chen")
    after = ne.replay(game.events + events)
    assert [event.kind for event in events] == ["player_removed"]
    assert "Chen" not in after.seats and "Chen" not in after.expelled
    assert after.stock[:5] == cards("9H 10S JH QS KH")  # the hand went under the stock
    assert set(ne.round_scores(after)) == {"Ana", "Ben", "Dia"}


def test_removing_the_player_whose_turn_it_is_passes_the_turn_on() -> None:
    game = table()
    after = ne.replay(game.events + ne.remove_player(game.state, "Ana"))
    assert after.turn == "Ben"


def test_removing_a_player_whose_string_waits_takes_it_back_and_moves_on() -> None:
    game = table()
    game.play("Ana", cards("2H 3S"))
    assert game.state.phase == "judging_play"
    after = ne.replay(game.events + ne.remove_player(game.state, "Ana"))
    assert after.phase == "playing" and after.pending is None and after.turn == "Ben"
    assert after.stock[:5] == cards("4H 5S 6H 2H 3S")
    assert len(after.layout.mainline) == 1  # the string never reached the table


def test_a_removed_prophet_leaves_office_without_penalty() -> None:
    game = table(judge=Alternate())
    game.play("Ana", cards("2H"))  # red on the black starter: right
    game.declare("Ana")
    assert game.state.prophet == "Ana"
    play_right(game, 2)
    after = ne.replay(game.events + ne.remove_player(game.state, "Ana"))
    assert after.prophet is None and after.prophet_marker is None
    assert after.count_from == after.cards_played
    assert after.phase == "playing" and after.turn in after.seats


def test_a_table_left_with_nobody_to_play_ends() -> None:
    game = table()
    for seat in ("Ana", "Ben", "Chen"):
        game = type(game)(game.events + ne.remove_player(game.state, seat))
    events = ne.remove_player(game.state, "Dia")
    assert [event.kind for event in events] == ["player_removed", "round_ended"]
    assert ne.replay(game.events + events).is_over


def test_shared_events_read_back_in_either_game() -> None:
    game = table()
    events = ne.skip_turn(game.state, "Ana")
    events += ne.remove_player(ne.replay(game.events + events), "Chen")
    assert [ne.event_from_dict(event.to_dict()) for event in events] == list(events)
