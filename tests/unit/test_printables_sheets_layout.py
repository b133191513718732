"""The worksheet and the score sheet as printed: the method's steps, the real rule, a grid for
a real round, pages that are used, score boxes big enough to write in, names that fit."""

from itertools import combinations

import pytest
from PIL import Image
from reportlab.lib.units import mm
from reportlab.platypus import PageBreak

from printables.documents import score_sheet_pdf, worksheet_pdf
from printables.kit.i18n import speaking
from printables.kit.textfit import story_height
from printables.scoresheet.pdf import CELL_PADDING, DEALER_WIDTH, ROW_LIMITS, ScoreSheetRenderer
from printables.scoresheet.plan import MAX_PLAYERS, MIN_CELL, MIN_PLAYERS, score_sheet_plan
from printables.worksheet.parts import MethodCycle
from printables.worksheet.pdf import LABEL_WIDTH, MARGIN, WorksheetRenderer
from printables.worksheet.plan import worksheet_plan
from tests.unit.test_printables_languages import squeezed, translated
from tests.unit.test_printables_support import OUTPUT, reader, render, text_of

STEPS = ("Observe", "Hypothesize", "Predict", "Test", "Conclude")
LANGUAGES = ("en", "ja", "pl", "ru")
#: A page whose content stops above this share of its text frame is left too empty.
MIN_FILLED = 0.8
POLISH = ["Małgorzata Szczepańska", "Grzegorz Brzęczyszczyk", "Zofia Wiśniewska-Kowal", "Ola"]
JAPANESE = ["寿限無寿限無五劫の擦り切れ海砂利水魚", "長谷川ひなた", "さくら", "たけし"]


def pages_of(renderer):
    """The renderer's story cut at its page breaks."""
    pages = [[]]
    for flowable in renderer.story():
        if isinstance(flowable, PageBreak):
            pages.append([])
        else:
            pages[-1].append(flowable)
    return pages


@pytest.mark.parametrize("variant", ["young", "older"])
def test_worksheet_names_the_five_steps_of_the_method(variant):
    text = text_of(worksheet_pdf(variant=variant))
    assert all(f"{n}. {step}" in text for n, step in enumerate(STEPS, start=1))
    japanese = squeezed(text_of(worksheet_pdf(variant=variant, language="ja")))
    assert all(squeezed(translated("ja", step)) in japanese for step in STEPS)


@pytest.mark.parametrize("variant", ["young", "older"])
def test_the_method_cycle_draws_five_separate_stations_in_a_loop(variant):
    cycle = WorksheetRenderer(variant=variant)._method()[-1]._cellvalues[0][0]
    assert isinstance(cycle, MethodCycle)
    assert cycle.names == STEPS
    width, height = cycle.box
    centres = cycle.centres()
    for (x0, y0), (x1, y1) in combinations(centres, 2):
        assert abs(x0 - x1) > width + 4 or abs(y0 - y1) > height + 4
    assert all(x - width / 2 >= 0 and x + width / 2 <= cycle.width for x, _y in centres)


@pytest.mark.parametrize("variant", ["young", "older"])
def test_worksheet_asks_for_the_real_rule_and_whether_it_was_the_same(variant):
    plan = worksheet_plan(variant)
    pdf = worksheet_pdf(variant=variant)
    text, last_page = text_of(pdf), reader(pdf).pages[-1].extract_text()
    assert plan.real_rule_prompt in last_page and plan.same_rule_prompt in text
    assert "☐ yes" in text and "☐ no" in text
    assert "same verdict on every card, even if the words are different" in text


