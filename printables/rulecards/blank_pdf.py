"""Blank rule cards for dealers who invent their own rule: the same cut, fold and secret half as
the printed rule cards, with lines to write on instead of a rule.

Before play, the dealer tries the rule on three sample plays (a last card and a next card, and
whether the next card may follow). A rule that says yes to all three, or no to all three, is
probably too loose or too tight: the card asks for at least one of each.
"""

from __future__ import annotations

from io import BytesIO
from xml.sax.saxutils import escape

from reportlab.pdfgen.canvas import Canvas

from printables.kit.cardface import card_height
from printables.kit.document import document_canvas, page_size
from printables.kit.drawing import Box, draw_wrapped, fit_font_size
from printables.kit.i18n import gettext as _
from printables.kit.scripts import (
    FONT,
    FONT_BOLD,
    draw_text,
    register_fonts,
    script_paragraph,
    text_width,
)
from printables.kit.styles import INK, MUTED, READING_SIZE, RULE_GREY, base_styles
from printables.rulecards.frame import (
    PAD,
    card_boxes,
    card_halves,
    draw_card_frame,
    draw_sheet_header,
)
from printables.rulecards.plan import CARDS_PER_SHEET, MAX_DIFFICULTY

__all__ = ["SAMPLE_PLAYS", "BlankRuleCardRenderer"]

#: Sample plays the dealer tries the rule on before the round.
SAMPLE_PLAYS = 3
LABEL_SIZES = (9.5, READING_SIZE)
TEXT_SIZE = READING_SIZE
#: Room from one writing line to the next.
LINE_STEP = 17.0
RULE_LINES = 3
SAMPLE_CARD_WIDTH = 17.0
ARROW = 14.0


class BlankRuleCardRenderer:
    """Draws sheets of blank rule cards on the chosen paper and returns the PDF bytes."""

    def __init__(self, *, paper: str = "a4") -> None:
        self.page = page_size(paper)
        register_fonts()

    def render(self, *, sheets: int = 1) -> bytes:
        """`sheets` sheets of CARDS_PER_SHEET blank cards; the same call gives the same bytes."""
        buffer = BytesIO()
        canvas = document_canvas(buffer, self.page, title=_("Blank rule cards"))
        heading = _("Eleusis Express · Blank rule cards: write your own rule")
        for number in range(1, sheets + 1):
            draw_sheet_header(canvas, self.page, number, sheets, heading=heading)
            for box in card_boxes(self.page)[:CARDS_PER_SHEET]:
                self._draw_card(canvas, box)
            canvas.showPage()
        canvas.save()
        return buffer.getvalue()

    def _draw_card(self, canvas: Canvas, box: Box) -> None:
        secret = draw_card_frame(canvas, box)
        public, _secret = card_halves(box)
        self._draw_public(
            canvas,
            Box(public.x + PAD, public.y + PAD, public.width - 2 * PAD, public.height - 2 * PAD),
        )
        self._draw_secret(canvas, secret)

    def _draw_public(self, canvas: Canvas, box: Box) -> None:
        top = box.y + box.height - 10
        canvas.setFillColor(MUTED)
        kicker = _("Eleusis · the dealer's rule card")
        draw_text(canvas, box.x, top, kicker, font=FONT, size=_fit(kicker, FONT, box.width))
        y = top - LINE_STEP * 1.3
        y = _write_on(canvas, box, y, _("Table:"))
        y = _write_on(canvas, box, y, _("Dealer:"))
        label = _("Difficulty (colour in):")
        y = _label(canvas, box, y, label)
        stars = "☆" * MAX_DIFFICULTY
        canvas.setFillColor(INK)
        draw_text(canvas, box.x, y - 16, stars, font=FONT, size=16)
        behind = _(
            "The dealer's secret rule is on the other half of this card. Play cards, watch what"
            " the dealer accepts, and find the rule."
        )
        _paragraph(canvas, box, y - 34, behind)

    def _draw_secret(self, canvas: Canvas, box: Box) -> None:
        y = box.y + box.height - 10
        y = _write_on(canvas, box, y, _("Title (for you alone):"))
        y = _label(canvas, box, y, _("My rule, in words that leave no doubt:"))
        for _line in range(RULE_LINES):
            y -= LINE_STEP
            _line_at(canvas, box.x, box.x + box.width, y)
        y = _write_on(canvas, box, y - LINE_STEP, _("A hint I may give:"))
        self._draw_samples(canvas, Box(box.x, box.y, box.width, y - box.y - 4))

    def _draw_samples(self, canvas: Canvas, box: Box) -> None:
        """The test box: three sample plays, each a last card, a next card and yes or no."""
        canvas.saveState()
        canvas.setStrokeColor(RULE_GREY)
        canvas.setLineWidth(0.7)
        canvas.rect(box.x, box.y, box.width, box.height)
        canvas.restoreState()
        inner = Box(box.x + 4, box.y + 3, box.width - 8, box.height - 6)
        top = _label(canvas, inner, inner.y + inner.height - 9, _("Tested on 3 sample cards:"))
        note = _("After this card, may that one follow? At least one yes and one no.")
        last = draw_wrapped(
            canvas, inner.x, top - 12, inner.width, note, font=FONT, size=TEXT_SIZE, color=MUTED
        )
        room = last - 5 - (inner.y + 12)
        card_w = min(SAMPLE_CARD_WIDTH, room / card_height(1))
        slot = inner.width / SAMPLE_PLAYS
        for n in range(SAMPLE_PLAYS):
            _sample_play(canvas, Box(inner.x + n * slot, inner.y, slot, room + 12), card_w)


