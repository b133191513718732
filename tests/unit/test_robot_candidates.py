"""The candidate set against brute force: every candidate judged directly, card by card."""

from __future__ import annotations

import random

import pytest

from classroom.core.cards import DECK, Card
from classroom.core.games.express import Round
from classroom.core.hypotheses.builder import built_from
from classroom.core.hypotheses.equivalence import check_equivalence
from classroom.core.robots.candidates import candidate_set
from classroom.core.robots.evidence import Trial, consistent, trials
from classroom.core.robots.players import IdealScientist
from classroom.core.robots.tables import play_express
from classroom.core.rules import compile_rule
from classroom.core.rules.library import load_library
from classroom.projections.experiment_information import experiment_information
from classroom.projections.journal_view import JournalRecord

CANDIDATES = candidate_set()


def brute_force(seen: list[Trial]) -> int:
    """The candidates agreeing with every trial, each rule judged directly."""
    alive = 0
    for candidate in CANDIDATES:
        agrees = True
        for trial in seen:
            line, accepted = trial.mainline, True
            for card in trial.cards:
                accepted = accepted and candidate.rule.allows(line, card)
                line = (*line, card)
            if accepted != trial.accepted:
                agrees = False
                break
        if agrees:
            alive |= 1 << candidate.number
    return alive


def robot_free_round(rule_text: str, seed: int, plays: int) -> Round:
    """A short Express round: each seat in turn plays its first card."""
    game = Round.deal(["Ana", "Ben", "Chen"], random.Random(seed), judge=compile_rule(rule_text))
    for _ in range(plays):
        if game.state.phase == "guess_window":
            game.pass_guess(game.state.guesser or "")
        seat = game.state.turn or ""
        game.play(seat, game.state.hand(seat)[0])
    return game


def test_every_library_rule_and_builder_filling_is_a_candidate():
    for entry in load_library():
        number = CANDIDATES.find(entry.rule_text)
        assert number is not None and CANDIDATES[number].library_id == entry.id
    assert CANDIDATES.find("card.rank == prev.rank + 1") is not None
    assert CANDIDATES.find("card.colour == red") is None
    assert CANDIDATES.library.bit_count() == len(load_library())


def test_candidates_that_are_one_function_are_merged():
    # The library's "alternate colors" and the builder's "Take turns: red and black".
    number = CANDIDATES.find("card.color != prev.color")
    assert number is not None
    assert CANDIDATES[number].built is not None
    assert CANDIDATES[number].library_id == "alternate-colors"
    # The same rule written another way is found by what it does.
    assert CANDIDATES.find("prev.color != card.color") == number


def test_a_candidate_is_said_in_the_builders_rule_language_where_a_template_can_say_it():
    for candidate in CANDIDATES:
        if candidate.built is None:
            assert candidate.said == candidate.text
        else:
            # A tablet finds the child's words for exactly this text.
            assert built_from(candidate.said) is not None
        assert CANDIDATES.find(candidate.said) == candidate.number


def test_a_library_rule_said_in_the_builders_wording_is_judged_the_same_rule():
    reworded = [c for c in CANDIDATES if c.library_id and c.said != c.text]
    # "Hearts and spades" is said as the builder says it: "card.suit == spades or ...".
    assert "hearts-and-spades" in {c.library_id for c in reworded}
    for candidate in reworded:
        assert check_equivalence(candidate.text, candidate.said).verdict == "same", candidate.said


@pytest.mark.parametrize("mainline", ["5D", "5D QS", "KH 2C 2C", "AS 7H 9D JC"])
def test_acceptance_matches_every_rule_judged_directly(mainline):
    line = tuple(Card.parse(text) for text in mainline.split())
    acceptance = CANDIDATES.acceptance(line)
    for candidate in CANDIDATES:
        for card in DECK[::5]:
            expected = candidate.rule.allows(line, card)
            assert bool(acceptance[card.index] >> candidate.number & 1) == expected, (
                candidate.text,
                str(card),
            )


@pytest.mark.parametrize(
    ("rule", "seed", "plays"),
    [
        ("card.color != prev.color", 1, 6),
        ("if prev.rank > prev2.rank then card.rank < prev.rank else card.rank > prev.rank", 2, 8),
        ("card.rank % 4 == position % 4", 3, 7),
        ("card.suit == prev.suit or card.rank == prev.rank", 4, 5),
    ],
)
def test_consistent_counts_match_brute_force(rule, seed, plays):
    seen = list(trials(robot_free_round(rule, seed, plays).events))
    assert len(seen) == plays
    for upto in range(plays + 1):
        assert consistent(CANDIDATES, seen[:upto]) == brute_force(seen[:upto])


def test_a_wrong_string_rules_out_only_candidates_that_accept_it_whole():
    starter = (Card.parse("5D"),)
    wrong = Trial("Ana", starter, (Card.parse("4S"), Card.parse("9H")), False, 2)
    assert consistent(CANDIDATES, [wrong]) == brute_force([wrong])


def test_what_each_play_taught_matches_brute_force_counts():
    game = robot_free_round("card.color != prev.color", 7, 6)
    journal = [JournalRecord("Ben", 1, "card.color == red", None, None, None, "")]
    taught = experiment_information(game.events, journal)
    seen = list(trials(game.events))
    for n, play in enumerate(taught.plays):
        assert play.before == brute_force(seen[:n]).bit_count()
        assert play.after == brute_force(seen[: n + 1]).bit_count()
        assert (play.hypothesis is not None) == (play.seat == "Ben")
    assert taught.curve[0] == len(CANDIDATES)
    assert len(taught.most_informative) == 3
    first = taught.most_informative[0]
    assert all((p.ruled_out or 0) <= (first.ruled_out or 0) for p in taught.plays)


def test_the_sure_play_before_a_guess_taught_nothing():
    # Ideal scientists play a card every remaining rule accepts when nothing is left to learn,
    # to earn the right to guess: that play cannot teach anything. (These wait to be sure.)
    robots = {seat: IdealScientist(seed=2, free_guess_share=0.5) for seat in ("Ana", "Ben", "Chen")}
    played = play_express(robots, compile_rule("card.suit != prev.suit"), random.Random(2))
    assert played.state.end_reason == "guessed"
    taught = experiment_information(played.events)
    assert taught.plays[-1].taught_nothing
    assert taught.plays[-1] in taught.uninformative
    assert all(p.taught_nothing == (p.after == p.before > 0) for p in taught.plays)
    assert taught.plays[-1] not in taught.most_informative
