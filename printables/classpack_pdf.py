"""The class pack as one PDF: per group its join card and worksheets, then, for the teacher, an
overview and the groups' rule cards.

The worksheet is laid out once, into one PDF form per page, and every copy stamps those forms
and writes the student's nickname and group on the name line: a class of forty students costs
one layout, and the file stays small.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from io import BytesIO
from xml.sax.saxutils import escape

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, KeepTogether, PageBreak, Table

from printables.classpack import ClassPack, GroupPack
from printables.common import (
    FONT,
    INK,
    MUTED,
    RULE_GREY,
    SHADE,
    PrintableError,
    base_styles,
    metadata,
    page_size,
    register_fonts,
    table_style,
)
from printables.i18n import gettext as _
from printables.joincard_pdf import draw_join_card, fit_font_size
from printables.rulecard_pdf import RuleCardRenderer, card_boxes
from printables.rulecards import RuleCard, paginate
from printables.scripts import draw_text, script_paragraph
from printables.textfit import draw_in_box
from printables.worksheet_pdf import MARGIN as SHEET_MARGIN
from printables.worksheet_pdf import WorksheetRenderer

__all__ = ["ClassPackRenderer", "StampedWorksheet", "stamp_worksheet"]

FOOTER_SIZE = 7.5
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
    """Draws a class pack on the chosen paper and returns the PDF bytes."""

    def __init__(self, *, paper: str = "a4") -> None:
        self.paper = paper
        self.page = page_size(paper)
        self.cards = RuleCardRenderer(paper=paper)
        self.title = ""
        register_fonts()

    def render(self, pack: ClassPack) -> bytes:
        """The whole pack; the same pack gives the same bytes."""
        buffer = BytesIO()
        canvas = Canvas(
            buffer, pagesize=self.page, invariant=1, pageCompression=1, initialFontName=FONT
        )
        self.title = _("Class pack: {name}").format(name=pack.class_name)
        info = metadata(self.title)
        canvas.setTitle(info["title"])
        canvas.setAuthor(info["author"])
        canvas.setCreator(info["creator"])
        sheet = stamp_worksheet(canvas, paper=self.paper, variant=pack.variant)
        for group in pack.groups:
            draw_join_card(canvas, group.join, self.page)
            self._end_page(canvas, group.join.group_name)
            for name in group.worksheets:
                self._worksheet(canvas, sheet, group, name)
        self._overview(canvas, pack)
        self._end_page(canvas, _("for the teacher"))
        self._rule_cards(canvas, pack.rule_cards)
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

    def _worksheet(
        self, canvas: Canvas, sheet: StampedWorksheet, group: GroupPack, name: str
    ) -> None:
        """One copy of the worksheet, its name line filled with `name` and the group."""
        where = f"{group.join.group_name} · {name}" if name else group.join.group_name
        for number, form in enumerate(sheet.forms):
            canvas.doForm(form)
            if number == 0:
                self._fill(canvas, name, sheet.name_at, sheet.field_width)
                self._fill(canvas, group.join.group_name, sheet.group_at, sheet.field_width)
            self._end_page(canvas, where)

    def _fill(self, canvas: Canvas, text: str, at: tuple[float, float], width: float) -> None:
        if not text:
            return
        canvas.setFillColor(INK)
        size = fit_font_size(text, FONT, width, FILL_SIZES)
        draw_text(canvas, at[0], at[1], text, font=FONT, size=size)

    def _overview(self, canvas: Canvas, pack: ClassPack) -> None:
        """The teacher's page: the join code, and each group's rule and students."""
        width, height = self.page
        margin = SHEET_MARGIN
        story = self._overview_story(pack, width - 2 * margin)
        draw_in_box(canvas, story, margin, margin + 8, width - 2 * margin, height - 2 * margin - 8)

    def _overview_story(self, pack: ClassPack, width: float) -> list[Flowable]:
        styles = base_styles()
        title = _("For the teacher: class {name}").format(name=pack.class_name)
        intro = _(
            "Class code {code}, at {url}. Each group's join card and worksheets come first;"
            " the rule cards follow this page. Keep them away from the students."
        ).format(code=pack.code, url=pack.groups[0].join.url)
        head = [_("Group"), _("Secret rule"), _("Students"), _("Worksheets")]
        rows = [[script_paragraph(f"<b>{escape(text)}</b>", styles["cell"]) for text in head]]
        for group in pack.groups:
            students = ", ".join(group.join.nicknames) or _("nobody has joined yet")
            cells = (group.join.group_name, group.rule_title, students, str(len(group.worksheets)))
            rows.append([script_paragraph(escape(text), styles["cell"]) for text in cells])
        table = Table(rows, colWidths=[w * width for w in (0.17, 0.38, 0.28, 0.17)], repeatRows=1)
        table.setStyle(
            table_style(
                [
                    ("GRID", (0, 0), (-1, -1), 0.5, RULE_GREY),
                    ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ]
            )
        )
        return [
            script_paragraph(escape(title), styles["title"]),
            script_paragraph(escape(intro), styles["body"]),
            table,
        ]

    def _rule_cards(self, canvas: Canvas, cards: Sequence[RuleCard]) -> None:
        """The groups' rule cards, as the rule-card printable draws them."""
        sheets = paginate(cards)
        for number, sheet in enumerate(sheets, start=1):
            self.cards._draw_header(canvas, number, len(sheets))
            for card, box in zip(sheet, card_boxes(self.page), strict=False):
                self.cards._draw_card(canvas, card, box)
            canvas.showPage()
