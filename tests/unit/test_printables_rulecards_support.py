"""Helpers for the rule card tests: a rule card to vary, and where text lands on a folded
card (which half: public or secret). No tests here."""

from __future__ import annotations

from classroom.core.cards import Card
from printables.kit.document import page_size
from printables.rulecards.pdf import card_boxes, card_halves
from printables.rulecards.plan import RuleCard
from tests.unit.test_printables_support import reader

EXAMPLE = tuple(map(Card.parse, ("4H", "7S", "10D", "KC", "AH", "2S", "QD", "9C", "3H", "JS")))


def card(**changes) -> RuleCard:
    fields = {"title": "Alternate colors", "text": "After red play black.", "example": EXAMPLE}
    fields["rule_text"] = "card.color != prev.color"
    return RuleCard(**(fields | changes))


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