def test_record_grid_holds_a_real_round_in_boxes_a_child_can_write_in():
    older, young = worksheet_plan("older"), worksheet_plan("young")
    assert older.cells >= 56 and young.cells >= 50
    for plan in (older, young):
        assert plan.grid_positions[-1][-1] == plan.cells
        assert 0 < plan.first_page_blocks < plan.grid_blocks
    for paper in ("a4", "letter"):
        box = (WorksheetRenderer(paper=paper).width - LABEL_WIDTH) / young.grid_columns
        assert box >= 16 * mm and young.mainline_height >= 12 * mm


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("variant", ["young", "older"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_worksheet_page_fits_its_page_and_fills_most_of_it(language, variant, paper):
    with speaking(language):
        renderer = WorksheetRenderer(paper=paper, variant=variant)
        pages = pages_of(renderer)
        heights = [story_height(page, renderer.width) for page in pages]
    # The young sheet has the hypothesis builder's two pages: three sheets printed both sides.
    assert len(pages) == (6 if variant == "young" else 4)
    assert all(height <= renderer.height for height in heights)
    # The grid pages end in ruled lines that take whatever is left; the others are measured.
    assert all(height >= MIN_FILLED * renderer.height for height in heights[2:])


def lowest_ink(path, *, above):
    """The lowest row (from the top, as a share of the height) with ink above `above`."""
    with Image.open(path) as image:
        grey = image.convert("L")
    width, height = grey.size
    pixels = grey.load()
    for y in range(int(height * above) - 1, -1, -1):
        if any(pixels[x, y] < 200 for x in range(width)):
            return y / height
    return 0.0


@pytest.mark.parametrize(("variant", "paper"), [("young", "letter"), ("older", "a4")])
def test_no_worksheet_page_is_left_mostly_empty(variant, paper):
    pdf = worksheet_pdf(variant=variant, paper=paper)
    name = f"worksheet-filled-{variant}-{paper}"
    render(pdf, name, resolution=20)
    box = reader(pdf).pages[0].mediabox
    page_height = float(box.height)
    frame_top, frame_bottom = MARGIN / page_height, (MARGIN + 8) / page_height
    frame = 1 - frame_top - frame_bottom
    for n in range(1, len(reader(pdf).pages) + 1):
        bottom = lowest_ink(OUTPUT / f"{name}-{n}.png", above=1 - frame_bottom)
        assert (bottom - frame_top) / frame >= MIN_FILLED, f"page {n}"


def test_score_sheet_has_a_twelve_minus_cards_box_beside_cards_left():
    text = text_of(score_sheet_pdf(players=4))
    assert "cards left 12 − cards bonus +6 / +3 points" in text
    japanese = squeezed(text_of(score_sheet_pdf(players=4, language="ja")))
    assert squeezed(translated("ja", "12 − cards")) in japanese


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("players", range(MIN_PLAYERS, MAX_PLAYERS + 1))
def test_no_score_box_is_narrower_than_a_child_can_write_in(paper, players):
    renderer = ScoreSheetRenderer(score_sheet_plan(players=players), paper=paper)
    seats = [seat for page in renderer.pages for seat in page.seats]
    assert seats == list(range(players))
    assert min(min(page.cell_widths) for page in renderer.pages) >= MIN_CELL
    # Box labels at the reading size: four seats to a page at least (nine people on Letter
    # take three pages).
    assert len(renderer.pages) <= 3 and (players > 4 or len(renderer.pages) == 1)
    for page in renderer.pages:
        widths = page.cell_widths
        assert all(w >= need - 0.01 for w, need in zip(widths, page.needs, strict=True))


@pytest.mark.parametrize("names", [POLISH, JAPANESE])
def test_long_names_wrap_or_shrink_a_little_but_are_never_squeezed(names):
    plan = score_sheet_plan(names=names, rounds=12)
    renderer = ScoreSheetRenderer(plan)
    for seat in range(len(names)):
        page = next(page for page in renderer.pages if seat in page.seats)
        room = page.seat_width - 2 * CELL_PADDING
        heading = renderer.name_cell(seat, page.seat_width)
        heading.wrap(room, 1000)
        assert heading.style.fontSize >= 7.5
        assert max(heading.getActualLineWidths0()) <= room + 0.01
        dealer = renderer.dealer_cell(seat)
        _width, height = dealer.wrap(DEALER_WIDTH - 2 * CELL_PADDING, 1000)
        # At the reading size a long name takes more lines: its row grows, within limits.
        assert dealer.style.fontSize >= 9 and height <= ROW_LIMITS[1] - 4
    language = "ja" if names is JAPANESE else "pl"
    text = squeezed(text_of(score_sheet_pdf(names=names, rounds=4, language=language)))
    assert all(squeezed(name) in text for name in names)
