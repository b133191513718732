"""Rule cards in the reader's language: titles and texts, and the ranks of that language's
decks on the card faces and layout drawings."""

from __future__ import annotations

from io import BytesIO

import pytest
from reportlab.pdfgen.canvas import Canvas

from classroom.core.cards import Card
from printables.kit.card_layout import layout_rows
from printables.kit.cardface import CardRow
from printables.rulecards.pdf import RuleCardRenderer
from printables.rulecards.plan import (
    library_rule_cards,
    rule_card,
)
from tests.unit.test_printables_support import (
    text_of,
    words_of,
)

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
