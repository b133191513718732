"""Drawing every canvas-drawn printable shares: boxes on the page, text sized to fit a width,
and the dashed lines to cut along."""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas

from printables.kit.scripts import FONT, draw_text, script_paragraph, text_width
from printables.kit.styles import READING_SIZE, RULE_GREY
from printables.kit.typeset import record_overflow

__all__ = ["CUT_DASH", "Box", "draw_cut_line", "draw_wrapped", "fit_font_size"]

#: Dashes of a line to cut along, in points (on, off).
CUT_DASH = (5, 3)


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle on the page, lower-left corner and size, in points."""

    x: float
    y: float
    width: float
    height: float


def fit_font_size(text: str, font: str, width: float, sizes: tuple[float, float]) -> float:
    """The largest font size up to sizes[0] at which `text` fits `width` (never below sizes[1],
    nor below the reading size)."""
    largest, smallest = max(sizes[0], READING_SIZE), max(sizes[1], READING_SIZE)
    natural = text_width(text, font, largest)
    if natural * smallest / largest > width + 1:
        record_overflow(f"{text[:40]!r} needs {natural * smallest / largest:.0f} of {width:.0f} pt")
    return max(smallest, min(largest, largest * width / natural)) if natural else largest


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


def draw_wrapped(
    canvas: Canvas,
    x: float,
    baseline: float,
    width: float,
    text: str,
    *,
    font: str,
    size: float,
    color: Color,
) -> float:
    """`text` set by the kit's typesetting in lines at most `width` wide, the first on
    `baseline`; returns the last line's baseline. A label that does not fit one line takes a
    second, never a smaller size."""
    leading = size * 1.2
    style = ParagraphStyle("wrapped", fontName=font, fontSize=size, leading=leading)
    style.textColor = color
    paragraph = script_paragraph(escape(text), style)
    _width, height = paragraph.wrap(width, 1e6)
    lines = max(1, round(height / leading))
    paragraph.drawOn(canvas, x, baseline + size - height)
    return baseline - (lines - 1) * leading
