import itertools
import math
from io import BytesIO

import pytest
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from classroom.core.cards import Card, Color
from classroom.core.rules import RuleError, compile_rule
from classroom.core.rules.library import LibraryError, load_library
from printables.cardface import RED, CardRow, ink_for, row_positions
from printables.common import PrintableError, base_styles, page_size
from printables.documents import CustomRule, rule_cards_pdf
from printables.layout_pdf import layout_rows
from printables.rulecard_pdf import RuleCardRenderer, card_boxes, difficulty_marks
from printables.rulecards import (
    CARDS_PER_SHEET,
    RuleCard,
    custom_rule_card,
    example_mainline,
    library_rule_cards,
    paginate,
    rule_card,
    select_rules,
)
from printables.textfit import MIN_SCALE, draw_in_box, fit_story
from tests.unit.test_printables_support import (
    A4,
    LETTER,
    MIN_INK,
    fonts_of,
    page_sizes,
    reader,
    render,
    text_of,
    words_of,
)

EXAMPLE = tuple(map(Card.parse, ("4H", "7S", "10D", "KC", "AH", "2S", "QD", "9C", "3H", "JS")))


@pytest.fixture(scope="module")
def library():
    return load_library()


@pytest.fixture(scope="module")
def whole_library_pdf():
    return rule_cards_pdf(paper="a4")


@pytest.fixture(scope="module")
def page_texts(whole_library_pdf):
    return [page.extract_text() for page in reader(whole_library_pdf).pages]


@pytest.fixture(scope="module")
def whole_library_text(page_texts):
    return " ".join(" ".join(page_texts).split())


def card(**changes) -> RuleCard:
    fields = {"title": "Alternate colors", "text": "After red play black.", "example": EXAMPLE}
    fields["rule_text"] = "card.color != prev.color"
    return RuleCard(**(fields | changes))


def test_paginate_fills_sheets_in_order_and_leaves_the_rest_on_the_last():
    cards = [card(title=f"Rule {n}") for n in range(7)]
    sheets = paginate(cards)
    assert [len(sheet) for sheet in sheets] == [3, 3, 1]
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


def test_library_rule_card_carries_the_texts_and_an_example_the_rule_accepts(library):
    entry = next(rule for rule in library if rule.id == "suit-cycle")
    made = rule_card(entry)
    assert (made.title, made.text, made.hint) == (entry.title, entry.text, entry.hint)
    assert made.rule_text == str(entry.rule) and made.difficulty == entry.difficulty
    assert len(made.example) == 10
    for i in range(1, len(made.example)):
        assert entry.rule.allows(made.example[:i], made.example[i])


def test_custom_rule_card_uses_the_canonical_rule_text():
    made = custom_rule_card("Card.Color != prev.color", title=" Mine ", text="Colors swap.")
    assert (made.title, made.rule_text, made.difficulty) == (
        "Mine",
        "card.color != prev.color",
        None,
    )
    assert made.example


def test_custom_rule_card_refuses_text_that_does_not_compile():
    with pytest.raises(RuleError):
        custom_rule_card("card.colour == red", title="T", text="X")


def test_custom_rule_card_needs_a_title_and_a_text():
    with pytest.raises(PrintableError):
        custom_rule_card("card.odd", title=" ", text="Odd cards.")


def test_select_rules_applies_every_filter(library):
    chosen = select_rules(library, difficulty=1, concept="color")
    assert chosen and all(r.difficulty == 1 and "color" in r.concepts for r in chosen)


def test_select_rules_refuses_filters_that_match_nothing(library):
    with pytest.raises(PrintableError):
        select_rules(library, difficulty=5, age_band="5-7")
    with pytest.raises(LibraryError):
        select_rules(library, ids=["no-such-rule"])


def test_whole_library_prints_every_title_and_id_on_sheets_of_three(
    library, page_texts, whole_library_text
):
    assert len(page_texts) == math.ceil(len(library) / CARDS_PER_SHEET)
    for entry in library:
        assert entry.title in whole_library_text
        assert entry.id in whole_library_text
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


def test_a_very_long_rule_shrinks_to_fit_and_loses_no_word():
    long_text = " ".join(f"clause{n} says the card must do something" for n in range(40))
    long_rule = " or ".join(f"card.rank == {n % 13 + 1}" for n in range(30))
    made = card(title="A rule with far too many words", text=long_text, rule_text=long_rule)
    pdf = RuleCardRenderer(paper="letter").render([made])
    words = words_of(pdf)
    assert set(long_text.split()) <= words
    assert set(long_rule.split()) <= words
    assert render(pdf, "rule-card-long")[0] > MIN_INK


