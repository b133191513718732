"""What the New Eleusis rules print agrees with the game: the worked example's numbers are the
engine's scores, the drawn layout obeys the rule its caption names; and the rule cards, which
both games share, say nothing of Express's round mechanics."""

from __future__ import annotations

import math
import re

import pytest

from classroom.core.cards import Color
from classroom.core.games.new_eleusis.scoring import dealer_score, high_count, player_scores
from classroom.core.rules.library import load_library
from printables.documents import ne_rules_pdf, rule_cards_pdf, rules_sheet_pdf
from printables.kit.i18n import speaking
from printables.new_eleusis.rules import (
    EXAMPLE_MAINLINE,
    EXAMPLE_MARKER,
    EXAMPLE_SIDELINES,
    WorkedExample,
)
from printables.rulecards.plan import library_rule_cards
from tests.unit.test_printables_languages import squeezed
from tests.unit.test_printables_support import text_of

EXAMPLE = WorkedExample()
#: Words of Express's round (12 cards, one penalty card, +6 / +3, guesses, the stock) that a
#: rule card must not print, since New Eleusis uses the same cards.
EXPRESS_ONLY = (
    r"\b12 cards\b",
    r"\bpenalt",
    r"\bguess",
    r"\+6\b",
    r"\+3\b",
    r"\bone card fewer\b",
    r"\bno play\b",
    r"\bstock\b",
    r"\bscore",
    r"\bprophet\b",
)


@pytest.fixture(scope="module")
def rules_text() -> str:
    return text_of(ne_rules_pdf(paper="a4"))


def engine_scores() -> dict[str, int]:
    with speaking("en"):
        names = EXAMPLE.names()
    hands = dict(zip(names, EXAMPLE.hands, strict=True))
    bonus = EXAMPLE.mainline_after + 2 * EXAMPLE.sideline_after
    return player_scores(hands, prophet=names[EXAMPLE.prophet], bonus=bonus)


def test_the_worked_example_prints_the_engines_scores():
    scores = engine_scores()
    assert tuple(scores.values()) == EXAMPLE.scores
    assert high_count(dict(enumerate(EXAMPLE.hands))) == EXAMPLE.high
    assert dealer_score(scores, before_marker=EXAMPLE.before_marker) == EXAMPLE.dealer
    # The example shows the dealer's limit at work: it is below the highest player score.
    assert EXAMPLE.dealer == 2 * EXAMPLE.before_marker < max(EXAMPLE.scores)


def arithmetic(expression: str) -> int:
    """The value of a printed sum like '9 − 3 + 5 × 1 + 1 × 2'."""
    parts = re.split(r" ([+−]) ", expression.strip())
    total = math.prod(int(factor) for factor in parts[0].split(" × "))
    for sign, term in zip(parts[1::2], parts[2::2], strict=True):
        value = math.prod(int(factor) for factor in term.split(" × "))
        total += value if sign == "+" else -value
    return total


def test_every_sum_of_the_worked_example_adds_up():
    assert arithmetic("9 − 3 + 5 × 1 + 1 × 2") == 13
    for line, score in zip(EXAMPLE.sums(), EXAMPLE.scores, strict=True):
        left, right = line.split("=")
        assert arithmetic(left) == int(right) == score


def test_the_rules_print_the_worked_example_and_the_dealers_limit(rules_text):
    text = squeezed(rules_text)
    for line in EXAMPLE.sums():
        assert squeezed(line) in text, line
    assert squeezed("highest 13, but at most 2 × 6 = 12: 12") in text
    assert squeezed("High count: 9.") in text


@pytest.mark.parametrize("language", ["ja", "pl", "ru"])
def test_the_worked_example_names_its_players_in_the_language(language):
    with speaking(language):
        names = EXAMPLE.names()
    text = squeezed(text_of(ne_rules_pdf(language=language)))
    assert all(squeezed(name) in text for name in names)
    assert all(squeezed(line) in text for line in EXAMPLE.sums())


def test_the_example_layout_obeys_red_and_black_taking_turns():
    def alternates(before, card):
        return before.color is not card.color

    colours = [card.color for card in EXAMPLE_MAINLINE]
    assert set(colours) == {Color.RED, Color.BLACK}
    assert all(map(alternates, EXAMPLE_MAINLINE, EXAMPLE_MAINLINE[1:]))
    # The sideline holds one wrong string: its first card is wrong, the next alone would fit.
    strings = [(i, side) for i, side in enumerate(EXAMPLE_SIDELINES) if side]
    assert len(strings) == 1
    (under, (first, second)) = strings[0]
    assert not alternates(EXAMPLE_MAINLINE[under], first) and alternates(first, second)
    assert len(EXAMPLE_SIDELINES) == len(EXAMPLE_MAINLINE)
    # The caption says a player became prophet "later": the marked card came after the string.
    assert under < EXAMPLE_MARKER < len(EXAMPLE_MAINLINE)


def test_the_caption_names_the_cards_of_the_drawing(rules_text):
    assert "the string J♠ 4♥" in rules_text and "below 3♠" in rules_text
    assert "after playing 5♣: the marker lies on it" in rules_text


def test_express_rules_sheet_trips_the_words_a_rule_card_must_not_print():
    express = text_of(rules_sheet_pdf())
    missed = [p for p in EXPRESS_ONLY if not re.search(p, express, re.IGNORECASE)]
    assert missed == [r"\bprophet\b"]


def test_a_rule_card_says_nothing_of_express_round_mechanics():
    library = load_library()
    cards = library_rule_cards(library)
    texts = [" ".join(filter(None, (c.title, c.text, c.hint))) for c in cards]
    printed = text_of(rule_cards_pdf(ids=[rule.id for rule in library[:3]]))
    for text in [*texts, printed]:
        for pattern in EXPRESS_ONLY:
            assert not re.search(pattern, text, re.IGNORECASE), (pattern, text[:80])
