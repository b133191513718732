"""The score sheet for offline rounds as a landscape PDF: rounds down, seats across, on as many
pages as keep the boxes big enough to write in (see `ScoreSheetPlan.seat_pages`)."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table

from printables.kit.document import build_pdf, text_frame
from printables.kit.i18n import gettext as _
from printables.kit.scripts import has_japanese, script_paragraph, text_width
from printables.kit.styles import INK, RULE_GREY, SHADE, THIN, base_styles, table_style
from printables.kit.textfit import story_height
from printables.kit.typeset import unbroken_pieces
from printables.scoresheet.plan import ScoreRow, ScoreSheetPlan, SeatPage

__all__ = ["ScoreSheetRenderer"]

MARGIN: float = 12 * mm
#: Wide enough for "Round" in bold in each language (ラウンド is four full-width characters).
ROUND_WIDTH = 44.0
DEALER_WIDTH = 70.0
ROW_LIMITS = (24.0, 56.0)
CELL_PADDING = 2
#: What a box's label needs beside its longest word: the padding on both sides, and a little.
CELL_SLACK = 2 * CELL_PADDING + 1.5
THICK = 1.3
#: Name sizes: as large as fits on one line, never below the smallest; past that it wraps.
NAME_SIZES = (10.0, 9.0)
DEALER_SIZES = (9.0, 9.0)


class ScoreSheetRenderer:
    """Builds the score sheet of one plan on one paper size (always landscape).

    The columns before the seats' (LEAD_WIDTHS), the rows under the rounds (FOOTER_ROWS) and
    the words are hooks, so that New Eleusis's sheet (`printables.new_eleusis.scoresheet_pdf`) keeps
    this one's geometry."""

    #: The columns before the seats': the round's number and who deals it.
    LEAD_WIDTHS: tuple[float, ...] = (ROUND_WIDTH, DEALER_WIDTH)
    #: The rows under the rounds: the totals.
    FOOTER_ROWS = 1
    #: The lead headings' largest and smallest sizes (past the smallest they wrap).
    LEAD_SIZES = (9.0, 9.0)

    def __init__(self, plan: ScoreSheetPlan, *, paper: str = "a4") -> None:
        self.plan = plan
        self.paper = paper
        self.width, self.height = text_frame(paper, margin=MARGIN, wide=True)
        self.styles = self._stylesheet()
        self.pages = plan.seat_pages(self.seats_width, self.box_needs())

    @property
    def seats_width(self) -> float:
        """The width left for the seats' columns beside the round and dealer columns."""
        return self.width - sum(self.LEAD_WIDTHS)

    def _stylesheet(self) -> dict[str, ParagraphStyle]:
        styles = base_styles()
        styles["rule"] = ParagraphStyle(
            "ss_rule", parent=styles["cell"], leftIndent=9, bulletIndent=0, spaceAfter=1
        )
        styles["seat"] = ParagraphStyle("ss_seat", parent=styles["cell_head"], fontSize=10)
        styles["name_hint"] = ParagraphStyle(
            "ss_name_hint", parent=styles["cell_hint"], alignment=TA_LEFT
        )
        styles["sub"] = ParagraphStyle(
            "ss_sub", parent=styles["cell_hint"], fontSize=9, leading=10.5
        )
        styles["dealer"] = ParagraphStyle(
            "ss_dealer", parent=styles["cell_hint"], fontSize=9, leading=10.5
        )
        styles["round"] = ParagraphStyle("ss_round", parent=styles["cell_head"], fontSize=10)
        return styles

    def render(self) -> bytes:
        """The score sheet as PDF bytes."""
        title = self.title()
        return build_pdf(self.story(), paper=self.paper, title=title, wide=True, margin=MARGIN)

    def story(self) -> list[Flowable]:
        """Per page: the title, the scoring rules in brief, which seats it holds, the table."""
        story: list[Flowable] = []
        for number, page in enumerate(self.pages, start=1):
            head = [
                script_paragraph(escape(self.heading()), self.styles["h1"]),
                *self._rules(),
            ]
            if len(self.pages) > 1:
                head.append(self._p(self._which_seats(page, number), "cell"))
            head.append(Spacer(1, 6))
            if number > 1:
                story.append(PageBreak())
            story += [*head, self.table(page, room=self.height - story_height(head, self.width))]
        return story

    def title(self) -> str:
        """The document's title, in its footer and metadata."""
        return _("Score sheet")

    def heading(self) -> str:
        """The heading of every page."""
        return _("Eleusis Express · Score sheet")

    def _which_seats(self, page: SeatPage, number: int) -> str:
        return _(
            "Page {n} of {total}: seats {first} to {last}. Score every seat each round."
        ).format(n=number, total=len(self.pages), first=page.seats[0] + 1, last=page.seats[-1] + 1)

    def _p(self, text: str, style: str) -> Paragraph:
        return script_paragraph(escape(text), self.styles[style])

    def _rules(self) -> list[Flowable]:
        lines = (
            _("Each player scores 12 minus the cards left in their hand (this can be below zero)."),
            _("+6 for guessing the secret rule right.  +3 for emptying your hand."),
            _("The dealer scores the highest player score of the round."),
            _("Example: Ana guesses right holding 7 cards: 12 − 7 + 6 = 11 points."),
        )
        return [
            script_paragraph(escape(line), self.styles["rule"], bulletText="•") for line in lines
        ]

    def _fitted(self, text: str, style: str, room: float, sizes: tuple[float, float]) -> Paragraph:
        """`text` on one line at the largest size from `sizes` that fits `room`; at the smallest
        size it wraps onto more lines rather than shrink further."""
        base = self.styles[style]
        largest, smallest = sizes
        wide = text_width(text, base.fontName, largest)
        size = max(smallest, min(largest, largest * room / wide)) if wide else largest
        fitted = ParagraphStyle(
            f"{base.name}_{size:.2f}", parent=base, fontSize=size, leading=size * 1.2
        )
        return script_paragraph(escape(text), fitted)

    def name_cell(self, seat: int, width: float) -> Paragraph:
        """The heading of a seat `width` points wide: the name, or a place to write it."""
        if not self.plan.names[seat]:
            label = _("{seat} · name:").format(seat=self.plan.seat_label(seat))
            return self._p(label, "name_hint")
        room = width - 2 * CELL_PADDING - 1
        return self._fitted(self.plan.names[seat], "seat", room, NAME_SIZES)

    def dealer_cell(self, seat: int) -> Paragraph:
        """Who deals the round, in the dealer column: two lines at most."""
        room = 2 * (self.LEAD_WIDTHS[1] - 2 * CELL_PADDING - 1)
        return self._fitted(self.plan.seat_label(seat), "cell", room, DEALER_SIZES)

    def lead_heading(self, text: str, column: int) -> Paragraph:
        """The heading `text` of lead column `column`, shrunk a little to fit, then wrapped."""
        room = self.LEAD_WIDTHS[column] - 2 * CELL_PADDING - 1
        return self._fitted(text, "cell_head", room, self.LEAD_SIZES)

    def lead_headings(self) -> tuple[str, ...]:
        """The headings of the lead columns."""
        return (_("Round"), _("Dealer"))

    def sub_labels(self) -> tuple[str, ...]:
        """The labels of one seat's boxes, in SUB_SHARES order."""
        return (_("cards left"), _("12 − cards"), _("bonus +6 / +3"), _("points"))

    def box_needs(self) -> tuple[float, ...]:
        """The least width of each of a seat's boxes: room for the longest word (or Japanese
        phrase) of its label at the label's size. A label gets room, never smaller type."""
        style = self.styles["sub"]
        needs = []
        for label in self.sub_labels():
            pieces = unbroken_pieces(label) if has_japanese(label) else tuple(label.split())
            longest = max(text_width(piece, style.fontName, style.fontSize) for piece in pieces)
            needs.append(longest + CELL_SLACK)
        return tuple(needs)

    def sub_cell(self, label: str, width: float) -> Paragraph:
        """The label over one of a seat's boxes, `width` points wide."""
        return self._p(label, "sub")

    def dealer_note(self) -> str:
        """What the dealer of a round writes in their seat's boxes."""
        return _("dealer: highest score")

    def seat_cells(self, seat: int) -> list[object]:
        """One seat's boxes in a round it plays (not deals)."""
        return ["", "", "", ""]

    def _header(self, page: SeatPage) -> list[list[object]]:
        top: list[object] = [
            self.lead_heading(text, column) for column, text in enumerate(self.lead_headings())
        ]
        sub: list[object] = [""] * len(self.LEAD_WIDTHS)
        for seat in page.seats:
            top += [self.name_cell(seat, page.seat_width), "", "", ""]
            labels = zip(self.sub_labels(), page.cell_widths, strict=True)
            sub += [self.sub_cell(label, width) for label, width in labels]
        return [top, sub]

    def _lead_cells(self, row: ScoreRow) -> list[object]:
        blanks = [""] * (len(self.LEAD_WIDTHS) - 2)
        return [self._p(str(row.number), "round"), self.dealer_cell(row.dealer), *blanks]

    def _body(self, page: SeatPage) -> list[list[object]]:
        rows: list[list[object]] = []
        for row in self.plan.rows:
            cells = self._lead_cells(row)
            for seat in page.seats:
                if seat == row.dealer:
                    cells += [self._p(self.dealer_note(), "dealer"), "", "", ""]
                else:
                    cells += self.seat_cells(seat)
            rows.append(cells)
        return [*rows, *self.footer_rows(page)]

    def footer_rows(self, page: SeatPage) -> list[list[object]]:
        """The FOOTER_ROWS rows under the rounds: here, each seat's total."""
        total: list[object] = [self.lead_heading(_("Total"), 0)]
        total += [""] * (len(self.LEAD_WIDTHS) - 1)
        for _seat in page.seats:
            total += [self._p(_("total"), "cell_hint"), "", "", ""]
        return [total]

    def table(self, page: SeatPage, *, room: float) -> Table:
        """The score table of one page's seats, its rows as tall as `room` allows."""
        widths = [*self.LEAD_WIDTHS, *(page.cell_widths * len(page.seats))]
        header = self._header(page)
        head_table = Table(header, colWidths=widths)
        head_table.setStyle(table_style(self._head_commands(page)))
        head_height = head_table.wrap(self.width, self.height)[1]
        low, high = ROW_LIMITS
        lines = self.plan.rounds + self.FOOTER_ROWS
        row_height = max(low, min(high, (room - head_height - 2) / lines))
        table = Table(
            [*header, *self._body(page)],
            colWidths=widths,
            rowHeights=[None, None] + [row_height] * lines,
            repeatRows=2,
        )
        table.setStyle(table_style(self._commands(page)))
        return table

    def _head_commands(self, page: SeatPage) -> list[tuple[object, ...]]:
        """What sizes the two heading rows: paddings and the spans of the seats' names."""
        lead = len(self.LEAD_WIDTHS)
        commands: list[tuple[object, ...]] = [
            ("LEFTPADDING", (0, 0), (-1, -1), CELL_PADDING),
            ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PADDING),
        ]
        commands += [("SPAN", (column, 0), (column, 1)) for column in range(lead)]
        for column in range(len(page.seats)):
            commands.append(("SPAN", (lead + 4 * column, 0), (lead + 3 + 4 * column, 0)))
        return commands

    def _commands(self, page: SeatPage) -> list[tuple[object, ...]]:
        last = len(self.plan.rows) + 2
        commands: list[tuple[object, ...]] = [
            *self._head_commands(page),
            ("GRID", (0, 0), (-1, -1), THIN, RULE_GREY),
            ("BOX", (0, 0), (-1, -1), THICK, INK),
            ("BACKGROUND", (0, 0), (-1, 1), SHADE),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LINEABOVE", (0, last), (-1, last), THICK, INK),
        ]
        for column, seat in enumerate(page.seats):
            commands += self._seat_commands(column, seat, last)
        for row in self.plan.rows:
            if row.dealer in page.seats:
                first = len(self.LEAD_WIDTHS) + 4 * page.seats.index(row.dealer)
                y = row.number + 1
                commands += [
                    ("SPAN", (first, y), (first + 2, y)),
                    ("BACKGROUND", (first, y), (first + 2, y), SHADE),
                ]
        return commands

    def _seat_commands(self, column: int, seat: int, last: int) -> list[tuple[object, ...]]:
        first = len(self.LEAD_WIDTHS) + 4 * column
        commands: list[tuple[object, ...]] = [
            ("LINEBEFORE", (first, 0), (first, -1), THICK, INK),
            ("LINEBEFORE", (first + 3, 1), (first + 3, -1), THIN, INK),
        ]
        for y in range(last, last + self.FOOTER_ROWS):
            commands.append(("SPAN", (first, y), (first + 2, y)))
        if not self.plan.names[seat]:
            commands += [
                ("BACKGROUND", (first, 0), (first, 0), colors.white),
                ("VALIGN", (first, 0), (first, 0), "TOP"),
            ]
        return commands
