"""Building a printable into PDF bytes: the paper, the document's info, the kit's footer on
every page, and the two builders, a Platypus story on framed pages (`build_pdf`) and pages drawn
on the canvas (`canvas_pdf`). Never a temporary file; `invariant=1`, so the same input gives the
same bytes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from io import BytesIO

from reportlab.lib.pagesizes import A4, landscape, letter
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate

from printables.kit.i18n import gettext as _
from printables.kit.scripts import FONT, draw_text, register_fonts
from printables.kit.styles import FOOTER_SIZE, MUTED

__all__ = [
    "FOOTER_ROOM",
    "FOOTER_Y",
    "PAPERS",
    "PageDrawing",
    "PrintableError",
    "build_pdf",
    "canvas_pdf",
    "document_canvas",
    "metadata",
    "page_size",
    "text_frame",
]

#: Paper names the command line accepts, with their portrait size in points.
PAPERS: dict[str, tuple[float, float]] = {"a4": A4, "letter": letter}
#: A page's drawing, given the canvas and the page size in points.
PageDrawing = Callable[[Canvas, tuple[float, float]], None]
#: The footer's baseline on canvas-drawn pages, above the edge most printers cannot print on.
FOOTER_Y: float = 6 * mm
#: The room under build_pdf's text frame, over the bottom margin, for the footer.
FOOTER_ROOM = 8.0


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


def text_frame(paper: str, *, margin: float, wide: bool = False) -> tuple[float, float]:
    """The width and height of build_pdf's text frame on `paper` with `margin`: the page less
    the margins, and less the footer's room at the foot."""
    width, height = page_size(paper, wide=wide)
    return width - 2 * margin, height - 2 * margin - FOOTER_ROOM


def metadata(title: str) -> dict[str, str]:
    """Document info shared by all printables (title, author, creator)."""
    kit = _("Eleusis Express classroom kit")
    return {"title": title, "author": kit, "creator": kit, "subject": title}


def build_pdf(
    story: list[Flowable], *, paper: str, title: str, wide: bool = False, margin: float = 15 * mm
) -> bytes:
    """Lay out a Platypus story on numbered pages and return the PDF bytes, reproducibly.

    The text column is exactly the page width minus two margins (the frame has no padding).
    """
    register_fonts()
    buffer = BytesIO()
    size = page_size(paper, wide=wide)
    bottom = margin + FOOTER_ROOM
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

    def footer(canvas: Canvas, document: BaseDocTemplate) -> None:
        draw_footer(canvas, title, document.page, x=size[0] / 2, y=margin - 4)

    doc = BaseDocTemplate(
        buffer,
        pagesize=size,
        invariant=1,
        pageCompression=1,
        initialFontName=FONT,
        pageTemplates=[PageTemplate("page", [frame], onPage=footer)],
        **metadata(title),
    )
    doc.build(story)
    return buffer.getvalue()


def canvas_pdf(
    pages: Sequence[PageDrawing], *, paper: str, title: str, wide: bool = False
) -> bytes:
    """The pages drawn one after another, each with the kit's footer; the same input gives the
    same bytes."""
    size = page_size(paper, wide=wide)
    buffer = BytesIO()
    canvas = document_canvas(buffer, size, title=title)
    for number, draw in enumerate(pages, start=1):
        draw(canvas, size)
        draw_footer(canvas, title, number, x=size[0] / 2, y=FOOTER_Y)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def document_canvas(buffer: BytesIO, size: tuple[float, float], *, title: str) -> Canvas:
    """A canvas writing a document of `size` pages into `buffer`, with the kit's document
    info; reproducible (`invariant=1`), so the same drawing gives the same bytes."""
    register_fonts()
    canvas = Canvas(buffer, pagesize=size, invariant=1, pageCompression=1, initialFontName=FONT)
    info = metadata(title)
    canvas.setTitle(info["title"])
    canvas.setAuthor(info["author"])
    canvas.setCreator(info["creator"])
    canvas.setSubject(info["subject"])
    return canvas


def draw_footer(canvas: Canvas, title: str, number: int, *, x: float, y: float) -> None:
    """The kit, the title and the page number, small and grey, centred at (x, y)."""
    canvas.saveState()
    canvas.setFillColor(MUTED)
    line = _("Eleusis Express · {title} · page {n}").format(title=title, n=number)
    draw_text(canvas, x, y, line, font=FONT, size=FOOTER_SIZE, align="centre")
    canvas.restoreState()
