"""The young worksheet's hypothesis builder on paper, read back from the PDF: every template of
the tablet's builder in the builder's own words, in every language, with tick boxes big enough
for a child's pencil; the older worksheet keeps its four pages."""

import re

import pytest
from reportlab.lib.units import mm

from classroom.core.hypotheses.builder import TEMPLATES
from classroom.core.text import render
from printables.documents import worksheet_pdf
from printables.kit.i18n import gettext, speaking
from printables.kit.scripts import missing_glyphs
from printables.worksheet.builder import BUILDER_PAGES, CHOICE_BOX, SENTENCE_BOX
from tests.unit.test_printables_languages import squeezed, translated
from tests.unit.test_printables_support import reader, text_of

LANGUAGES = ("en", "ja", "pl", "ru")
PAPERS = ("a4", "letter")
#: The builder's pages in the young sheet: after the two pages of the record grid.
BUILDER = (2, 3)
_RECT = re.compile(rb"(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) re\b")


@pytest.fixture(scope="module")
def young():
    """The young worksheet in every language on both papers, built once."""
    return {
        (language, paper): worksheet_pdf(variant="young", language=language, paper=paper)
        for language in LANGUAGES
        for paper in PAPERS
    }


def builder_text(pdf: bytes) -> str:
    return "".join(squeezed(reader(pdf).pages[n].extract_text()) for n in BUILDER)


def rectangles(pdf: bytes) -> list[tuple[float, float]]:
    """Width and height of every rectangle drawn on the builder's pages."""
    found = []
    for n in BUILDER:
        data = reader(pdf).pages[n].get_contents().get_data()
        found += [(float(w), float(h)) for _x, _y, w, h in _RECT.findall(data)]
    return found


def sentence(language: str, msgid: str, blanks) -> str:
    """A template's sentence as the catalog words it, each blank a numbered gap."""
    words = msgid if language == "en" else translated(language, msgid)
    return words % {blank.id: f"__{n}__" for n, blank in enumerate(blanks, start=1)}


def test_builder_pages_hold_every_template_once():
    placed = [template_id for page in BUILDER_PAGES for template_id in page]
    assert sorted(placed) == sorted(template.id for template in TEMPLATES)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("paper", PAPERS)
def test_every_template_sentence_is_on_the_young_sheet(young, language, paper):
    text = builder_text(young[language, paper])
    for template in TEMPLATES:
        assert squeezed(sentence(language, template.sentence, template.blanks)) in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_choice_prints_in_the_builders_words(young, language):
    text = builder_text(young[language, "a4"])
    with speaking(language):
        labels = {
            render(choice.label, gettext)
            for template in TEMPLATES
            for blank in template.blanks
            for choice in blank.choices
        }
    assert all(squeezed(label) in text for label in labels), labels
    assert not missing_glyphs("".join(labels))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_tick_box_per_template_and_per_choice_of_each_blank(young, language):
    drawn = rectangles(young[language, "a4"])
    sentences = [size for size in drawn if size == pytest.approx((SENTENCE_BOX, SENTENCE_BOX))]
    choices = [size for size in drawn if size == pytest.approx((CHOICE_BOX, CHOICE_BOX))]
    assert len(sentences) == len(TEMPLATES)
    expected = sum(len(blank.choices) for template in TEMPLATES for blank in template.blanks)
    assert len(choices) == expected
    assert min(side for box in sentences + choices for side in box) >= 5 * mm


def test_red_suits_print_outlined_on_the_builder_pages(young):
    pdf = young["en", "a4"]
    contents = b"".join(reader(pdf).pages[n].get_contents().get_data() for n in BUILDER)
    # Text render mode 1 strokes the glyphs' outlines: how the kit prints ♥ and ♦.
    assert b"1 Tr" in contents and "♥" in builder_text(pdf) and "♦" in builder_text(pdf)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_builder_heading_and_how_to_tick_are_translated(young, language):
    text = builder_text(young[language, "letter"])
    for english in ("Build a hypothesis", "Build a hypothesis (continued)"):
        heading = english if language == "en" else translated(language, english)
        assert squeezed(heading) in text


@pytest.mark.parametrize("paper", PAPERS)
def test_older_worksheet_has_no_builder_and_keeps_four_pages(paper):
    pdf = worksheet_pdf(variant="older", paper=paper)
    assert len(reader(pdf).pages) == 4
    assert "Build a hypothesis" not in text_of(pdf)


def test_young_sheet_is_whole_sheets_printed_on_both_sides(young):
    assert {len(reader(pdf).pages) for pdf in young.values()} == {6}
