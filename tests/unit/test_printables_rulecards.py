import itertools
import math
from dataclasses import replace
from io import BytesIO

import pytest
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from classroom.core.cards import Card, Color
from classroom.core.rules import RuleError, compile_rule
from classroom.core.rules.library import LibraryError, find_rule, load_library
from printables.blank_rulecard_pdf import SAMPLE_PLAYS
from printables.cardface import RED, CardRow, ink_for, row_positions
from printables.catalog import PRINTABLE_NAMES
from printables.common import PrintableError, base_styles, page_size
from printables.documents import (
    CustomRule,
    blank_rule_card_pdf,
    build_printable,
    rule_cards_pdf,
)
from printables.layout_pdf import layout_rows
from printables.rulecard_pdf import (
    RuleCardRenderer,
    card_boxes,
    card_halves,
    concept_name,
    difficulty_marks,
)
from printables.rulecards import (
    CARDS_PER_SHEET,
    RuleCard,
    custom_rule_card,
    example_mainline,
    library_rule_cards,
    paginate,
    rule_card,
    select_rules,
    words_rule_card,
)
from printables.textfit import MIN_SCALE, draw_in_box, fit_story
from tests.unit.test_printables_languages import squeezed, translated
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
    # A thousand characters: three times what a student dealer may write, with a long rule too.
    long_text = " ".join(f"clause{n} says the card must do something" for n in range(25))
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


# What each half of a folded card shows

PAGE = page_size("a4")


def placed_text(pdf: bytes, page: int = 0) -> list[tuple[str, float, float]]:
    """Every piece of text on a page with the point where it starts, in page coordinates."""
    found: list[tuple[str, float, float]] = []

    def visit(text, cm, tm, _font, _size):
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.append((" ".join(text.split()), x, y))

    reader(pdf).pages[page].extract_text(visitor_text=visit)
    return found


def inside(box, x: float, y: float) -> bool:
    return box.x <= x <= box.x + box.width and box.y <= y <= box.y + box.height


def halves_of_first_card():
    return card_halves(card_boxes(PAGE)[0])


def pieces_with(pdf: bytes, words: str) -> list[tuple[float, float]]:
    hits = [(x, y) for text, x, y in placed_text(pdf) if words in text]
    assert hits, words
    return hits


def test_the_rule_its_title_and_its_id_are_inside_the_secret_half(library):
    entry = next(rule for rule in library if rule.id == "alternate-colors")
    pdf = RuleCardRenderer().render([replace(rule_card(entry), table="Otters")])
    public, secret = halves_of_first_card()
    first_words = " ".join(entry.text.split()[:4])
    for words in (first_words, entry.title, entry.id, str(entry.rule), entry.hint[:12]):
        assert all(inside(secret, x, y) for x, y in pieces_with(pdf, words)), words
    assert all(inside(public, x, y) for x, y in pieces_with(pdf, "Otters"))
    assert all(inside(public, x, y) for x, y in pieces_with(pdf, "difficulty 1 of 5"))


def test_the_public_half_carries_the_hint_only_when_the_teacher_chooses(library):
    entry = next(rule for rule in library if rule.id == "alternate-colors")
    public, secret = halves_of_first_card()
    hidden = RuleCardRenderer().render([rule_card(entry)])
    shown = RuleCardRenderer(public_hint=True).render([rule_card(entry)])
    assert all(inside(secret, x, y) for x, y in pieces_with(hidden, entry.hint[:12]))
    assert all(inside(public, x, y) for x, y in pieces_with(shown, entry.hint[:12]))
    assert all(inside(secret, x, y) for x, y in pieces_with(shown, entry.title))


def test_nothing_on_the_public_half_names_the_rule(library):
    entries = [rule for rule in library if rule.id in ("suit-cycle", "primes-alternate")]
    pdf = RuleCardRenderer().render(library_rule_cards(entries))
    boxes = card_boxes(PAGE)
    public = [card_halves(box)[0] for box in boxes]
    said = " ".join(text for text, x, y in placed_text(pdf) if any(inside(b, x, y) for b in public))
    for entry in entries:
        for secret in (entry.title, entry.id, str(entry.rule), entry.text[:20]):
            assert secret not in said
        for concept in entry.concepts:
            assert concept_name(concept) not in said


def test_a_rule_in_plain_words_prints_its_words_and_no_rule_language():
    made = words_rule_card("Red after black, then two blacks", title="Dealer's own")
    assert (made.rule_text, made.example) == ("", ())
    pdf = RuleCardRenderer().render([made])
    _public, secret = halves_of_first_card()
    assert all(inside(secret, x, y) for x, y in pieces_with(pdf, "Red after black"))
    text = text_of(pdf)
    assert "In the rule language:" not in text and "Example mainline" not in text
    with pytest.raises(PrintableError):
        words_rule_card("  ", title="Dealer's own")


def test_rule_cards_with_the_hint_in_public_come_from_the_builder():
    pdf = rule_cards_pdf(ids=["alternate-colors"], public_hint=True, language="ja")
    public, _secret = halves_of_first_card()
    hint = find_rule("alternate-colors").words_in("ja").hint
    assert hint is not None
    assert all(inside(public, x, y) for x, y in pieces_with(pdf, hint[:6]))


# Blank rule cards


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
