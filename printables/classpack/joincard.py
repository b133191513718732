"""A group's join card, one page for its table: the class, the group, a QR code, the address
and the join code in large print. The QR code is vector art: one filled path, no image."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printables.classpack.plan import JoinCard, QrMatrix
from printables.kit.drawing import Box, fit_font_size
from printables.kit.i18n import gettext as _
from printables.kit.scripts import FONT, FONT_BOLD, FONT_MONO, draw_text, text_width
from printables.kit.styles import INK, MUTED, RED, RULE_GREY, SHADE

__all__ = [
    "QUIET_ZONE",
    "JoinCardLayout",
    "draw_join_card",
    "draw_qr",
    "join_card_layout",
]

#: Light modules around a QR code that scanners need, in modules.
QUIET_ZONE = 4
MARGIN: float = 18 * mm
QR_SHARE = 0.56
URL_SIZES = (20.0, 8.0)
CODE_SIZE = 46.0
STEP_SIZES = (14.0, 8.0)


@dataclass(frozen=True, slots=True)
class JoinCardLayout:
    """Where the parts of a join card go on a page, top to bottom (y are baselines)."""

    class_y: float
    group_y: float
    qr: Box
    scan_y: float
    url_y: float
    code_label_y: float
    code: Box
    steps_y: float


def join_card_layout(page: tuple[float, float]) -> JoinCardLayout:
    """The join card's geometry on a page of this size; the QR code is centred and square."""
    width, height = page
    top = height - MARGIN
    side = min(width * QR_SHARE, height * 0.36)
    qr_top = top - 96
    qr = Box((width - side) / 2, qr_top - side, side, side)
    scan_y = qr.y - 30
    code_label_y = scan_y - 62
    code = Box(width / 2 - 130, code_label_y - 14 - 66, 260, 66)
    return JoinCardLayout(
        class_y=top - 16,
        group_y=top - 64,
        qr=qr,
        scan_y=scan_y,
        url_y=scan_y - 28,
        code_label_y=code_label_y,
        code=code,
        steps_y=code.y - 34,
    )


def draw_qr(canvas: Canvas, matrix: QrMatrix, box: Box) -> None:
    """Draw the QR code filling the square `box`, quiet zone included, as one vector path."""
    count = len(matrix) + 2 * QUIET_ZONE
    module = box.width / count
    left = box.x + QUIET_ZONE * module
    top = box.y + box.height - QUIET_ZONE * module
    path = canvas.beginPath()
    for r, row in enumerate(matrix):
        y = top - (r + 1) * module
        c = 0
        while c < len(row):
            if not row[c]:
                c += 1
                continue
            start = c
            while c < len(row) and row[c]:
                c += 1
            path.rect(left + start * module, y, (c - start) * module, module)
    canvas.saveState()
    canvas.setFillColor(colors.white)
    canvas.rect(box.x, box.y, box.width, box.height, stroke=0, fill=1)
    canvas.setFillColor(colors.black)
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()


def _centred(canvas: Canvas, text: str, font: str, size: float, y: float, width: float) -> None:
    draw_text(canvas, width / 2, y, text, font=font, size=size, align="centre")


def draw_join_card(canvas: Canvas, card: JoinCard, page: tuple[float, float]) -> None:
    """Draw the whole join card on the current page."""
    width = page[0]
    at = join_card_layout(page)
    canvas.saveState()
    canvas.setFillColor(MUTED)
    heading = _("Eleusis Express · class {name}").format(name=card.class_name)
    _centred(canvas, heading, FONT, 14, at.class_y, width)
    canvas.setFillColor(INK)
    group_size = fit_font_size(card.group_name, FONT_BOLD, width - 2 * MARGIN, (40, 18))
    _centred(canvas, card.group_name, FONT_BOLD, group_size, at.group_y, width)
    canvas.setStrokeColor(RED)
    canvas.setLineWidth(1.5)
    canvas.line(width / 2 - 40, at.group_y - 14, width / 2 + 40, at.group_y - 14)
    draw_qr(canvas, card.qr, at.qr)
    canvas.setStrokeColor(RULE_GREY)
    canvas.setLineWidth(0.7)
    canvas.roundRect(at.qr.x, at.qr.y, at.qr.width, at.qr.height, 8, stroke=1, fill=0)
    canvas.setFillColor(MUTED)
    scan = _("Scan the code with the tablet's camera, or open this address:")
    _centred(canvas, scan, FONT, 12, at.scan_y, width)
    canvas.setFillColor(INK)
    url_size = fit_font_size(card.url, FONT_MONO, width - 2 * MARGIN, URL_SIZES)
    _centred(canvas, card.url, FONT_MONO, url_size, at.url_y, width)
    _draw_code(canvas, card, at, width)
    _draw_steps(canvas, card, at.steps_y, width)
    canvas.restoreState()


def _draw_code(canvas: Canvas, card: JoinCard, at: JoinCardLayout, width: float) -> None:
    canvas.setFillColor(MUTED)
    _centred(canvas, _("Class code"), FONT, 12, at.code_label_y, width)
    box = at.code
    canvas.setFillColor(SHADE)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(1.2)
    canvas.roundRect(box.x, box.y, box.width, box.height, 10, stroke=1, fill=1)
    canvas.setFillColor(INK)
    spaced = " ".join(card.code)
    size = fit_font_size(spaced, FONT_BOLD, box.width - 24, (CODE_SIZE, 20))
    _centred(canvas, spaced, FONT_BOLD, size, box.y + (box.height - size * 0.72) / 2, width)


def _draw_steps(canvas: Canvas, card: JoinCard, y: float, width: float) -> None:
    steps = (
        _("1. Scan the code, or open the address and type the class code."),
        _("2. Choose your group: {group}.").format(group=card.group_name),
        _("3. Type a nickname. No real names needed."),
    )
    size = min(fit_font_size(step, FONT, width - 2 * MARGIN, STEP_SIZES) for step in steps)
    left = (width - max(text_width(step, FONT, size) for step in steps)) / 2
    canvas.setFillColor(INK)
    for step in steps:
        draw_text(canvas, left, y, step, font=FONT, size=size)
        y -= size * 1.6
    if card.nicknames:
        canvas.setFillColor(MUTED)
        line = _("At this table: {names}").format(names=", ".join(card.nicknames))
        size = fit_font_size(line, FONT, width - 2 * MARGIN, (12, 7))
        _centred(canvas, line, FONT, size, y - 14, width)
