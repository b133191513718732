"""The layout mat: landscape sheets with real card-sized slots for the mainline and the
sideline drawn under each slot. The first sheet holds the starter; continuation sheets are laid
to its right as the mainline grows."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from printables.kit.document import canvas_pdf
from printables.kit.drawing import CUT_DASH, Box, fit_font_size
from printables.kit.i18n import gettext as _
from printables.kit.scripts import FONT_BOLD, draw_text, script_paragraph
from printables.kit.styles import INK, MUTED, RULE_GREY, SHADE, base_styles, readable
from printables.kit.textfit import draw_in_box, fit_story

__all__ = ["CARD", "SLOTS", "MatLayout", "MatRenderer", "mat_layout"]

#: A standard playing card, 63 x 88 mm: the slots are the size of the cards laid on them.
CARD: tuple[float, float] = (63 * mm, 88 * mm)
#: Mainline slots a sheet holds across, on A4 and on Letter.
SLOTS = 4
MARGIN: float = 9 * mm
HEADER: float = 17 * mm
SIDELINE_GAP: float = 4 * mm
#: Room under the sidelines for the footer.
BOTTOM: float = 12 * mm
PAD = 8.0


@dataclass(frozen=True, slots=True)
class MatLayout:
    """Where a sheet's parts go: the title's baseline, the top of the hint under it, each slot
    and the sideline under it."""

    title_y: float
    hint_y: float
    slots: tuple[Box, ...]
    sidelines: tuple[Box, ...]


def mat_layout(page: tuple[float, float]) -> MatLayout:
    """The mat's geometry on a landscape page: SLOTS card-sized slots spread across it."""
    width, height = page
    card_width, card_height = CARD
    gap = (width - 2 * MARGIN - SLOTS * card_width) / (SLOTS - 1)
    slot_y = height - MARGIN - HEADER - card_height
    side_top = slot_y - SIDELINE_GAP
    slots, sidelines = [], []
    for i in range(SLOTS):
        x = MARGIN + i * (card_width + gap)
        slots.append(Box(x, slot_y, card_width, card_height))
        sidelines.append(Box(x, BOTTOM, card_width, side_top - BOTTOM))
    top = height - MARGIN
    return MatLayout(top - 14, top - 20, tuple(slots), tuple(sidelines))


class MatRenderer:
    """Builds the layout mat on one paper size: the starter's sheet, then a continuation."""

    def __init__(self, *, paper: str = "a4") -> None:
        self.paper = paper
        self.styles = base_styles()
        self.styles["slot"] = ParagraphStyle(
            "mat_slot", parent=self.styles["h2"], alignment=TA_CENTER, textColor=MUTED
        )
        self.styles["hint"] = ParagraphStyle(
            "mat_hint", parent=self.styles["body"], textColor=MUTED
        )
        self.styles["slot_hint"] = ParagraphStyle(
            "mat_slot_hint", parent=self.styles["small"], alignment=TA_CENTER, fontSize=9
        )

    def render(self) -> bytes:
        """The two sheets as PDF bytes, landscape."""
        pages = [partial(self._sheet, starter=True), partial(self._sheet, starter=False)]
        return canvas_pdf(pages, paper=self.paper, title=_("Layout mat"), wide=True)

    def _sheet(self, canvas: Canvas, page: tuple[float, float], *, starter: bool) -> None:
        at = mat_layout(page)
        room = page[0] - 2 * MARGIN
        title = _("Layout mat") if starter else _("Layout mat (continued)")
        hint = (
            _(
                "Put the starter in the first slot. Each right card goes in the next slot to the "
                "right; each wrong card goes in the sideline below the card it was played on."
            )
            if starter
            else _(
                "Lay this sheet to the right of the last one when the mainline reaches its edge."
            )
        )
        canvas.setFillColor(INK)
        size = fit_font_size(title, FONT_BOLD, room, (16, 10))
        draw_text(canvas, MARGIN, at.title_y, title, font=FONT_BOLD, size=size)
        slot_top = at.slots[0].y + at.slots[0].height
        story, _scale = fit_story(
            lambda scale: [script_paragraph(escape(hint), self._scaled("hint", scale))],
            room,
            at.hint_y - slot_top,
        )
        draw_in_box(canvas, story, MARGIN, slot_top, room, at.hint_y - slot_top)
        for i, (slot, side) in enumerate(zip(at.slots, at.sidelines, strict=True)):
            self._sideline(canvas, side)
            self._slot(canvas, slot, first=starter and i == 0)

    def _slot(self, canvas: Canvas, box: Box, *, first: bool) -> None:
        canvas.saveState()
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(2.0 if first else 1.0)
        canvas.roundRect(box.x, box.y, box.width, box.height, 3 * mm, stroke=1, fill=0)
        canvas.restoreState()
        if first:
            label = _("Starter")
            hint = _("The dealer turns the top card of the stock face up here.")
        else:
            label = _("Mainline") + " →"
            hint = _("The next right card")
        self._words(canvas, box, label, hint)

    def _sideline(self, canvas: Canvas, box: Box) -> None:
        canvas.saveState()
        canvas.setFillColor(SHADE)
        canvas.setStrokeColor(RULE_GREY)
        canvas.setDash(*CUT_DASH)
        canvas.roundRect(box.x, box.y, box.width, box.height, 3 * mm, stroke=1, fill=1)
        canvas.restoreState()
        hint = _("Wrong cards played on the card above, each one a little lower.")
        self._words(canvas, box, _("Sideline") + " ↓", hint)

    def _scaled(self, name: str, scale: float) -> ParagraphStyle:
        """A copy of style `name` with its type `scale` times as large."""
        style = self.styles[name]
        return ParagraphStyle(
            f"{style.name}_{scale:.3f}",
            parent=style,
            fontSize=readable(style.fontSize * scale),
            leading=readable(style.fontSize * scale) * style.leading / style.fontSize,
        )

    def _words(self, canvas: Canvas, box: Box, label: str, hint: str) -> None:
        """A label and a hint centred in the upper part of `box`, shrunk if a language needs."""
        width = box.width - 2 * PAD

        def build(scale: float) -> list[Flowable]:
            return [
                script_paragraph(escape(label), self._scaled("slot", scale)),
                script_paragraph(escape(hint), self._scaled("slot_hint", scale)),
            ]

        story, _scale = fit_story(build, width, box.height * 0.45)
        draw_in_box(canvas, story, box.x + PAD, box.y + PAD, width, box.height - 2 * PAD)
