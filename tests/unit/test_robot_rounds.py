"""Robots play whole rounds of both games with the app as dealer, and the ideal scientist names
library rules in fewer plays than the confirmer."""

from __future__ import annotations

import random
import statistics

import pytest

from classroom.core.cards import Card
from classroom.core.games.express import Round
from classroom.core.games.express.events import Guessed
from classroom.core.hypotheses.builder import built_from
from classroom.core.robots import (
    KINDS,
    Confirmer,
    Guess,
    IdealScientist,
    NoPlay,
    PassGuess,
    Play,
    Predict,
    SeatView,
    express_move,
    play_express,
    play_new_eleusis,
    robot,
)
from classroom.core.rules import compile_rule
from classroom.core.rules.library import find_rule, load_library


def cards(*texts: str) -> tuple[Card, ...]:
    return tuple(Card.parse(text) for text in texts)


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("rule_id", ["alternate-colors", "suit-cycle", "up-then-down"])
def test_three_robots_play_an_express_round_to_its_end(kind, rule_id):
    robots = {seat: robot(kind, seed=3) for seat in ("Ana", "Ben", "Chen")}
    played = play_express(robots, find_rule(rule_id).rule, random.Random(3))
    assert played.state.is_over
    assert played.state.end_reason in ("guessed", "emptied", "stock_out")
    assert played.plays > 0


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("rule_id", ["red-cards-only", "position-parity"])
def test_robots_play_a_new_eleusis_round_to_its_end(kind, rule_id):
    # New Eleusis needs four players.
    robots = {seat: robot(kind, seed=4) for seat in ("Ana", "Ben", "Chen", "Dia")}
    played = play_new_eleusis(robots, find_rule(rule_id).rule, random.Random(4))
    assert played.state.is_over
    assert played.state.end_reason in ("emptied", "expelled")


def test_an_ideal_scientist_becomes_prophet_once_sure():
    robots = {seat: IdealScientist(seed=1) for seat in ("Ana", "Ben", "Chen", "Dia")}
    played = play_new_eleusis(robots, find_rule("red-cards-only").rule, random.Random(1))
    assert any(event.kind == "declared" for event in played.events)


def test_the_ideal_scientist_names_library_rules_in_fewer_plays_than_the_confirmer():
    library = load_library()
    deals = [(library[(n * 3) % len(library)], n) for n in range(16)]

    def median_plays(make: type[IdealScientist] | type[Confirmer]) -> float:
        found = []
        for entry, seed in deals:
            robots = {seat: make(seed=seed) for seat in ("Ana", "Ben", "Chen")}
            played = play_express(robots, entry.rule, random.Random(seed))
            found.append(999 if played.found_at is None else played.found_at)
        return statistics.median(found)

    assert median_plays(IdealScientist) < median_plays(Confirmer)


@pytest.mark.parametrize("rule_id", ["hearts-and-spades", "odd-on-black", "odd-then-red"])
def test_a_robot_guesses_a_library_rule_in_the_builders_wording_and_is_right(rule_id):
    robots = {seat: IdealScientist(seed=1) for seat in ("Ana", "Ben", "Chen")}
    played = play_express(robots, find_rule(rule_id).rule, random.Random(1))
    guessed = [event.text for event in played.events if isinstance(event, Guessed)]
    assert guessed
    assert guessed[-1] != find_rule(rule_id).rule.text
    assert built_from(guessed[-1]) is not None
    assert played.state.end_reason == "guessed"


def test_a_robot_answers_with_the_command_its_seat_may_give():
    game = Round.deal(["Ana", "Ben", "Chen"], random.Random(8), judge=compile_rule("card.odd"))
    ideal = IdealScientist()
    assert express_move(ideal, game.state, game.events, "Ben") is None
    move = express_move(ideal, game.state, game.events, "Ana")
    assert isinstance(move, Play | NoPlay)
    if isinstance(move, Play):
        assert move.cards[0] in game.state.hand("Ana")


def test_robots_predict_a_waiting_card_and_guess_after_their_correct_play():
    game = Round.deal(["Ana", "Ben", "Chen"], random.Random(8))
    game.play("Ana", game.state.hand("Ana")[0])
    predicted = express_move(Confirmer(seed=1), game.state, game.events, "Ben")
    assert isinstance(predicted, Predict)
    assert express_move(Confirmer(seed=1), game.state, game.events, "Ana") is None
    game.judge_play(True)
    answer = express_move(Confirmer(seed=1), game.state, game.events, "Ana")
    assert isinstance(answer, Guess)
    assert compile_rule(answer.text)
    assert isinstance(express_move(robot("random"), game.state, game.events, "Ana"), PassGuess)


def test_the_confirmer_plays_only_what_its_hypothesis_accepts():
    confirmer = Confirmer(seed=5)
    hand = tuple(
        Card.parse(text)
        for text in ["2H", "3S", "4D", "5C", "9H", "JS", "QD", "KC", "AH", "7S", "8D", "10C"]
    )
    view = SeatView("Ana", hand=hand, mainline=(Card.parse("6H"),), trials=())
    held = confirmer.hypothesis(view)
    assert held is not None
    chosen = confirmer.choose_play(view)
    rule = confirmer.candidates[held].rule
    if chosen is None:
        assert not any(rule.allows(view.mainline, card) for card in hand)
    else:
        assert rule.allows(view.mainline, chosen[0])


def test_the_same_view_gets_the_same_answer():
    hand = cards("2H", "3S", "4D", "5C", "9H", "JS")
    view = SeatView("Ana", hand=hand, mainline=(Card.parse("6H"),), trials=())
    for kind in KINDS:
        assert robot(kind, seed=9).choose_play(view) == robot(kind, seed=9).choose_play(view)


def test_an_unknown_kind_of_robot_is_refused():
    with pytest.raises(ValueError, match="no robot"):
        robot("oracle")
