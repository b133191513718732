"""An absent player never holds the table: the teacher skips their turn or removes them."""

from __future__ import annotations

import pytest

from classroom.core.games.express import (
    NotYourTurn,
    PlayerRemoved,
    Round,
    RoundEnded,
    RoundOver,
    TurnSkipped,
    UnknownSeat,
    VerdictPending,
    event_from_dict,
    replay,
)
from classroom.core.games.express.scoring import round_scores
from tests.unit.test_game_support import cards, dealt, snapshot, table

C = cards


def four_seats() -> Round:
    """Ana, Ben, Chen and Dia with three cards each, judged by a person."""
    hands = {"Ana": "2H 3S 4H", "Ben": "6D 7S 8D", "Chen": "9S 10H JS", "Dia": "2C 3C 4C"}
    return Round([dealt(hands, stock="KS KH")])


def test_skipping_a_turn_passes_it_to_the_next_seat() -> None:
    game = table()
    events = game.skip_turn("Ana")
    assert events == (TurnSkipped(seq=2, seat="Ana"),)
    assert (game.state.turn, game.state.phase) == ("Ben", "playing")
    assert game.state.hand("Ana") == C("2H 3S 4H")


def test_only_the_seat_whose_turn_it_is_can_be_skipped() -> None:
    game = table()
    before = snapshot(game)
    with pytest.raises(NotYourTurn, match="Ana's turn, not Ben's"):
        game.skip_turn("Ben")
    assert snapshot(game) == before
    assert not game.allows("skip_turn", "Zed")


def test_a_turn_cannot_be_skipped_while_a_verdict_is_owed() -> None:
    game = table()
    game.play("Ana", C("2H")[0])
    with pytest.raises(VerdictPending):
        game.skip_turn("Ana")


def test_skipping_in_the_guess_window_keeps_the_guessers_chance() -> None:
    game = table()
    game.play("Ana", C("2H")[0])
    game.judge_play(True)
    game.skip_turn("Ben")
    assert (game.state.phase, game.state.guesser, game.state.turn) == (
        "guess_window",
        "Ana",
        "Chen",
    )


def test_a_removed_players_hand_goes_under_the_stock() -> None:
    game = four_seats()
    events = game.remove_player("Chen")
    assert events == (PlayerRemoved(seq=2, seat="Chen"),)
    assert game.state.seats == ("Ana", "Ben", "Dia")
    # The stock is written bottom first: the removed hand lies under the old stock.
    assert game.state.stock == C("9S 10H JS KS KH")
    assert game.state.turn == "Ana"


def test_removing_the_player_whose_turn_it_is_passes_the_turn_on() -> None:
    four = four_seats()
    four.remove_player("Ana")
    assert (four.state.turn, four.state.phase) == ("Ben", "playing")
    assert four.state.seats == ("Ben", "Chen", "Dia")


def test_a_removed_player_scores_nothing_and_the_others_score_as_usual() -> None:
    game = four_seats()
    game.remove_player("Ben")
    game.end_round("bell")
    assert round_scores(game.state) == {"Ana": 9, "Chen": 9, "Dia": 9}


def test_removing_the_guesser_closes_the_guess_window() -> None:
    game = four_seats()
    game.play("Ana", C("2H")[0])
    game.judge_play(True)
    game.remove_player("Ana")
    assert (game.state.phase, game.state.guesser, game.state.turn) == ("playing", None, "Ben")


def test_a_player_whose_verdict_is_owed_cannot_be_removed() -> None:
    game = four_seats()
    game.play("Ana", C("2H")[0])
    before = snapshot(game)
    with pytest.raises(VerdictPending):
        game.remove_player("Ana")
    assert snapshot(game) == before


def test_another_player_can_leave_while_a_verdict_is_owed() -> None:
    game = four_seats()
    game.play("Ana", C("2H")[0])
    game.remove_player("Ben")
    game.judge_play(False)
    assert game.state.turn == "Chen"


def test_a_round_left_with_two_players_ends_and_is_scored() -> None:
    game = table()
    events = game.remove_player("Ben")
    assert events[-1] == RoundEnded(seq=3, reason="teacher", note="too few players")
    assert round_scores(game.state) == {"Ana": 9, "Chen": 9}


def test_nobody_can_be_removed_from_an_ended_round_or_twice() -> None:
    game = four_seats()
    game.remove_player("Ben")
    with pytest.raises(UnknownSeat):
        game.remove_player("Ben")
    game.end_round()
    with pytest.raises(RoundOver):
        game.remove_player("Ana")


def test_skips_and_removals_replay_from_their_stored_form() -> None:
    game = four_seats()
    game.skip_turn("Ana")
    game.remove_player("Dia")
    stored = [event.to_dict() for event in game.events]
    assert [d["kind"] for d in stored[1:]] == ["turn_skipped", "player_removed"]
    assert replay(event_from_dict(d) for d in stored) == game.state
