"""One playing card face drawn on a canvas, and a row of them as a Platypus flowable.

Colour is never the only cue: the suit glyph is always printed, and red cards print hollow
(rank and suit outlined in red) while black cards print solid. On a black-and-white printer
red and black come out as two similar greys; outline against solid still tells them apart.
The rank is printed as on the decks of the reader's country (`language`): a Polish queen is D,
a Russian jack В.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from classroom.core.cards import Card, Color, printed_rank
from printables.kit.scripts import FONT, FONT_BOLD, register_fonts, script_runs, text_width
from printables.kit.styles import INK, RED, RULE_GREY

__all__ = [
    "CARD_RATIO",
    "CardRow",
    "card_height",
    "draw_card",
    "draw_card_outline",
    "draw_card_text",
    "is_hollow",
    "row_positions",
]

#: Height over width of a printed card (a real card is 88 x 63 mm).
CARD_RATIO = 1.4
_CORNER = 0.12
_RANK_SIZE = 0.40
_SUIT_SIZE = 0.52
_LINE = 0.6
#: The outline of hollow text, as a share of its font size, and never thinner than a hairline
#: a printer still prints.
_OUTLINE = 0.06
_MIN_OUTLINE = 0.35
#: PDF text render modes: fill the glyphs, or only stroke their outlines.
FILL, STROKE = 0, 1


def card_height(width: float) -> float:
    """The height of a card drawn `width` points wide."""
    return width * CARD_RATIO


def ink_for(card: Card) -> colors.Color:
    """Red for hearts and diamonds, near-black for spades and clubs."""
    return RED if card.color is Color.RED else INK


def is_hollow(card: Card) -> bool:
    """Whether the card's rank and suit print outlined (red suits) rather than solid."""
    return card.color is Color.RED


def draw_card_text(
    canvas: Canvas, card: Card, x: float, y: float, text: str, *, font: str, size: float
) -> None:
    """Draw a card's rank or suit centred on x, on the baseline y, in the card's ink: outlined
    for a red card, filled for a black one, each run in the font of its script."""
    ink = ink_for(card)
    canvas.saveState()
    canvas.setFillColor(ink)
    canvas.setStrokeColor(ink)
    canvas.setLineWidth(max(_MIN_OUTLINE, size * _OUTLINE))
    line = canvas.beginText(x - text_width(text, font, size) / 2, y)
    line.setTextRenderMode(STROKE if is_hollow(card) else FILL)
    for name, run in script_runs(text, font):
        line.setFont(name, size)
        line.textOut(run)
    canvas.drawText(line)
    canvas.restoreState()


def draw_card_outline(
    canvas: Canvas, x: float, y: float, width: float, *, fill: colors.Color
) -> float:
    """A card's rounded outline filled with `fill`, its lower-left corner at (x, y); returns
    the card's height. The line and fill colours stay set: the caller saves the state."""
    height = card_height(width)
    canvas.setLineWidth(_LINE)
    canvas.setStrokeColor(RULE_GREY)
    canvas.setFillColor(fill)
    canvas.roundRect(x, y, width, height, width * _CORNER, stroke=1, fill=1)
    return height


def draw_card(
    canvas: Canvas, card: Card, x: float, y: float, width: float, *, language: str = "en"
) -> None:
    """Draw `card` with its lower-left corner at (x, y): rank above a large suit glyph."""
    register_fonts()
    canvas.saveState()
    height = draw_card_outline(canvas, x, y, width, fill=colors.white)
    rank_size = width * _RANK_SIZE
    centre = x + width / 2
    rank_y = y + height - rank_size * 1.15
    rank = printed_rank(card.rank, language)
    draw_card_text(canvas, card, centre, rank_y, rank, font=FONT_BOLD, size=rank_size)
    suit_size = width * _SUIT_SIZE
    suit_y = y + height * 0.18
    draw_card_text(canvas, card, centre, suit_y, card.suit.glyph, font=FONT, size=suit_size)
    canvas.restoreState()


def row_positions(
    count: int, width: float, card_width: float, gap: float, *, per_row: int | None = None
) -> list[tuple[int, int]]:
    """(row, column) of `count` cards laid left to right, wrapping at `width` or `per_row` cards."""
    fits = max(1, int((width + gap) // (card_width + gap)))
    columns = min(fits, per_row) if per_row else fits
    return [divmod(i, columns) for i in range(count)]


class CardRow(Flowable):  # type: ignore[misc, unused-ignore]  # reportlab has no type hints
    """Cards side by side, wrapping onto further rows when the column is too narrow."""

    def __init__(
        self,
        cards: Sequence[Card],
        *,
        card_width: float = 28,
        gap: float = 4,
        per_row: int | None = None,
        language: str = "en",
    ) -> None:
        super().__init__()
        self.cards = tuple(cards)
        self.language = language
        self.per_row = per_row
        self.card_width = card_width
        self.gap = gap
        self._avail = 0.0

    def _positions(self) -> list[tuple[int, int]]:
        return row_positions(
            len(self.cards), self._avail, self.card_width, self.gap, per_row=self.per_row
        )

    def _rows(self) -> int:
        positions = self._positions()
        return positions[-1][0] + 1 if positions else 0

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        """Take the whole column width; the height follows from the number of rows."""
        self._avail = availWidth
        rows = self._rows()
        height = rows * card_height(self.card_width) + max(0, rows - 1) * self.gap
        return availWidth, height

    def draw(self) -> None:
        """Draw the cards top row first."""
        step_x = self.card_width + self.gap
        step_y = card_height(self.card_width) + self.gap
        rows = self._rows()
        positions = self._positions()
        for card, (row, col) in zip(self.cards, positions, strict=True):
            y = (rows - 1 - row) * step_y
            draw_card(self.canv, card, col * step_x, y, self.card_width, language=self.language)
