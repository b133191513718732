"""The offline kit's documents: rules sheet, dealer's aid, layout mat and guess slips, in every
language and on both papers, read back and rendered; and the drawings and geometry behind them."""

from __future__ import annotations

from functools import cache

import pytest
from reportlab.lib.units import mm

from classroom.cli.main import main as classroom_main
from classroom.core.cards import Rank
from printables.catalog import PRINTABLE_NAMES, printable_label
from printables.cli import main as printables_main
from printables.documents import OFFLINE_KIT, build_printable
from printables.kit.document import page_size
from printables.mat.pdf import CARD, SLOTS, mat_layout
from printables.rulesheet.drawings import EXAMPLE_MAINLINE, EXAMPLE_SIDELINES
from printables.slips.pdf import COLUMNS, ROWS, slip_boxes
from tests.unit.test_printables_languages import squeezed, translated
from tests.unit.test_printables_support import (
    A4,
    LETTER,
    MIN_INK,
    fonts_of,
    page_sizes,
    reader,
    render,
    text_by_font,
    text_of,
)

LANGUAGES = ("en", "ja", "pl", "ru")
PAPERS = ("a4", "letter")
#: Each document's pages, as designed, in every language and on both papers.
PAGES = {"rules-sheet": 1, "dealer-aid": 2, "layout-mat": 2, "guess-slips": 1}
#: Headings each document prints, as the English source says them.
HEADINGS = {
    "rules-sheet": ("How to play Eleusis Express", "Card values", "Example layout"),
    "dealer-aid": ("Dealer's aid", "1. Before the round", "6. The end of the round"),
    "layout-mat": ("Layout mat", "Layout mat (continued)", "Starter", "Sideline"),
    "guess-slips": ("Guess slip", "Dealer's verdict:", "If not, a card on which they differ:"),
}
LANDSCAPE = {"layout-mat"}


@cache
def built(name: str, language: str, paper: str) -> bytes:
    """Each document is built once per language and paper for all the tests that read it."""
    return OFFLINE_KIT[name](paper=paper, language=language)


def heading_in(language: str, english: str) -> str:
    return english if language == "en" else translated(language, english)


def test_the_offline_kit_is_in_the_catalog_with_labels():
    assert set(OFFLINE_KIT) == set(PAGES) <= set(PRINTABLE_NAMES)
    for name in OFFLINE_KIT:
        assert printable_label(name) != name
        assert printable_label(name, language="ja") == translated("ja", printable_label(name))


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", sorted(PAGES))
def test_every_document_builds_its_pages_and_headings_in_every_language(name, language, paper):
    pdf = built(name, language, paper)
    assert len(reader(pdf).pages) == PAGES[name]
    width, height = page_size(paper, wide=name in LANDSCAPE)
    assert page_sizes(pdf) == {(round(width), round(height))}
    text = squeezed(text_of(pdf))
    for english in HEADINGS[name]:
        assert squeezed(heading_in(language, english)) in text, english
        if language != "en":
            assert squeezed(english) not in text, english


@pytest.mark.parametrize("name", sorted(PAGES))
def test_japanese_prints_in_real_glyphs_from_embedded_fonts(name):
    pdf = built(name, "ja", "a4")
    fonts = fonts_of(pdf)
    assert fonts and all(fonts.values()), fonts
    japanese = squeezed(text_by_font(pdf).get("IPAexGothic", ""))
    title = squeezed(translated("ja", HEADINGS[name][0]))
    assert title in japanese


@pytest.mark.parametrize("name", sorted(PAGES))
def test_every_page_is_drawn(name):
    pdf = built(name, "en", "letter")
    inks = render(pdf, f"offline-{name}", resolution=30)
    assert len(inks) == PAGES[name] and min(inks) > MIN_INK


def test_the_rules_sheet_says_the_rules_of_a_turn_and_of_scoring():
    text = text_of(built("rules-sheet", "en", "a4"))
    for words in (
        "deals 12 cards to every player",
        "exactly one card",
        "draw one penalty card",
        "say “no play”",
        "a new hand with one card fewer",
        "Right after one of your cards was right",
        "12 minus the cards in their hand",
        "+6 for guessing the rule, +3 for emptying their hand",
        "The dealer scores the same as the best player",
    ):
        assert words in text, words