def _sample_play(canvas: Canvas, slot: Box, card_w: float) -> None:
    """Two empty cards, an arrow from the last to the next, and yes or no to tick below."""
    left = slot.x + (slot.width - 2 * card_w - ARROW) / 2
    bottom = slot.y + 12
    _blank_card(canvas, left, bottom, card_w)
    _blank_card(canvas, left + card_w + ARROW, bottom, card_w)
    middle = bottom + card_height(card_w) / 2 - 3
    canvas.setFillColor(INK)
    arrow_x = left + card_w + ARROW / 2
    draw_text(canvas, arrow_x, middle, "→", font=FONT, size=9, align="centre")
    answer = _("yes ☐   no ☐")
    size = _fit(answer, FONT, slot.width - 4, (TEXT_SIZE, TEXT_SIZE))
    centre = slot.x + slot.width / 2
    draw_text(canvas, centre, slot.y + 2, answer, font=FONT, size=size, align="centre")


def _fit(text: str, font: str, width: float, sizes: tuple[float, float] = LABEL_SIZES) -> float:
    """The largest size in `sizes` at which `text` fits `width`."""
    return fit_font_size(text, font, width, sizes)


def _label(canvas: Canvas, box: Box, y: float, text: str) -> float:
    """A bold label from the baseline `y`, on as many lines as the box's width needs; returns
    its last line's baseline."""
    size = LABEL_SIZES[0]
    if text_width(text, FONT_BOLD, size) <= box.width:
        canvas.setFillColor(INK)
        draw_text(canvas, box.x, y, text, font=FONT_BOLD, size=size)
        return y
    return draw_wrapped(canvas, box.x, y, box.width, text, font=FONT_BOLD, size=size, color=INK)


def _write_on(canvas: Canvas, box: Box, y: float, text: str) -> float:
    """A label and a line to write on after it, on the baseline `y`; returns the next line's
    baseline."""
    size = LABEL_SIZES[0]
    if text_width(text, FONT_BOLD, size) > box.width * 0.6:
        # A long label: on its own line(s), the line to write on under it.
        y = _label(canvas, box, y, text) - LINE_STEP
        _line_at(canvas, box.x, box.x + box.width, y)
        return y - LINE_STEP
    canvas.setFillColor(INK)
    draw_text(canvas, box.x, y, text, font=FONT_BOLD, size=size)
    start = box.x + text_width(text, FONT_BOLD, size) + 4
    _line_at(canvas, start, box.x + box.width, y)
    return y - LINE_STEP


def _line_at(canvas: Canvas, x1: float, x2: float, y: float) -> None:
    canvas.saveState()
    canvas.setStrokeColor(RULE_GREY)
    canvas.setLineWidth(0.6)
    canvas.line(x1, y - 2, x2, y - 2)
    canvas.restoreState()


def _blank_card(canvas: Canvas, x: float, y: float, width: float) -> None:
    """An empty card outline to write a rank and suit in."""
    canvas.saveState()
    canvas.setStrokeColor(RULE_GREY)
    canvas.setLineWidth(0.6)
    canvas.roundRect(x, y, width, card_height(width), width * 0.12)
    canvas.restoreState()


def _paragraph(canvas: Canvas, box: Box, y: float, text: str) -> None:
    """Plain text wrapped to the box's width from the baseline `y` down."""
    paragraph = script_paragraph(escape(text), base_styles()["cell"])
    _w, height = paragraph.wrap(box.width, y - box.y)
    paragraph.drawOn(canvas, box.x, y - height)
