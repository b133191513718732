import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from classroom.core.cards import (
    DECK,
    Card,
    CardError,
    Color,
    Rank,
    Suit,
    new_stock,
    printed_label,
    printed_rank,
)


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("10H", Rank.TEN, Suit.HEARTS),
        ("QS", Rank.QUEEN, Suit.SPADES),
        ("ad", Rank.ACE, Suit.DIAMONDS),
        ("7♠", Rank.SEVEN, Suit.SPADES),
        ("10♥", Rank.TEN, Suit.HEARTS),
        (" kc ", Rank.KING, Suit.CLUBS),
        ("1D", Rank.ACE, Suit.DIAMONDS),
    ],
)
def test_parse_reads_letters_and_glyphs_in_any_case(text, rank, suit):
    assert Card.parse(text) == Card(rank, suit)


@pytest.mark.parametrize("text", ["", "H", "11H", "0S", "QX", "10", "Q♠♠", "joker"])
def test_parse_refuses_text_that_is_not_a_card(text):
    with pytest.raises(CardError, match="is not a card"):
        Card.parse(text)


@pytest.mark.parametrize("card", DECK)
def test_str_and_parse_agree_for_every_card(card):
    assert Card.parse(str(card)) == card
    assert Card.parse(card.label) == card


@pytest.mark.parametrize(
    ("text", "color", "face", "odd"),
    [
        ("AH", Color.RED, False, True),
        ("QD", Color.RED, True, False),
        ("KS", Color.BLACK, True, True),
        ("10C", Color.BLACK, False, False),
        ("JC", Color.BLACK, True, True),
    ],
)
def test_derived_attributes(text, color, face, odd):
    card = Card.parse(text)
    assert (card.color, card.face, card.odd, card.even) == (color, face, odd, not odd)


def test_cards_from_two_decks_are_equal_values_with_equal_hashes():
    assert Card(Rank.ACE, Suit.SPADES) == Card.parse("AS")
    assert len({Card(Rank.ACE, Suit.SPADES), Card.parse("AS")}) == 1


def test_cards_are_frozen():
    with pytest.raises(AttributeError):
        Card.parse("AS").rank = Rank.TWO  # type: ignore[misc]


def test_deck_holds_52_distinct_cards_in_index_order():
    assert len(set(DECK)) == 52
    assert [card.index for card in DECK] == list(range(52))


@given(st.integers(min_value=0))
def test_stock_holds_two_of_each_card(seed):
    stock = new_stock(random.Random(seed))
    assert len(stock) == 104
    assert Counter(stock) == Counter({card: 2 for card in DECK})


def test_stock_order_depends_only_on_the_seed():
    assert new_stock(random.Random(7)) == new_stock(random.Random(7))
    assert new_stock(random.Random(7)) != new_stock(random.Random(8))


@pytest.mark.parametrize(
    ("language", "letters"),
    [
        ("en", "A J Q K"),
        ("ja", "A J Q K"),
        ("pl", "A W D K"),
        ("ru", "Т В Д К"),
        ("pl-PL", "A W D K"),
        ("de", "A J Q K"),
    ],
)
def test_ace_and_court_cards_print_as_on_each_countrys_decks(language, letters):
    ranks = (Rank.ACE, Rank.JACK, Rank.QUEEN, Rank.KING)
    assert " ".join(printed_rank(rank, language) for rank in ranks) == letters


@pytest.mark.parametrize("language", ["en", "ja", "pl", "ru"])
def test_number_cards_print_their_number_in_every_language(language):
    assert [printed_rank(Rank(n), language) for n in range(2, 11)] == [str(n) for n in range(2, 11)]


def test_printed_label_has_the_countrys_letter_and_the_suit_glyph():
    assert printed_label(Card.parse("JH"), "ru") == "В♥"
    assert printed_label(Card.parse("QS"), "pl") == "D♠"
    assert printed_label(Card.parse("10C"), "pl") == "10♣"


@pytest.mark.parametrize("text", ["WH", "DS", "ТH", "ВS"])
def test_card_notation_is_not_translated(text):
    with pytest.raises(CardError):
        Card.parse(text)
    assert str(Card.parse("QS")) == "QS"
