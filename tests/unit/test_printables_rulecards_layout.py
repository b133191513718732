"""How rule cards are laid out: three to a sheet, card boxes on the page, difficulty stars,
rows of card faces in red or black ink, long text shrunk to fit or refused."""

from __future__ import annotations

import itertools
from io import BytesIO

import pytest
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from classroom.core.cards import Card, Color
from printables.kit.cardface import RED, ink_for, row_positions
from printables.kit.document import PrintableError, page_size
from printables.kit.styles import base_styles
from printables.kit.textfit import MIN_SCALE, draw_in_box, fit_story
from printables.rulecards.pdf import RuleCardRenderer, card_boxes, difficulty_marks
from printables.rulecards.plan import (
    CARDS_PER_SHEET,
    paginate,
)
from tests.unit.test_printables_rulecards_support import card
from tests.unit.test_printables_support import (
    MIN_INK,
    render,
    words_of,
)


def test_paginate_fills_sheets_in_order_and_leaves_the_rest_on_the_last():
    cards = [card(title=f"Rule {n}") for n in range(7)]
    sheets = paginate(cards)
    assert [len(sheet) for sheet in sheets] == [2, 2, 2, 1]
    assert [c.title for sheet in sheets for c in sheet] == [c.title for c in cards]


def test_paginate_refuses_sheets_without_room():
    with pytest.raises(ValueError):
        paginate([card()], per_sheet=0)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_card_boxes_lie_on_the_page_without_overlapping(paper):
    width, height = page_size(paper)
    boxes = card_boxes((width, height))
    assert len(boxes) == CARDS_PER_SHEET
    for box in boxes:
        assert box.x >= 0 and box.y >= 0
        assert box.x + box.width <= width and box.y + box.height <= height
    for upper, lower in itertools.pairwise(boxes):
        assert lower.y + lower.height < upper.y


@pytest.mark.parametrize(("difficulty", "marks"), [(1, "★☆☆☆☆"), (3, "★★★☆☆"), (5, "★★★★★")])
def test_difficulty_marks_fill_one_star_per_level(difficulty, marks):
    assert difficulty_marks(difficulty) == marks


def test_card_rows_wrap_at_the_requested_number_of_cards():
    assert row_positions(10, 500, 30, 4, per_row=5)[5] == (1, 0)
    assert row_positions(3, 60, 30, 4) == [(0, 0), (1, 0), (2, 0)]


def test_red_suits_get_red_ink_and_black_suits_do_not():
    for suit_card in (Card.parse("QH"), Card.parse("2D"), Card.parse("AS"), Card.parse("7C")):
        assert (ink_for(suit_card) == RED) is (suit_card.color is Color.RED)


def test_a_long_rule_shrinks_to_fit_and_loses_no_word():
    # About what a student dealer may write, with a long rule too.
    long_text = " ".join(f"clause{n} says the card must do something" for n in range(9))
    long_rule = " or ".join(f"card.rank == {n % 13 + 1}" for n in range(12))
    made = card(title="A rule with far too many words", text=long_text, rule_text=long_rule)
    pdf = RuleCardRenderer(paper="letter").render([made])
    words = words_of(pdf)
    assert set(long_text.split()) <= words
    assert set(long_rule.split()) <= words
    assert render(pdf, "rule-card-long")[0] > MIN_INK


def test_a_rule_too_long_to_read_at_the_reading_size_is_refused_not_shrunk_further():
    # A thousand characters: three times what a student dealer may write.
    long_text = " ".join(f"clause{n} says the card must do something" for n in range(25))
    long_rule = " or ".join(f"card.rank == {n % 13 + 1}" for n in range(30))
    made = card(title="A rule with far too many words", text=long_text, rule_text=long_rule)
    with pytest.raises(PrintableError, match="too long"):
        RuleCardRenderer(paper="letter").render([made])


def test_fit_story_shrinks_long_text_but_not_short_text():
    def build(words):
        return lambda scale: [Paragraph(words, base_styles(scale)["body"])]

    assert fit_story(build("short"), 200, 100)[1] == 1.0
    # The body shrinks from 10 pt to the reading size, 9 pt, and no further.
    story, scale = fit_story(build("word " * 100), 200, 180)
    assert MIN_SCALE <= scale < 1.0
    assert story[0].wrap(200, 1e6)[1] <= 300


def test_fit_story_refuses_text_too_long_to_read_in_the_box():
    with pytest.raises(PrintableError):
        fit_story(lambda s: [Paragraph("word " * 800, base_styles(s)["body"])], 100, 50)


def test_draw_in_box_refuses_to_drop_what_does_not_fit():
    canvas = Canvas(BytesIO())
    with pytest.raises(PrintableError):
        draw_in_box(canvas, [Paragraph("word " * 500, base_styles()["body"])], 0, 0, 100, 40)
