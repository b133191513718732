"""What the report's charts (ReportLab graphics drawings) share: a drawing that starts in the
kit's embedded font, and text whose every run is set in a font that has its characters."""

from __future__ import annotations

from reportlab.graphics.shapes import Drawing, String
from reportlab.lib.colors import Color
from reportlab.pdfbase.pdfmetrics import stringWidth

from printables.kit.scripts import FONT, FONT_BOLD, script_runs

__all__ = ["chart_drawing", "chart_text"]


def chart_drawing(width: float, height: float) -> Drawing:
    """An empty drawing whose starting font is the kit's: ReportLab would start it in
    Helvetica, which is not embedded, and a PDF must carry every font it names."""
    drawing = Drawing(width, height)
    drawing.initialFontName = FONT
    return drawing


def chart_text(
    drawing: Drawing,
    x: float,
    y: float,
    text: str,
    *,
    size: float,
    colour: Color,
    bold: bool = False,
) -> None:
    """Text at (x, y), each run in the font that has its characters (Japanese included)."""
    for font, run in script_runs(text, FONT_BOLD if bold else FONT):
        drawing.add(String(x, y, run, fontName=font, fontSize=size, fillColor=colour))
        x += stringWidth(run, font, size)