def test_fit_story_shrinks_long_text_but_not_short_text():
    def build(words):
        return lambda scale: [Paragraph(words, base_styles(scale)["body"])]

    assert fit_story(build("short"), 200, 100)[1] == 1.0
    story, scale = fit_story(build("word " * 400), 200, 300)
    assert MIN_SCALE <= scale < 1.0
    assert story[0].wrap(200, 1e6)[1] <= 300


def test_fit_story_refuses_text_too_long_to_read_in_the_box():
    with pytest.raises(PrintableError):
        fit_story(lambda s: [Paragraph("word " * 800, base_styles(s)["body"])], 100, 50)


def test_draw_in_box_refuses_to_drop_what_does_not_fit():
    canvas = Canvas(BytesIO())
    with pytest.raises(PrintableError):
        draw_in_box(canvas, [Paragraph("word " * 500, base_styles()["body"])], 0, 0, 100, 40)


def test_compiled_custom_rule_matches_the_rule_it_prints():
    made = custom_rule_card("card.rank <= 7", title="Low", text="Low cards only.")
    rule = compile_rule(made.rule_text)
    assert all(rule.allows(made.example[:i], made.example[i]) for i in range(1, len(made.example)))


def test_every_library_rule_gets_a_full_example_it_accepts(library):
    for entry in library:
        example = example_mainline(entry.rule)
        assert len(example) == 10, entry.id
        assert all(entry.rule.allows(example[:i], example[i]) for i in range(1, 10)), entry.id


# Rule cards in the reader's language

COURT = tuple(map(Card.parse, ("AH", "JS", "QD", "KC", "10H")))


def drawn_words(row: CardRow) -> set[str]:
    buffer = BytesIO()
    canvas = Canvas(buffer)
    row.wrapOn(canvas, 400, 400)
    row.drawOn(canvas, 20, 400)
    canvas.save()
    return words_of(buffer.getvalue())


@pytest.mark.parametrize(
    ("language", "letters", "not_printed"),
    [
        ("en", {"A", "J", "Q", "K"}, {"W", "D"}),
        ("pl", {"A", "W", "D", "K"}, {"J", "Q"}),
        ("ru", {"Т", "В", "Д", "К"}, {"A", "J", "Q", "K"}),
        ("ja", {"A", "J", "Q", "K"}, {"W", "D"}),
    ],
)
def test_card_faces_print_the_ranks_of_the_languages_decks(language, letters, not_printed):
    words = drawn_words(CardRow(COURT, card_width=30, language=language))
    assert letters | {"10"} <= words
    assert not words & not_printed


@pytest.mark.parametrize("language", ["ja", "pl", "ru"])
def test_library_rule_card_speaks_the_language_asked_for(library, language):
    entry = next(rule for rule in library if rule.id == "suit-cycle")
    made = rule_card(entry, language=language)
    words = entry.words_in(language)
    assert (made.title, made.text, made.hint) == (words.title, words.text, words.hint)
    assert made.language == language and made.rule_text == str(entry.rule)
    assert made.example == rule_card(entry).example


def test_library_rule_cards_are_all_in_one_language(library):
    cards = library_rule_cards(library[:3], language="pl")
    assert [made.title for made in cards] == [rule.title_in("pl") for rule in library[:3]]
    assert {made.language for made in cards} == {"pl"}


def test_a_russian_rule_card_prints_russian_words_and_russian_ranks(library):
    entry = next(rule for rule in library if rule.id == "face-cards-only")
    made = rule_card(entry, language="ru")
    pdf = RuleCardRenderer().render([made])
    text = text_of(pdf)
    assert " ".join(made.title.split()) in text
    assert "карты" in text and made.rule_text in text
    assert {"В", "Д", "К"} & words_of(pdf)
    assert not {"J", "Q"} & words_of(pdf)


def test_a_japanese_rule_card_prints_its_title_and_text(library):
    entry = next(rule for rule in library if rule.id == "alternate-colors")
    pdf = RuleCardRenderer().render([rule_card(entry, language="ja")])
    text = text_of(pdf).replace(" ", "")
    assert entry.title_in("ja") in text
    assert entry.text_in("ja")[:12] in text


def test_a_layout_drawing_prints_mainline_and_sideline_ranks_in_the_language():
    mainline = tuple(map(Card.parse, ("QH", "KS")))
    sidelines = ((Card.parse("JD"),), ())
    buffer = BytesIO()
    canvas = Canvas(buffer)
    for row in layout_rows(mainline, sidelines, 400, language="ru"):
        row.wrapOn(canvas, 400, 600)
        row.drawOn(canvas, 20, 300)
    canvas.save()
    text = text_of(buffer.getvalue())
    assert "Д" in text and "К" in text and "В♦" in text.replace(" ", "")
    assert not {"Q", "K", "J"} & set(text)
