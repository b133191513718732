"""The drawings of the students' rules sheet: the thirteen card values, and an example layout
with its mainline, a starter and sidelines under the cards that wrong plays were made on."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from classroom.core.cards import Card, Rank, Suit
from printables.kit.card_layout import draw_sideline_card
from printables.kit.cardface import card_height, draw_card
from printables.kit.drawing import fit_font_size
from printables.kit.i18n import gettext as _
from printables.kit.scripts import FONT_BOLD, draw_text
from printables.kit.styles import INK, MUTED, RULE_GREY, readable

__all__ = ["EXAMPLE_MAINLINE", "EXAMPLE_SIDELINES", "CardValues", "ExampleLayout"]

#: The example round's mainline, starter first, under the rule "only number cards, 2 to 10".
EXAMPLE_MAINLINE = tuple(Card.parse(c) for c in ("7H", "3S", "10D", "5C", "9H", "2S"))
#: The wrong cards under each mainline card: a queen after the 3, an ace then a king after the 5.
EXAMPLE_SIDELINES: tuple[tuple[Card, ...], ...] = (
    (),
    (Card.parse("QC"),),
    (),
    (Card.parse("AH"), Card.parse("KS")),
    (),
    (),
)
_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
#: A sideline card shows this share of its height when the next one lies on it.
_OVERLAP_SHOW = 0.45


class CardValues(Flowable):  # type: ignore[misc, unused-ignore]  # reportlab has no type hints
    """Ace to king side by side, each with its value printed under it."""

    def __init__(self, *, card_width: float, language: str) -> None:
        super().__init__()
        self.card_width = card_width
        self.language = language
        self.label_size = readable(card_width * 0.36)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        """As wide as the column; one card high plus the value line."""
        self.width = availWidth
        self.height = card_height(self.card_width) + self.label_size * 1.6
        return availWidth, self.height

    def draw(self) -> None:
        """Thirteen cards spread evenly across the column, suits taking turns."""
        canvas: Canvas = self.canv
        step = (self.width - self.card_width) / 12
        top_y = self.height - card_height(self.card_width)
        for i, rank in enumerate(Rank):
            x = i * step
            card = Card(rank, _SUITS[i % 4])
            draw_card(canvas, card, x, top_y, self.card_width, language=self.language)
            canvas.setFillColor(INK)
            value = f"= {int(rank)}"
            centre = x + self.card_width / 2
            draw_text(
                canvas, centre, 1, value, font=FONT_BOLD, size=self.label_size, align="centre"
            )


class ExampleLayout(Flowable):  # type: ignore[misc, unused-ignore]  # reportlab has no type hints
    """The example round: labels on the left, the mainline left to right, sidelines below;
    `marks` are words above mainline cards (by index), such as New Eleusis's markers."""

    def __init__(
        self,
        mainline: Sequence[Card],
        sidelines: Sequence[Sequence[Card]],
        *,
        card_width: float,
        language: str,
        marks: Mapping[int, str] | None = None,
    ) -> None:
        super().__init__()
        self.marks = dict(marks or {})
        self.mainline = tuple(mainline)
        self.sidelines = tuple(tuple(side) for side in sidelines)
        self.card_width = card_width
        self.language = language
        self.label_width = card_width * 2.9
        self.gap = card_width * 0.3
        self.top_label = card_width * 0.34

    def _side_width(self) -> float:
        return self.card_width * 0.88

    def _sideline_height(self) -> float:
        deepest = max((len(side) for side in self.sidelines), default=0)
        if not deepest:
            return 0.0
        side_height = card_height(self._side_width())
        return self.gap + side_height + (deepest - 1) * side_height * _OVERLAP_SHOW

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        """The column's width; the starter label, the mainline and the deepest sideline high."""
        self.width = availWidth
        main = card_height(self.card_width)
        self.height = self.top_label * 1.6 + main + self._sideline_height()
        return availWidth, self.height

    def draw(self) -> None:
        """Labels, then each mainline card with its sideline hanging below it."""
        canvas: Canvas = self.canv
        main_y = self.height - self.top_label * 1.6 - card_height(self.card_width)
        self._labels(canvas, main_y)
        step = self.card_width + self.gap
        for i, (card, side) in enumerate(zip(self.mainline, self.sidelines, strict=True)):
            x = self.label_width + i * step
            draw_card(canvas, card, x, main_y, self.card_width, language=self.language)
            self._sideline(canvas, side, x, main_y)
        above = main_y + card_height(self.card_width) + self.top_label * 0.5
        for index, text in ((0, _("starter")), *self.marks.items()):
            canvas.setFillColor(MUTED if index == 0 else INK)
            x = self.label_width + index * step + self.card_width / 2
            draw_text(canvas, x, above, text, font=FONT_BOLD, size=self.top_label, align="centre")
        arrow_x = self.label_width + len(self.mainline) * step
        arrow_y = main_y + card_height(self.card_width) / 2 - self.card_width * 0.2
        canvas.setFillColor(INK)
        draw_text(canvas, arrow_x, arrow_y, "→", font=FONT_BOLD, size=self.card_width * 0.6)

    def _labels(self, canvas: Canvas, main_y: float) -> None:
        room = self.label_width - self.gap
        main_mid = main_y + card_height(self.card_width) / 2
        side_mid = main_y - self._sideline_height() / 2
        canvas.setFillColor(INK)
        for text, y in ((_("Mainline"), main_mid), (_("Sideline"), side_mid)):
            size = fit_font_size(text, FONT_BOLD, room, (self.card_width * 0.32, 5))
            draw_text(canvas, 0, y - size * 0.35, text, font=FONT_BOLD, size=size)

    def _sideline(self, canvas: Canvas, side: Sequence[Card], x: float, main_y: float) -> None:
        if not side:
            return
        width = self._side_width()
        height = card_height(width)
        left = x + (self.card_width - width) / 2
        top = main_y - self.gap
        canvas.setStrokeColor(RULE_GREY)
        canvas.setLineWidth(0.6)
        canvas.line(x + self.card_width / 2, main_y, x + self.card_width / 2, top)
        for n, card in enumerate(side):
            y = top - n * height * _OVERLAP_SHOW - height
            draw_sideline_card(canvas, card, left, y, width, language=self.language)
