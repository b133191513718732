"""What the canvas-drawn offline sheets share (layout mat, guess slips): a numbered page per
drawing, and the dashed lines to cut or to place cards along."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from io import BytesIO

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printables.common import FONT, MUTED, RULE_GREY, metadata, page_size, register_fonts
from printables.i18n import gettext as _
from printables.scripts import draw_text

__all__ = ["CUT_DASH", "FOOTER_Y", "PageDrawing", "canvas_pdf", "draw_cut_line"]

#: A page's drawing, given the canvas and the page size in points.
PageDrawing = Callable[[Canvas, tuple[float, float]], None]
#: Dashes of a line to cut along, in points (on, off).
CUT_DASH = (5, 3)
#: The footer's baseline, above the edge most printers cannot print on.
FOOTER_Y: float = 6 * mm


def canvas_pdf(
    pages: Sequence[PageDrawing], *, paper: str, title: str, wide: bool = False
) -> bytes:
    """The pages drawn one after another, each with the kit's footer; the same input gives the
    same bytes."""
    register_fonts()
    size = page_size(paper, wide=wide)
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=size, invariant=1, pageCompression=1, initialFontName=FONT)
    info = metadata(title)
    canvas.setTitle(info["title"])
    canvas.setAuthor(info["author"])
    canvas.setCreator(info["creator"])
    canvas.setSubject(info["subject"])
    for number, draw in enumerate(pages, start=1):
        draw(canvas, size)
        _footer(canvas, size, title, number)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _footer(canvas: Canvas, size: tuple[float, float], title: str, number: int) -> None:
    canvas.saveState()
    canvas.setFillColor(MUTED)
    line = _("Eleusis Express · {title} · page {n}").format(title=title, n=number)
    draw_text(canvas, size[0] / 2, FOOTER_Y, line, font=FONT, size=7.5, align="centre")
    canvas.restoreState()


def draw_cut_line(canvas: Canvas, x1: float, y1: float, x2: float, y2: float) -> None:
    """A dashed grey line from (x1, y1) to (x2, y2), with scissors at its start."""
    canvas.saveState()
    canvas.setStrokeColor(RULE_GREY)
    canvas.setLineWidth(0.6)
    canvas.setDash(*CUT_DASH)
    canvas.line(x1, y1, x2, y2)
    canvas.setFillColor(RULE_GREY)
    draw_text(canvas, x1, y1 - 3, "✂", font=FONT, size=9, align="centre")
    canvas.restoreState()
