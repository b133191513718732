"""The class pack as one PDF: the teacher's overview first, then the join cards, then every
student's worksheet. The secret rule cards are not in it: they print on their own.

Printed double-sided, a page never lands on the back of another part: the overview, each join
card and each worksheet start on a front page, after a page left blank where needed, so the
pack can be cut into handouts at any part.

The worksheet is laid out once, into one PDF form per page, and every copy stamps those forms
and writes the student's nickname and group on the name line: a class of forty students costs
one layout, and the file stays small.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from io import BytesIO

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, KeepTogether, PageBreak, Table

from printables.classpack.joincard import draw_join_card
from printables.classpack.overview import overview_story
from printables.classpack.plan import ClassPack, GroupPack
from printables.kit.document import (
    FOOTER_ROOM,
    PrintableError,
    document_canvas,
    page_size,
)
from printables.kit.drawing import fit_font_size
from printables.kit.i18n import gettext as _
from printables.kit.scripts import FONT, draw_text, register_fonts
from printables.kit.styles import FOOTER_SIZE, INK, MUTED
from printables.kit.textfit import draw_in_box
from printables.worksheet.pdf import MARGIN as SHEET_MARGIN
from printables.worksheet.pdf import WorksheetRenderer

__all__ = ["ClassPackRenderer", "StampedWorksheet", "stamp_worksheet"]

BLANK_SIZE = 10.0
FILL_SIZES = (11.0, 6.0)
#: Space between a name-line label's blank and the text written on it.
FILL_PAD = 4.0
FILL_RISE = 5.0


@dataclass(frozen=True, slots=True)
class StampedWorksheet:
    """A worksheet laid out once: its page forms, and where the name and group are written."""

    forms: tuple[str, ...]
    name_at: tuple[float, float]
    group_at: tuple[float, float]
    field_width: float


class _PackWorksheet(WorksheetRenderer):
    """The worksheet, keeping its name line so each printed copy can be filled in."""

    name_table: Table | None = None

    def _name_line(self) -> Table:
        self.name_table = super()._name_line()
        return self.name_table


class _Anchor(Flowable):  # type: ignore[misc, unused-ignore]  # reportlab has no type hints
    """A zero-size mark that remembers where its frame placed it."""

    def __init__(self) -> None:
        super().__init__()
        self.at = (0.0, 0.0)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        """Take no room."""
        return 0.0, 0.0

    def drawOn(self, canvas: Canvas, x: float, y: float, _sW: float = 0) -> None:
        """Draw nothing; remember (x, y)."""
        self.at = (x, y)


def _pages(story: Sequence[Flowable]) -> list[list[Flowable]]:
    """The story cut at its page breaks, with KeepTogether groups opened (each page must fit)."""
    pages: list[list[Flowable]] = [[]]
    for flowable in story:
        if isinstance(flowable, PageBreak):
            pages.append([])
        elif isinstance(flowable, KeepTogether):
            pages[-1] += _pages(flowable._content)[0]
        else:
            pages[-1].append(flowable)
    return pages


def _draw_form(canvas: Canvas, name: str, page: list[Flowable], size: tuple[float, float]) -> str:
    """Lay one page's flowables out into the form `name`, in `build_pdf`'s text frame."""
    width, height = size
    bottom = SHEET_MARGIN + 8
    frame = Frame(
        SHEET_MARGIN,
        bottom,
        width - 2 * SHEET_MARGIN,
        height - SHEET_MARGIN - bottom,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
    )
    canvas.beginForm(name)
    frame.addFromList(page, canvas)
    canvas.endForm()
    if page:
        raise PrintableError(_("a worksheet page does not fit its paper"))
    return name


def stamp_worksheet(canvas: Canvas, *, paper: str, variant: str) -> StampedWorksheet:
    """Lay the worksheet out into one form per page on `canvas`, as `build_pdf` would."""
    renderer = _PackWorksheet(paper=paper, variant=variant)
    story = renderer.story()
    anchor = _Anchor()
    story.insert(story.index(renderer.name_table) + 1, anchor)
    forms = tuple(
        _draw_form(canvas, f"worksheet-{variant}-{number}", page, page_size(paper))
        for number, page in enumerate(_pages(story))
    )
    # Column edges of the name line (label, blank, label, blank, ...), known once it is drawn.
    edges = renderer.name_table._colpositions  # type: ignore[union-attr]
    x, y = anchor.at
    return StampedWorksheet(
        forms=forms,
        name_at=(x + edges[1] + FILL_PAD, y + FILL_RISE),
        group_at=(x + edges[3] + FILL_PAD, y + FILL_RISE),
        field_width=edges[2] - edges[1] - 2 * FILL_PAD,
    )


class ClassPackRenderer:
    """Draws a class pack on the chosen paper and returns the PDF bytes; `duplex` (the default)
    keeps each part of the pack on sheets of its own when printed on both sides."""

    def __init__(self, *, paper: str = "a4", duplex: bool = True) -> None:
        self.paper = paper
        self.page = page_size(paper)
        self.duplex = duplex
        self.title = ""
        register_fonts()

    def render(self, pack: ClassPack) -> bytes:
        """The whole pack; the same pack gives the same bytes."""
        buffer = BytesIO()
        self.title = _("Class pack: {name}").format(name=pack.class_name)
        canvas = document_canvas(buffer, self.page, title=self.title)
        sheet = stamp_worksheet(canvas, paper=self.paper, variant=pack.variant)
        self._overview(canvas, pack)
        self._end_part(canvas, _("for the teacher"))
        for group in pack.groups:
            draw_join_card(canvas, group.join, self.page)
            self._end_part(canvas, group.join.group_name)
        for group in pack.groups:
            for name in group.worksheets:
                self._worksheet(canvas, sheet, group, name)
        canvas.save()
        return buffer.getvalue()

    def _end_page(self, canvas: Canvas, where: str) -> None:
        """Print the footer (kit, pack, `where`, page number) and start a new page."""
        canvas.saveState()
        canvas.setFillColor(MUTED)
        line = _("Eleusis Express · {title} · {where} · page {n}").format(
            title=self.title, where=where, n=canvas.getPageNumber()
        )
        x, y = self.page[0] / 2, SHEET_MARGIN - 4
        draw_text(canvas, x, y, line, font=FONT, size=FOOTER_SIZE, align="centre")
        canvas.restoreState()
        canvas.showPage()

    def _end_part(self, canvas: Canvas, where: str) -> None:
        """End the last page of a part; printing on both sides, leave the back of its last
        sheet blank, so that the next part starts on a sheet of its own."""
        self._end_page(canvas, where)
        if self.duplex and canvas.getPageNumber() % 2 == 0:
            canvas.saveState()
            canvas.setFillColor(MUTED)
            x, y = self.page[0] / 2, self.page[1] / 2
            blank = _("This page is intentionally left blank.")
            draw_text(canvas, x, y, blank, font=FONT, size=BLANK_SIZE, align="centre")
            canvas.restoreState()
            self._end_page(canvas, where)

    def _worksheet(
        self, canvas: Canvas, sheet: StampedWorksheet, group: GroupPack, name: str
    ) -> None:
        """One copy of the worksheet, its name line filled with `name` and the group."""
        where = f"{group.join.group_name} · {name}" if name else group.join.group_name
        last = len(sheet.forms) - 1
        for number, form in enumerate(sheet.forms):
            canvas.doForm(form)
            if number == 0:
                self._fill(canvas, name, sheet.name_at, sheet.field_width)
                self._fill(canvas, group.join.group_name, sheet.group_at, sheet.field_width)
            if number == last:
                self._end_part(canvas, where)
            else:
                self._end_page(canvas, where)

    def _fill(self, canvas: Canvas, text: str, at: tuple[float, float], width: float) -> None:
        if not text:
            return
        canvas.setFillColor(INK)
        size = fit_font_size(text, FONT, width, FILL_SIZES)
        draw_text(canvas, at[0], at[1], text, font=FONT, size=size)

    def _overview(self, canvas: Canvas, pack: ClassPack) -> None:
        """The teacher's page: how students join, and which table has which rule."""
        width, height = self.page
        margin = SHEET_MARGIN
        story = overview_story(pack, width - 2 * margin)
        draw_in_box(
            canvas,
            story,
            margin,
            margin + FOOTER_ROOM,
            width - 2 * margin,
            height - 2 * margin - FOOTER_ROOM,
        )
