"""Blank rule cards, for a rule of the students' own: lines for it on the secret half, a
three-card test, either paper, any language, in the catalogue."""

from __future__ import annotations

import pytest

from printables.catalog import PRINTABLE_NAMES
from printables.documents import (
    blank_rule_card_pdf,
    build_printable,
)
from printables.kit.document import page_size
from printables.rulecards.blank_pdf import SAMPLE_PLAYS
from printables.rulecards.pdf import card_boxes, card_halves
from printables.rulecards.plan import CARDS_PER_SHEET
from tests.unit.test_printables_languages import squeezed, translated
from tests.unit.test_printables_rulecards_support import (
    inside,
    placed_text,
)
from tests.unit.test_printables_support import (
    A4,
    LETTER,
    MIN_INK,
    page_sizes,
    reader,
    render,
    text_of,
)


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_blank_rule_cards_give_lines_for_the_rule_and_a_three_card_test(paper, size):
    pdf = blank_rule_card_pdf(paper=paper, sheets=2)
    assert len(reader(pdf).pages) == 2 and page_sizes(pdf) == {size}
    first = reader(pdf).pages[0].extract_text()
    for label in ("My rule, in words", "Title (for you alone):", "Tested on 3 sample cards:"):
        assert first.count(label) == CARDS_PER_SHEET, label
    secret = card_halves(card_boxes(page_size(paper))[0])[1]
    for label in ("My rule, in words", "Tested on 3 sample cards:", "KEEP SECRET"):
        text = [(t, x, y) for t, x, y in placed_text(pdf) if label in t]
        assert any(inside(secret, x, y) for _t, x, y in text), label
    assert first.count("yes ☐") == SAMPLE_PLAYS * CARDS_PER_SHEET
    assert min(render(pdf, f"blank-rule-card-{paper}")) > MIN_INK


def test_blank_rule_cards_speak_the_language_asked_for():
    text = text_of(blank_rule_card_pdf(language="pl"))
    assert squeezed(translated("pl", "Tested on 3 sample cards:")) in squeezed(text)
    assert "Tested on" not in text


def test_the_blank_rule_card_is_a_catalogued_printable():
    assert "blank-rule-card" in PRINTABLE_NAMES
    assert build_printable("blank-rule-card", paper="letter", language="ru").startswith(b"%PDF")
