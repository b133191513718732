"""Card drawings tell red from black without colour: red suits print hollow, black ones solid."""

from io import BytesIO

import pytest
from pypdf.generic import ContentStream
from reportlab.pdfgen.canvas import Canvas

from classroom.core.cards import Card
from printables.kit.card_layout import draw_sideline_card, layout_rows
from printables.kit.cardface import CardRow, draw_card, is_hollow
from tests.unit.test_printables_support import reader, render

#: PDF text render modes: 0 fills the glyphs, 1 only strokes their outlines.
FILL, STROKE = 0, 1


def drawn(draw) -> bytes:
    """A one-page PDF of what `draw(canvas)` draws."""
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(300, 300), invariant=1)
    draw(canvas)
    canvas.save()
    return buffer.getvalue()


def shown_in_order(pdf: bytes) -> list[tuple[bytes, int]]:
    """Each string the first page shows, in order, with the text render mode it is shown in.

    The mode is part of the graphics state: it lasts until set again or until the state it was
    set in is restored.
    """
    page = reader(pdf).pages[0]
    modes, shown = [FILL], []
    for operands, operator in ContentStream(page.get_contents(), page.pdf).operations:
        if operator == b"q":
            modes.append(modes[-1])
        elif operator == b"Q":
            modes.pop()
        elif operator == b"Tr":
            modes[-1] = int(operands[0])
        elif operator == b"Tj":
            shown.append((bytes(operands[0].original_bytes), modes[-1]))
    return shown


def modes_of_card(card: Card, draw) -> set[int]:
    """The render modes of all text a drawing of one card shows."""
    pdf = drawn(lambda canvas: draw(canvas, card))
    return {mode for _text, mode in shown_in_order(pdf)}


@pytest.mark.parametrize("code", ["QH", "2D", "10H", "AD"])
def test_a_red_card_prints_its_rank_and_suit_outlined(code):
    card = Card.parse(code)
    assert is_hollow(card)
    assert modes_of_card(card, lambda c, k: draw_card(c, k, 10, 10, 60)) == {STROKE}


@pytest.mark.parametrize("code", ["QS", "2C", "10S", "AC"])
def test_a_black_card_prints_its_rank_and_suit_solid(code):
    card = Card.parse(code)
    assert not is_hollow(card)
    assert modes_of_card(card, lambda c, k: draw_card(c, k, 10, 10, 60)) == {FILL}


@pytest.mark.parametrize(("code", "mode"), [("JD", STROKE), ("3C", FILL)])
def test_a_sideline_card_follows_the_same_cue(code, mode):
    card = Card.parse(code)
    draw = lambda canvas, k: draw_sideline_card(canvas, k, 10, 10, 40, language="ru")  # noqa: E731
    assert modes_of_card(card, draw) == {mode}


def test_rows_and_layouts_outline_exactly_their_red_cards():
    cards = tuple(map(Card.parse, ("AH", "KS", "7D", "2C")))

    def draw(canvas):
        row = CardRow(cards, card_width=30)
        row.wrapOn(canvas, 280, 100)
        row.drawOn(canvas, 10, 220)
        for layout in layout_rows(cards, ((Card.parse("9H"),), (), (), ()), 280):
            layout.wrapOn(canvas, 280, 200)
            layout.drawOn(canvas, 10, 10)

    pdf = drawn(draw)
    modes = [mode for _text, mode in shown_in_order(pdf)]
    # Every card shows a rank and a suit. Outlined: A♥ and 7♦ twice (row and layout) and the
    # sideline's 9♥; solid: K♠ and 2♣ twice, and the layout's four position numbers.
    assert modes.count(STROKE) == 2 * (2 + 2 + 1)
    assert modes.count(FILL) == 2 * (2 + 2) + 4
    assert render(pdf, "card-drawings", resolution=72)[0] > 0.01
