"""What every printable shares: paper sizes, the embedded fonts, colours, the base stylesheet."""

from __future__ import annotations

from collections.abc import Callable
from io import BytesIO

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, landscape, letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate, TableStyle

from printables.i18n import gettext as _
from printables.scripts import (
    FONT,
    FONT_BOLD,
    FONT_ITALIC,
    FONT_MONO,
    draw_text,
    register_fonts,
)

__all__ = [
    "FONT",
    "FONT_BOLD",
    "FONT_ITALIC",
    "FONT_MONO",
    "INK",
    "MUTED",
    "PAPERS",
    "RED",
    "RED_HEX",
    "RULE_GREY",
    "SHADE",
    "PrintableError",
    "base_styles",
    "build_pdf",
    "metadata",
    "page_size",
    "register_fonts",
    "table_style",
]

INK = colors.HexColor("#1a1a1a")
MUTED = colors.HexColor("#555555")
RED_HEX = "#c0152f"
RED = colors.HexColor(RED_HEX)
RULE_GREY = colors.HexColor("#8a8a8a")
SHADE = colors.HexColor("#ececec")

#: Paper names the command line accepts, with their portrait size in points.
PAPERS: dict[str, tuple[float, float]] = {"a4": A4, "letter": letter}


class PrintableError(ValueError):
    """A printable cannot be built from this input; the message says why."""


def page_size(paper: str, *, wide: bool = False) -> tuple[float, float]:
    """The page size in points for a paper name ('a4', 'letter'), landscape when `wide`."""
    try:
        size = PAPERS[paper]
    except KeyError:
        known = ", ".join(PAPERS)
        raise PrintableError(
            _("Unknown paper size {paper!r}; use one of: {known}").format(paper=paper, known=known)
        ) from None
    width, height = landscape(size) if wide else size
    return float(width), float(height)


def table_style(commands: list[tuple[object, ...]]) -> TableStyle:
    """A TableStyle in the embedded font (ReportLab's default, Helvetica, is never embedded)."""
    return TableStyle([("FONTNAME", (0, 0), (-1, -1), FONT), *commands])


def metadata(title: str) -> dict[str, str]:
    """Document info shared by all printables (title, author, creator)."""
    kit = _("Eleusis Express classroom kit")
    return {"title": title, "author": kit, "creator": kit, "subject": title}


def base_styles(scale: float = 1.0) -> dict[str, ParagraphStyle]:
    """The paragraph styles every document starts from, with font sizes times `scale`."""
    register_fonts()

    def style(name: str, size: float, *, font: str = FONT, **kw: object) -> ParagraphStyle:
        size *= scale
        leading = size * 1.25
        options: dict[str, object] = {"textColor": INK, "bulletFontName": FONT, **kw}
        return ParagraphStyle(name, fontName=font, fontSize=size, leading=leading, **options)

    return {
        "title": style("title", 20, font=FONT_BOLD, spaceAfter=6 * scale),
        "h1": style("h1", 15, font=FONT_BOLD, spaceBefore=10 * scale, spaceAfter=4 * scale),
        "h2": style("h2", 12.5, font=FONT_BOLD, spaceBefore=8 * scale, spaceAfter=3 * scale),
        "h3": style("h3", 11, font=FONT_BOLD, spaceBefore=6 * scale, spaceAfter=2 * scale),
        "body": style("body", 10, spaceAfter=5 * scale),
        "small": style("small", 8.5, textColor=MUTED),
        "cell": style("cell", 9),
        "cell_head": style("cell_head", 8.5, font=FONT_BOLD, alignment=TA_CENTER),
        "code": style("code", 9.5, font=FONT_MONO),
        "cell_hint": style("cell_hint", 7, textColor=MUTED, alignment=TA_CENTER),
    }


def build_pdf(
    story: list[Flowable], *, paper: str, title: str, wide: bool = False, margin: float = 15 * mm
) -> bytes:
    """Lay out a Platypus story on numbered pages and return the PDF bytes, reproducibly.

    The text column is exactly the page width minus two margins (the frame has no padding).
    """
    register_fonts()
    buffer = BytesIO()
    size = page_size(paper, wide=wide)
    bottom = margin + 8
    frame = Frame(
        margin,
        bottom,
        size[0] - 2 * margin,
        size[1] - margin - bottom,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
        id="body",
    )
    template = PageTemplate("page", [frame], onPage=_footer(title, size[0] / 2, margin - 4))
    doc = BaseDocTemplate(
        buffer,
        pagesize=size,
        invariant=1,
        pageCompression=1,
        initialFontName=FONT,
        pageTemplates=[template],
        **metadata(title),
    )
    doc.build(story)
    return buffer.getvalue()


def _footer(title: str, x: float, y: float) -> Callable[[Canvas, BaseDocTemplate], None]:
    """A page callback printing the kit, the title and the page number centred at (x, y)."""

    def draw(canvas: Canvas, document: BaseDocTemplate) -> None:
        canvas.saveState()
        canvas.setFillColor(MUTED)
        line = _("Eleusis Express · {title} · page {n}").format(title=title, n=document.page)
        draw_text(canvas, x, y, line, font=FONT, size=7.5, align="centre")
        canvas.restoreState()

    return draw
