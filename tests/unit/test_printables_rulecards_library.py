"""The whole library's rule cards as one PDF, built once for the module: every rule printed
word for word, fonts embedded, no blank page; the paper asked for, the same bytes each time."""

from __future__ import annotations

import math

import pytest

from printables.documents import (
    CustomRule,
    rule_cards_pdf,
)
from printables.rulecards.plan import CARDS_PER_SHEET
from tests.unit.test_printables_support import (
    A4,
    LETTER,
    MIN_INK,
    fonts_of,
    page_sizes,
    reader,
    render,
    text_of,
    unhyphenated,
)


@pytest.fixture(scope="module")
def whole_library_pdf():
    return rule_cards_pdf(paper="a4")


@pytest.fixture(scope="module")
def page_texts(whole_library_pdf):
    return [unhyphenated(page.extract_text()) for page in reader(whole_library_pdf).pages]


@pytest.fixture(scope="module")
def whole_library_text(page_texts):
    return " ".join(" ".join(page_texts).split())


def test_whole_library_prints_every_title_and_id_on_sheets_of_two(
    library, page_texts, whole_library_text
):
    assert len(page_texts) == math.ceil(len(library) / CARDS_PER_SHEET)
    # A title may break at a hyphen of its own ("non-|primes") or at one the line added.
    dashless = whole_library_text.replace("-", "")
    for entry in library:
        assert entry.title.replace("-", "") in dashless
        assert entry.id.replace("-", "") in dashless
    assert all("KEEP SECRET" in page for page in page_texts)


def test_rule_language_text_is_printed_word_for_word(library, whole_library_text):
    words = set(whole_library_text.split())
    for entry in library:
        assert set(str(entry.rule).split()) <= words, entry.id


def test_suit_glyphs_are_printed_on_the_example_cards(whole_library_text):
    assert set("♠♥♦♣") <= set(whole_library_text)


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_rule_cards_take_the_paper_size_asked_for(paper, size):
    assert page_sizes(rule_cards_pdf(paper=paper, difficulty=1)) == {size}


def test_rule_cards_embed_every_font_they_use(whole_library_pdf):
    fonts = fonts_of(whole_library_pdf)
    assert any("DejaVuSans" in name for name in fonts)
    assert all(fonts.values()), fonts


def test_rebuilding_rule_cards_gives_the_same_bytes():
    custom = CustomRule("card.rank <= 7", "Low cards", "Only A to 7.")
    first = rule_cards_pdf(ids=["alternate-colors", "suit-cycle"], custom=custom)
    assert rule_cards_pdf(ids=["alternate-colors", "suit-cycle"], custom=custom) == first


def test_custom_rule_alone_prints_one_card_with_its_texts():
    pdf = rule_cards_pdf(custom=CustomRule("card.rank <= 7", "Low cards", "Only A to 7."))
    text = text_of(pdf)
    assert len(reader(pdf).pages) == 1
    assert "Low cards" in text and "Only A to 7." in text and "card.rank <= 7" in text
    assert "Custom rule" in text


def test_rule_card_pages_are_not_blank(whole_library_pdf):
    ink = render(whole_library_pdf, "rule-cards-a4")
    assert len(ink) == len(reader(whole_library_pdf).pages)
    assert min(ink) > MIN_INK