@pytest.mark.parametrize(("language", "queen", "king"), [("en", "Q", "K"), ("pl", "D", "K")])
def test_the_rules_sheet_draws_every_card_value_with_the_countrys_letters(language, queen, king):
    text = text_of(built("rules-sheet", language, "a4"))
    values = [f"= {int(rank)}" for rank in Rank]
    assert all(value in text for value in values)
    assert f"{queen}, {king}" in text


def test_the_example_layout_obeys_the_rule_its_caption_names():
    def number_card(card):
        return 2 <= card.rank <= 10

    # The starter is not judged; every later mainline card is right, every sideline card wrong.
    assert all(number_card(card) for card in EXAMPLE_MAINLINE[1:])
    sidelines = [card for side in EXAMPLE_SIDELINES for card in side]
    assert sidelines and not any(number_card(card) for card in sidelines)
    assert len(EXAMPLE_SIDELINES) == len(EXAMPLE_MAINLINE) and not EXAMPLE_SIDELINES[0]


def test_the_dealer_aid_explains_judging_a_guess_in_other_words_on_its_second_page():
    pdf = built("dealer-aid", "en", "a4")
    pages = [squeezed(page.extract_text()) for page in reader(pdf).pages]
    assert squeezed("the same verdict on every card, not the same words") in pages[1]
    assert squeezed("test it on a few cards") in pages[1]
    assert squeezed("below the last mainline card, the card it was played on") in pages[0]
    assert squeezed("Say:") in pages[0]


@pytest.mark.parametrize("paper", PAPERS)
def test_the_mat_has_card_sized_slots_side_by_side_on_the_page(paper):
    width, height = page_size(paper, wide=True)
    at = mat_layout((width, height))
    assert len(at.slots) == len(at.sidelines) == SLOTS
    for slot, side in zip(at.slots, at.sidelines, strict=True):
        assert (slot.width, slot.height) == pytest.approx(CARD)
        assert slot.x >= 5 * mm and slot.x + slot.width <= width - 5 * mm
        assert side.x == slot.x and side.y + side.height < slot.y and side.y > 0
        assert slot.y + slot.height < at.hint_y < at.title_y < height
    for left, right in zip(at.slots, at.slots[1:], strict=False):
        assert right.x - (left.x + left.width) >= 2 * mm


@pytest.mark.parametrize("page", [A4, LETTER])
def test_guess_slips_tile_the_page_without_overlapping(page):
    boxes = slip_boxes(page)
    assert len(boxes) == COLUMNS * ROWS
    for box in boxes:
        assert box.x >= 0 and box.x + box.width <= page[0] + 0.01
        assert box.y > 0 and box.y + box.height <= page[1] + 0.01
        assert box.width > 90 * mm and box.height > 80 * mm
    corners = {(round(b.x), round(b.y)) for b in boxes}
    assert len(corners) == len(boxes)


def test_six_slips_a_page_each_with_the_dealers_verdict():
    text = text_of(built("guess-slips", "en", "a4"))
    slips = COLUMNS * ROWS
    assert text.count("Guess slip Name:") == text.count("Dealer's verdict:") == slips
    assert text.count("same rule") == text.count("not the same") == slips


@pytest.mark.parametrize("name", sorted(PAGES))
def test_every_offline_document_builds_from_the_command_line(tmp_path, name):
    target = tmp_path / f"{name}.pdf"
    command = [name, "--paper", "letter", "--language", "pl", "-o", str(target)]
    assert printables_main(command) == 0
    pdf = target.read_bytes()
    assert len(reader(pdf).pages) == PAGES[name]
    assert squeezed(translated("pl", HEADINGS[name][0])) in squeezed(text_of(pdf))


def test_classroom_print_builds_the_offline_kit_too(tmp_path):
    target = tmp_path / "aid.pdf"
    assert classroom_main(["print", "dealer-aid", "--language", "ru", "-o", str(target)]) == 0
    assert squeezed(translated("ru", "Dealer's aid")) in squeezed(text_of(target.read_bytes()))


def test_build_printable_makes_the_offline_kit_with_default_options():
    assert build_printable("guess-slips", paper="a4") == built("guess-slips", "en", "a4")
