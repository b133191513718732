"""A round's layout drawn as cards: the mainline left to right, wrapping into rows, and under
each mainline card the sideline of cards rejected after it, top one first.

Sideline cards overlap so that a long sideline stays on the page; each shows its rank and suit
at the top, so what stays visible names the card without relying on colour (and red cards
print hollow, as every card drawing does). Ranks print as on
the decks of the reader's country (`language`).
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from classroom.core.cards import Card, printed_label
from printables.kit.cardface import card_height, draw_card, draw_card_outline, draw_card_text
from printables.kit.scripts import FONT, FONT_BOLD, draw_text, register_fonts
from printables.kit.styles import MUTED, SHADE

__all__ = ["LayoutRow", "draw_sideline_card", "layout_rows", "sideline_step"]

CARD_WIDTH = 34.0
SIDE_WIDTH = 30.0
GAP = 8.0
LABEL = 11.0
DROP = 6.0
ROW_GAP = 14.0
#: A sideline card shows this share of its height when another lies on it.
OVERLAP_SHOW = 0.42
#: The tallest a sideline column may grow before its cards overlap more.
MAX_COLUMN = 330.0


def sideline_step(count: int) -> float:
    """How far apart (top to top) the cards of a sideline of `count` cards are drawn."""
    height = card_height(SIDE_WIDTH)
    step = height * OVERLAP_SHOW
    if count > 1 and height + (count - 1) * step > MAX_COLUMN:
        step = (MAX_COLUMN - height) / (count - 1)
    return step


def _column_height(count: int) -> float:
    if not count:
        return 0.0
    return DROP + card_height(SIDE_WIDTH) + (count - 1) * sideline_step(count)


def draw_sideline_card(
    canvas: Canvas, card: Card, x: float, y: float, width: float, *, language: str = "en"
) -> None:
    """A rejected card, shaded, with its rank and suit on one line at the top."""
    register_fonts()
    canvas.saveState()
    height = draw_card_outline(canvas, x, y, width, fill=SHADE)
    size = width * 0.34
    centre = x + width / 2
    label_y = y + height - size * 1.1
    label = printed_label(card, language)
    draw_card_text(canvas, card, centre, label_y, label, font=FONT_BOLD, size=size)
    suit_size = width * 0.5
    suit_y = y + height * 0.16
    draw_card_text(canvas, card, centre, suit_y, card.suit.glyph, font=FONT, size=suit_size)
    canvas.restoreState()


class LayoutRow(Flowable):  # type: ignore[misc, unused-ignore]  # reportlab has no type hints
    """One row of the layout: numbered mainline cards and the sidelines under them."""

    def __init__(
        self,
        first: int,
        mainline: Sequence[Card],
        sidelines: Sequence[Sequence[Card]],
        *,
        language: str = "en",
    ) -> None:
        super().__init__()
        self.language = language
        self.first = first
        self.mainline = tuple(mainline)
        self.sidelines = tuple(tuple(side) for side in sidelines)
        self.spaceAfter = ROW_GAP

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        """The row's height: labels, mainline cards and its deepest sideline."""
        deepest = max((_column_height(len(s)) for s in self.sidelines), default=0.0)
        self.height = LABEL + card_height(CARD_WIDTH) + deepest
        return availWidth, self.height

    def draw(self) -> None:
        """Draw each column: position number, mainline card, sideline below."""
        canvas: Canvas = self.canv
        top = self.height - LABEL
        main_y = top - card_height(CARD_WIDTH)
        for i, (card, side) in enumerate(zip(self.mainline, self.sidelines, strict=True)):
            x = i * (CARD_WIDTH + GAP)
            canvas.setFillColor(MUTED)
            number = str(self.first + i)
            draw_text(
                canvas, x + CARD_WIDTH / 2, top + 3, number, font=FONT, size=6.5, align="centre"
            )
            draw_card(canvas, card, x, main_y, CARD_WIDTH, language=self.language)
            self._draw_sideline(canvas, side, x + (CARD_WIDTH - SIDE_WIDTH) / 2, main_y)

    def _draw_sideline(self, canvas: Canvas, side: Sequence[Card], x: float, below: float) -> None:
        step = sideline_step(len(side))
        top = below - DROP
        if side:
            canvas.setStrokeColor(colors.Color(0.6, 0.6, 0.6))
            canvas.setLineWidth(0.6)
            canvas.line(x + SIDE_WIDTH / 2, below, x + SIDE_WIDTH / 2, top)
        for n, card in enumerate(side):
            y = top - n * step - card_height(SIDE_WIDTH)
            draw_sideline_card(canvas, card, x, y, SIDE_WIDTH, language=self.language)


def layout_rows(
    mainline: Sequence[Card],
    sidelines: Sequence[Sequence[Card]],
    width: float,
    *,
    language: str = "en",
) -> list[LayoutRow]:
    """The layout cut into rows that fit `width`, numbered from 1 (the starter)."""
    per_row = max(1, int((width + GAP) // (CARD_WIDTH + GAP)))
    return [
        LayoutRow(
            start + 1,
            mainline[start : start + per_row],
            sidelines[start : start + per_row],
            language=language,
        )
        for start in range(0, len(mainline), per_row)
    ]
