"""Guess slips: six a page with cut lines. A player writes their name, when they guessed and the
rule in their own words; the dealer ticks whether it is the same rule and, if not, may write a
card on which the two differ."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printables.kit.document import canvas_pdf
from printables.kit.drawing import Box, draw_cut_line, fit_font_size
from printables.kit.i18n import gettext as _
from printables.kit.scripts import FONT, FONT_BOLD, draw_text, text_width
from printables.kit.styles import INK, MUTED, RULE_GREY

__all__ = ["COLUMNS", "ROWS", "SlipsRenderer", "slip_boxes"]

COLUMNS = 2
ROWS = 3
MARGIN: float = 10 * mm
#: Room under the slips for the footer.
BOTTOM: float = 12 * mm
PAD = 12.0
LINE = 0.6
#: Space between the lines a player writes the rule on.
WRITING = 19.0
TICK = 10.0
FIELD_SIZE = 9.5
#: The line a card number is written on.
NUMBER_ROOM = 30.0
#: Height of the dealer's part at the foot of a slip.
VERDICT = 82.0


def slip_boxes(page: tuple[float, float]) -> tuple[Box, ...]:
    """Where the slips go on a page, left to right, top to bottom, edge to edge."""
    width, height = page
    slip_width = (width - 2 * MARGIN) / COLUMNS
    slip_height = (height - MARGIN - BOTTOM) / ROWS
    return tuple(
        Box(
            MARGIN + c * slip_width,
            height - MARGIN - (r + 1) * slip_height,
            slip_width,
            slip_height,
        )
        for r in range(ROWS)
        for c in range(COLUMNS)
    )


class SlipsRenderer:
    """Builds one page of guess slips on one paper size."""

    def __init__(self, *, paper: str = "a4") -> None:
        self.paper = paper

    def render(self) -> bytes:
        """The page of slips as PDF bytes."""
        return canvas_pdf([self._page], paper=self.paper, title=_("Guess slips"))

    def _page(self, canvas: Canvas, page: tuple[float, float]) -> None:
        boxes = slip_boxes(page)
        for box in boxes:
            self._slip(canvas, box)
        left, right = MARGIN, page[0] - MARGIN
        top, bottom = boxes[0].y + boxes[0].height, boxes[-1].y
        for r in range(ROWS + 1):
            y = top - r * boxes[0].height
            draw_cut_line(canvas, left, y, right, y)
        for c in range(COLUMNS + 1):
            x = left + c * boxes[0].width
            draw_cut_line(canvas, x, top, x, bottom)

    def _slip(self, canvas: Canvas, box: Box) -> None:
        left, right = box.x + PAD, box.x + box.width - PAD
        width = right - left
        y = box.y + box.height - PAD - 12
        canvas.setFillColor(INK)
        title = _("Guess slip")
        size = fit_font_size(title, FONT_BOLD, width, (13, 8))
        draw_text(canvas, left, y, title, font=FONT_BOLD, size=size)
        y -= 26
        after = _("After card no.")
        # The card number needs little room: the name gets what the label leaves, at least half.
        needed = text_width(after, FONT, FIELD_SIZE) + 4 + NUMBER_ROOM
        split = max(left + width * 0.5, right - needed)
        self._field(canvas, _("Name:"), left, split - 8, y)
        self._field(canvas, after, split, right, y)
        y -= 24
        self._field(canvas, _("My rule:"), left, right, y)
        verdict_y = box.y + PAD + VERDICT
        while y - WRITING > verdict_y + 14:
            y -= WRITING
            self._rule_line(canvas, left, right, y)
        self._verdict(canvas, left, right, verdict_y)

    def _verdict(self, canvas: Canvas, left: float, right: float, top: float) -> None:
        """The dealer's part of the slip, under a heavier line at `top`."""
        width = right - left
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(1.0)
        canvas.line(left, top, right, top)
        y = top - 16
        canvas.setFillColor(MUTED)
        label = _("Dealer's verdict:")
        size = fit_font_size(label, FONT_BOLD, width, (9.5, 6))
        draw_text(canvas, left, y, label, font=FONT_BOLD, size=size)
        y -= 20
        self._ticks(canvas, (_("same rule"), _("not the same")), left, width, y)
        y -= 22
        differ = _("If not, a card on which they differ:")
        size = fit_font_size(differ, FONT, width, (FIELD_SIZE, 6))
        canvas.setFillColor(INK)
        draw_text(canvas, left, y, differ, font=FONT, size=size)
        self._rule_line(canvas, left, right, y - WRITING * 0.9)

    def _field(self, canvas: Canvas, label: str, left: float, right: float, y: float) -> None:
        """A label and a line to write on after it, the label shrunk to leave room to write."""
        size = fit_font_size(label, FONT, right - left - NUMBER_ROOM, (FIELD_SIZE, 6))
        canvas.setFillColor(INK)
        draw_text(canvas, left, y, label, font=FONT, size=size)
        start = left + text_width(label, FONT, size) + 4
        self._rule_line(canvas, start, right, y - 2)

    def _rule_line(self, canvas: Canvas, left: float, right: float, y: float) -> None:
        canvas.setStrokeColor(RULE_GREY)
        canvas.setLineWidth(LINE)
        canvas.line(left, y, right, y)

    def _ticks(
        self, canvas: Canvas, labels: tuple[str, ...], left: float, width: float, y: float
    ) -> None:
        """Boxes to tick, side by side, each with its label."""
        share = width / len(labels)
        for i, label in enumerate(labels):
            x = left + i * share
            canvas.setStrokeColor(INK)
            canvas.setLineWidth(1.0)
            canvas.rect(x, y - 2, TICK, TICK, stroke=1, fill=0)
            size = fit_font_size(label, FONT, share - TICK - 12, (9.5, 6))
            canvas.setFillColor(INK)
            draw_text(canvas, x + TICK + 5, y, label, font=FONT, size=size)
