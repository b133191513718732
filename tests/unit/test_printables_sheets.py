import pytest

from printables.documents import score_sheet_pdf, worksheet_pdf
from printables.kit.document import PrintableError
from printables.scoresheet.plan import MAX_PLAYERS, MIN_PLAYERS, ScoreRow, score_sheet_plan
from printables.worksheet.plan import worksheet_plan
from tests.unit.test_printables_support import (
    A4,
    LETTER,
    MIN_INK,
    fonts_of,
    page_sizes,
    reader,
    render,
    text_of,
)


@pytest.fixture(scope="module", params=["young", "older"])
def worksheet(request):
    return request.param, worksheet_pdf(variant=request.param)


def test_young_worksheet_has_fewer_rows_and_bigger_boxes_than_older():
    young, older = worksheet_plan("young"), worksheet_plan("older")
    assert young.log_rows < older.log_rows
    assert young.log_row_height > older.log_row_height
    assert young.grid_columns < older.grid_columns
    assert young.mainline_height > older.mainline_height
    assert young.sideline_height > older.sideline_height
    assert len(young.questions) < len(older.questions)
    assert young.text_scale > older.text_scale


def test_record_grid_numbers_mainline_positions_across_blocks():
    plan = worksheet_plan("older")
    assert plan.grid_positions[0][0] == 1
    assert plan.grid_positions[1][0] == plan.grid_columns + 1
    assert len(plan.grid_positions) == plan.grid_blocks


def test_unknown_worksheet_variant_is_refused():
    with pytest.raises(PrintableError, match="young or older"):
        worksheet_plan("middle")


def test_log_column_shares_fill_the_page_width():
    for variant in ("young", "older"):
        plan = worksheet_plan(variant)
        assert sum(plan.log_widths) == pytest.approx(1.0)
        assert len(plan.log_widths) == len(plan.log_headings) == len(plan.log_hints)


def test_worksheet_has_grid_log_and_reflection_pages(worksheet):
    variant, pdf = worksheet
    plan = worksheet_plan(variant)
    text = text_of(pdf)
    # Whole sheets printed on both sides, the next copy starting on a fresh sheet: four pages,
    # and two more for the young sheet's hypothesis builder.
    assert len(reader(pdf).pages) == (6 if variant == "young" else 4)
    for words in (plan.title, plan.mainline_label, *plan.log_headings, plan.final_prompt):
        assert " ".join(words.split()) in text
    assert plan.questions[0].split("?")[0] in text


def test_older_worksheet_asks_about_falsification_and_changing_your_mind():
    text = text_of(worksheet_pdf(variant="older"))
    assert "falsification" in text and "confirmation" in text
    assert "change your mind" in text
    assert "accepted / rejected" in text


def test_worksheet_pages_are_not_blank_and_fonts_embedded(worksheet):
    variant, pdf = worksheet
    assert all(fonts_of(pdf).values())
    assert min(render(pdf, f"worksheet-{variant}")) > MIN_INK


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_worksheet_takes_the_paper_size_asked_for(paper, size):
    assert page_sizes(worksheet_pdf(paper=paper, variant="young")) == {size}


def test_rebuilding_a_worksheet_gives_the_same_bytes():
    assert worksheet_pdf(variant="older") == worksheet_pdf(variant="older")


def test_score_sheet_dealer_moves_one_seat_each_round():
    plan = score_sheet_plan(names=["Ana", "Ben", "Chen"], rounds=5)
    assert plan.rows == tuple(ScoreRow(n, d) for n, d in [(1, 0), (2, 1), (3, 2), (4, 0), (5, 1)])


def test_score_sheet_by_default_lets_everyone_deal_once():
    plan = score_sheet_plan(players=4)
    assert plan.rounds == 4 and plan.names == ("", "", "", "")
    assert plan.seat_label(2) == "Seat 3"


def test_score_sheet_names_are_trimmed_and_used_as_labels():
    plan = score_sheet_plan(names=[" Ana", "Ben ", "Chen"])
    assert plan.names == ("Ana", "Ben", "Chen") and plan.seat_label(1) == "Ben"


@pytest.mark.parametrize(
    "options",
    [
        {"players": MIN_PLAYERS - 1},
        {"players": MAX_PLAYERS + 1},
        {"names": ["Ana", "", "Chen"]},
        {"names": ["Ana", "Ben", "X" * 40]},
        {"players": 4, "rounds": 0},
        {"players": 4, "rounds": 13},
        {"players": 5, "names": ["Ana", "Ben", "Chen"]},
    ],
)
def test_score_sheet_refuses_impossible_tables(options):
    with pytest.raises(PrintableError):
        score_sheet_plan(**options)


def test_score_sheet_prints_names_rounds_and_the_scoring_rules():
    pdf = score_sheet_pdf(names=["Ana", "Ben", "Chen", "Dia"], rounds=6)
    text = text_of(pdf)
    for words in ("Ana", "Ben", "Chen", "Dia", "bonus +6 / +3", "Total", "Dealer"):
        assert words in text
    assert "12 minus the cards left in their hand" in text
    assert "+6 for guessing the secret rule right" in text
    assert "+3 for emptying your hand" in text
    assert "The dealer scores the highest player score of the round" in text
    assert text.count("dealer: highest score") == 6


def test_score_sheet_without_names_leaves_a_place_to_write_them():
    text = text_of(score_sheet_pdf(players=5))
    assert all(f"Seat {n} · name:" in text for n in range(1, 6))


@pytest.mark.parametrize(("paper", "size"), [("a4", A4[::-1]), ("letter", LETTER[::-1])])
def test_score_sheet_is_landscape_on_the_paper_asked_for(paper, size):
    assert page_sizes(score_sheet_pdf(paper=paper, players=MAX_PLAYERS, rounds=12)) == {size}


def test_score_sheet_for_a_full_table_takes_two_pages_that_are_not_blank():
    pdf = score_sheet_pdf(players=MAX_PLAYERS, rounds=12)
    pages = [page.extract_text() for page in reader(pdf).pages]
    assert len(pages) == 2
    assert [n for n in range(1, 10) if f"Seat {n} · name:" in pages[0]] == [1, 2, 3, 4, 5]
    assert [n for n in range(1, 10) if f"Seat {n} · name:" in pages[1]] == [6, 7, 8, 9]
    assert "Page 2 of 2: seats 6 to 9" in pages[1]
    assert all(fonts_of(pdf).values())
    assert min(render(pdf, "score-sheet-full")) > MIN_INK


def test_rebuilding_a_score_sheet_gives_the_same_bytes():
    assert score_sheet_pdf(names=["Ana", "Ben", "Chen"]) == score_sheet_pdf(
        names=["Ana", "Ben", "Chen"]
    )
