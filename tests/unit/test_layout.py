import pytest

from classroom.core.cards import Card
from classroom.core.layout import Judgement, Layout

C = Card.parse


def test_judgements_follow_table_order_and_skip_the_starter():
    layout = Layout.starting_with(C("4H")).reject(C("5H")).accept(C("7S")).reject(C("2C"))
    assert list(layout.judgements()) == [
        Judgement((C("4H"),), C("5H"), False),
        Judgement((C("4H"),), C("7S"), True),
        Judgement((C("4H"), C("7S")), C("2C"), False),
    ]
    assert layout.sideline_count == 2


def test_a_layout_needs_one_sideline_per_mainline_card():
    with pytest.raises(ValueError, match="one sideline"):
        Layout((C("4H"),), ())
