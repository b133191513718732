"""Checking a hypothesis against the table: the first judgement it does not explain, in table
order, told in a sentence."""

from __future__ import annotations

import pytest

from classroom.core.hypotheses import check_consistency
from classroom.core.layout import Judgement
from classroom.core.rules import RuleError, compile_rule
from tests.unit.test_hypotheses_support import (
    C,
    cards,
    table,
)


@pytest.mark.parametrize(
    ("hypothesis", "starter", "plays", "checked", "contradiction"),
    [
        ("card.color != prev.color", "QH", "7S + 2C - 9D +", 3, None),
        (
            "card.color != prev.color",
            "QH",
            "7S + 2C - 9D + 3H +",
            4,
            Judgement(cards("QH 7S 9D"), C("3H"), True),
        ),
        ("card.color == prev.color", "QH", "7S +", 1, Judgement(cards("QH"), C("7S"), True)),
        ("true", "QH", "7S + 2C -", 2, Judgement(cards("QH 7S"), C("2C"), False)),
        ("card.rank > prev.rank", "2H", "5S + 3C -", 2, None),
        ("card.rank > prev.rank", "2H", "", 0, None),
    ],
)
def test_consistency_finds_the_first_unexplained_judgement_in_table_order(
    hypothesis: str, starter: str, plays: str, checked: int, contradiction: Judgement | None
) -> None:
    result = check_consistency(compile_rule(hypothesis), table(starter, plays))
    assert result.consistent is (contradiction is None)
    assert result.checked == checked
    assert result.contradiction == contradiction


@pytest.mark.parametrize(
    ("hypothesis", "plays", "sentence"),
    [
        (
            "card.color == prev.color",
            "7S +",
            "Your rule says 7♠ may not follow Q♥, but it was accepted.",
        ),
        ("true", "7S + 10C -", "Your rule says 10♣ may follow 7♠, but it was rejected."),
        ("card.face or true", "7S + 10C +", "Your rule explains all 2 judgements so far."),
        ("card.face", "", "No card has been judged yet, so every rule explains the table."),
    ],
)
def test_consistency_describes_itself_in_a_sentence(
    hypothesis: str, plays: str, sentence: str
) -> None:
    assert check_consistency(hypothesis, table("QH", plays)).describe() == sentence


def test_consistency_of_rule_text_compiles_it_and_reports_bad_text() -> None:
    assert check_consistency("card.suit == prev.suit", table("QH", "2H +")).consistent
    with pytest.raises(RuleError):
        check_consistency("card.colour == red", table("QH", ""))
