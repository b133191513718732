"""How counterexamples and equivalence verdicts describe themselves to a student."""

from __future__ import annotations

import pytest

from classroom.core.cards import DECK
from classroom.core.hypotheses import (
    Counterexample,
    Equivalence,
    check_equivalence,
)
from tests.unit.test_hypotheses_support import (
    EVEN_RED,
    ODD_BLACK,
    ZIGZAG,
    C,
    cards,
)


@pytest.mark.parametrize(
    ("mainline", "card", "secret_allows", "sentence"),
    [
        (
            "QH",
            "7S",
            False,
            "Your rule says 7♠ may follow the starter Q♥, but the secret rule says no; try it.",
        ),
        (
            "3C QH",
            "7S",
            True,
            "Your rule says 7♠ may not follow Q♥ (after 3♣ Q♥), "
            "but the secret rule says yes; try it.",
        ),
        (
            "AS 2S 3S 4S 5S 6S 3C QH",
            "7S",
            False,
            "Your rule says 7♠ may follow Q♥ (after … 3♠ 4♠ 5♠ 6♠ 3♣ Q♥, at position 9), "
            "but the secret rule says no; try it.",
        ),
        (
            "KC KC",
            "KC",
            True,
            "Your rule says K♣ may not follow K♣ (after K♣ K♣), but the secret rule says yes. "
            "Only a table with more than two decks can get there: it takes 3 K♣.",
        ),
    ],
)
def test_counterexample_describes_itself_in_a_sentence(
    mainline: str, card: str, secret_allows: bool, sentence: str
) -> None:
    found = Counterexample(cards(mainline), C(card), secret_allows, not secret_allows)
    assert found.describe() == sentence


def test_a_counterexample_knows_whether_two_decks_hold_it() -> None:
    assert Counterexample(cards("KC KC"), C("QC"), True, False).two_decks
    assert not Counterexample(cards("KC KC"), C("KC"), True, False).two_decks
    assert not Counterexample(tuple(DECK) * 2, C("AS"), True, False).two_decks


def test_equivalence_describes_its_verdict_and_its_limit() -> None:
    same = Equivalence(True, None, True, 52)
    undecided = Equivalence(False, None, False, 52, "positions 2 to 104 only")
    assert (same.verdict, undecided.verdict) == ("same", "undecided")
    assert same.describe().endswith("in every situation the secret rule can produce.")
    assert undecided.describe() == "Not decided: positions 2 to 104 only."


def test_an_undecided_check_says_what_it_compared() -> None:
    bounded = check_equivalence(EVEN_RED, ODD_BLACK, max_position=2)
    assert bounded.describe() == (
        "Not decided: the two rules agree at positions 2 to 2; later positions were not compared."
    )
    stopped = check_equivalence(ZIGZAG, ZIGZAG, budget_s=0)
    assert stopped.describe() == "Not decided: the time ran out before anything was compared."
