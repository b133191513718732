"""Hints, the teacher ending a round, and what the round's state remembers."""

from __future__ import annotations

from classroom.core.games.express import RoundEnded, replay
from tests.unit.test_game_support import cards, table

TWO_H, SEVEN_S = cards("2H 7S")


def test_a_hint_is_logged_before_anyone_plays() -> None:
    game = table()
    assert [e.kind for e in game.hint(" look at the colors ")] == ["hint"]
    assert game.state.hints == ("look at the colors",)
    assert game.state.turn == "Ana"


def test_a_hint_may_come_while_a_verdict_waits() -> None:
    game = table()
    game.play("Ana", TWO_H)
    game.hint("colors")
    assert (game.state.phase, game.state.hints) == ("judging_play", ("colors",))


def test_the_teacher_ends_the_round_with_a_note() -> None:
    game = table()
    assert game.end_round("bell rang") == (RoundEnded(seq=2, reason="teacher", note="bell rang"),)
    assert (game.state.phase, game.state.end_reason, game.state.winner) == ("over", "teacher", None)


def test_ending_while_a_play_waits_gives_the_card_back() -> None:
    game = table()
    game.play("Ana", TWO_H)
    game.end_round()
    assert game.state.hand("Ana") == cards("3S 4H 2H")
    assert game.state.pending is None


def test_ending_in_the_guess_window_closes_it() -> None:
    game = table()
    game.play("Ana", TWO_H)
    game.judge_play(True)
    game.end_round()
    assert (game.state.guesser, game.state.turn) == (None, None)


def test_seq_counts_every_event_from_one() -> None:
    game = table(automatic=True)
    game.hint("colors")
    game.play("Ana", TWO_H)
    game.guess("Ana", "alternate colors")
    assert [e.seq for e in game.events] == [1, 2, 3, 4, 5]
    assert game.state.seq == 5


def test_a_round_rebuilt_from_its_log_has_the_same_state() -> None:
    game = table(automatic=True)
    game.play("Ana", TWO_H)
    game.play("Ben", SEVEN_S)
    assert replay(game.events) == game.state
