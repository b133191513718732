"""New Eleusis's paper: the score sheet and the rules in brief, in every language and on both
papers, read back; the score sheet's boxes measured; both built from the command lines."""

from __future__ import annotations

from functools import cache

import pytest

from classroom.cli.main import main as classroom_main
from printables.catalog import PRINTABLE_NAMES, printable_label
from printables.cli import main as printables_main
from printables.documents import NEW_ELEUSIS, build_printable, ne_score_sheet_pdf
from printables.kit.document import page_size
from printables.kit.i18n import speaking
from printables.new_eleusis.scoresheet_pdf import (
    MAX_PEOPLE,
    MIN_PEOPLE,
    SUB_SMALLEST,
    NewEleusisScoreSheetRenderer,
    ne_score_sheet_plan,
)
from printables.scoresheet.pdf import CELL_PADDING, ROW_LIMITS
from printables.scoresheet.plan import MIN_CELL
from tests.unit.test_printables_languages import squeezed, translated
from tests.unit.test_printables_support import (
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
#: Each document's pages with its default options, and headings it prints (English source).
#: Six people's boxes, labelled at 9 pt, take two landscape pages.
PAGES = {"ne-rules": 2, "ne-score-sheet": 2}
HEADINGS = {
    "ne-rules": (
        "How to play New Eleusis",
        "The prophet",
        "Markers and sudden death",
        "Worked example",
    ),
    "ne-score-sheet": ("New Eleusis · Score sheet", "How to score", "High count", "running total"),
}
LANDSCAPE = {"ne-score-sheet"}


@cache
def built(name: str, language: str, paper: str) -> bytes:
    """Each document is built once per language and paper for all the tests that read it."""
    return NEW_ELEUSIS[name](paper=paper, language=language)


def in_language(language: str, english: str) -> str:
    return english if language == "en" else translated(language, english)


def test_both_documents_are_catalogued_with_labels_in_every_language():
    assert set(NEW_ELEUSIS) == set(PAGES) <= set(PRINTABLE_NAMES)
    for name in NEW_ELEUSIS:
        assert printable_label(name) != name
        for language in ("ja", "pl", "ru"):
            label = printable_label(name, language=language)
            assert label == translated(language, printable_label(name))


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", sorted(PAGES))
def test_every_document_prints_its_pages_and_headings_in_every_language(name, language, paper):
    pdf = built(name, language, paper)
    assert len(reader(pdf).pages) == PAGES[name]
    width, height = page_size(paper, wide=name in LANDSCAPE)
    assert page_sizes(pdf) == {(round(width), round(height))}
    text = squeezed(text_of(pdf))
    for english in HEADINGS[name]:
        assert squeezed(in_language(language, english)) in text, english
        if language != "en":
            assert squeezed(english) not in text, english


@pytest.mark.parametrize("name", sorted(PAGES))
def test_japanese_prints_in_real_glyphs_from_embedded_fonts(name):
    pdf = built(name, "ja", "a4")
    fonts = fonts_of(pdf)
    assert fonts and all(fonts.values()), fonts
    japanese = squeezed(text_by_font(pdf).get("IPAexGothic", ""))
    # The headings after the title are Japanese words only (the title has a Latin "·").
    assert squeezed(translated("ja", HEADINGS[name][1])) in japanese


@pytest.mark.parametrize("name", sorted(PAGES))
def test_every_page_is_drawn(name):
    inks = render(built(name, "en", "letter"), f"new-eleusis-{name}", resolution=30)
    assert len(inks) == PAGES[name] and min(inks) > MIN_INK


def test_the_rules_say_strings_no_play_the_prophet_and_sudden_death():
    text = text_of(built("ne-rules", "en", "a4"))
    for words in (
        "deals 14 cards to every player",
        "Play 1, 2, 3 or 4 cards in a row: a string",
        "The dealer does not say which card was wrong",
        "2 penalty cards for every card in the string",
        "a new hand with 4 cards fewer",
        "you draw 5 penalty cards",
        "the prophet calls “right” or “wrong” before the dealer",
        "is overthrown: 5 penalty cards",
        "cannot be prophet again in the same round",
        "every 10th card played",
        "After 30 cards with no prophet, or 20 cards after the prophet's marker",
        "every player but the prophet is expelled",
        "+4 for an empty hand",
        "+1 for each mainline card and +2 for each sideline card",
        "never dealt gets +10",
    ):
        assert words in text, words


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("people", range(MIN_PEOPLE, MAX_PEOPLE + 1))
def test_no_score_box_is_narrower_than_a_child_can_write_in(paper, people):
    renderer = NewEleusisScoreSheetRenderer(ne_score_sheet_plan(players=people), paper=paper)
    seats = [seat for page in renderer.pages for seat in page.seats]
    assert seats == list(range(people))
    assert min(min(page.cell_widths) for page in renderer.pages) >= MIN_CELL
    assert min(renderer.LEAD_WIDTHS) >= MIN_CELL
    # Labels at the reading size need wider seats: three or four to a page, never fewer.
    assert len(renderer.pages) <= 3 and all(len(page.seats) >= 2 for page in renderer.pages)
    for page in renderer.pages:
        widths = page.cell_widths
        assert all(w >= need - 0.01 for w, need in zip(widths, page.needs, strict=True))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_lead_heading_fits_its_column_without_cutting_a_word(language):
    renderer = NewEleusisScoreSheetRenderer(ne_score_sheet_plan(), paper="letter")
    with speaking(language):
        for column, heading in enumerate(renderer.lead_headings()):
            cell = renderer.lead_heading(heading, column)
            room = renderer.LEAD_WIDTHS[column] - 2 * CELL_PADDING
            cell.wrap(room, 1000)
            assert cell.style.fontSize >= 6
            assert max(cell.getActualLineWidths0()) <= room + 0.01, heading


@pytest.mark.parametrize("language", ["en", "pl", "ru"])
def test_no_word_of_a_box_label_is_split_even_on_letter_paper(language):
    renderer = NewEleusisScoreSheetRenderer(ne_score_sheet_plan(), paper="letter")
    with speaking(language):
        renderer = NewEleusisScoreSheetRenderer(ne_score_sheet_plan(), paper="letter")
        page = renderer.pages[0]
        for label, width in zip(renderer.sub_labels(), page.cell_widths, strict=True):
            cell = renderer.sub_cell(label, width)
            cell.wrap(width - 2, 1000)
            assert cell.style.fontSize >= SUB_SMALLEST
            assert len(cell.blPara.lines) <= len(label.split()), label


def test_long_names_fit_the_narrower_dealer_column():
    names = ["寿限無寿限無五劫の擦り切れ海砂利水魚", "Grzegorz Brzęczyszczyk", "さくら", "Ola"]
    names.append("Аня")
    renderer = NewEleusisScoreSheetRenderer(ne_score_sheet_plan(names=names), paper="letter")
    for seat in range(len(names)):
        dealer = renderer.dealer_cell(seat)
        _width, height = dealer.wrap(renderer.LEAD_WIDTHS[1] - 2 * CELL_PADDING, 1000)
        # At the reading size a long name takes more lines: its row grows, within limits.
        assert dealer.style.fontSize >= 9 and height <= ROW_LIMITS[1] - 4, names[seat]


def test_the_score_sheet_has_a_row_per_round_and_the_dealer_of_each():
    names = ["Ana", "Ben", "Chen", "Dia", "Ema", "Filip", "Gosia"]
    text = text_of(ne_score_sheet_pdf(names=names))
    assert text.count("dealer: highest score, at most 2 × cards up to the marker") == len(names)
    assert text.count("+10 if this player never dealt") == len(names)
    assert text.count("cards left bonus round score running total") == len(names)
    assert all(name in text for name in names)
    assert "Page 2 of 2" in text


def test_the_score_sheet_refuses_a_table_new_eleusis_does_not_play_at():
    with pytest.raises(ValueError, match="5 to 9 people"):
        ne_score_sheet_pdf(players=4)
    with pytest.raises(ValueError, match="1 to 12 rounds"):
        ne_score_sheet_pdf(players=6, rounds=13)


@pytest.mark.parametrize("name", sorted(PAGES))
def test_every_document_builds_from_the_command_line(tmp_path, name):
    target = tmp_path / f"{name}.pdf"
    command = [name, "--paper", "letter", "--language", "pl", "-o", str(target)]
    assert printables_main(command) == 0
    pdf = target.read_bytes()
    assert len(reader(pdf).pages) == PAGES[name]
    assert squeezed(translated("pl", HEADINGS[name][0])) in squeezed(text_of(pdf))


def test_classroom_print_builds_the_score_sheet_for_the_names_given(tmp_path):
    target = tmp_path / "scores.pdf"
    command = ["print", "ne-score-sheet", "--names", "Аня,Боря,Вера,Дима,Женя", "--rounds", "3"]
    assert classroom_main([*command, "--language", "ru", "-o", str(target)]) == 0
    text = squeezed(text_of(target.read_bytes()))
    assert squeezed(translated("ru", "New Eleusis · Score sheet")) in text
    assert all(name in text for name in ("Аня", "Боря", "Вера", "Дима", "Женя"))


def test_classroom_print_says_why_a_table_is_too_small_and_writes_nothing(tmp_path, capsys):
    target = tmp_path / "scores.pdf"
    command = ["print", "ne-score-sheet", "--players", "3", "--language", "ja"]
    assert classroom_main([*command, "-o", str(target)]) == 2
    assert not target.exists()
    error = capsys.readouterr().err
    expected = translated("ja", "A table has {low} to {high} people, dealer included.")
    assert expected.format(low=MIN_PEOPLE, high=MAX_PEOPLE) in error


def test_build_printable_makes_both_with_default_options():
    assert build_printable("ne-rules", paper="a4", language="ja") == built("ne-rules", "ja", "a4")
