"""Drawing every canvas-drawn printable shares: boxes on the page, text sized to fit a width,
and the dashed lines to cut along."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from printables.kit.scripts import FONT, draw_text, text_width
from printables.kit.styles import RULE_GREY

__all__ = ["CUT_DASH", "Box", "draw_cut_line", "fit_font_size"]

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
    """The largest font size up to sizes[0] at which `text` fits `width` (never below sizes[1])."""
    largest, smallest = sizes
    natural = text_width(text, font, largest)
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
