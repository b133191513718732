"""The score sheet for offline rounds as a landscape PDF: rounds down, seats across."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer, Table

from printables.common import (
    INK,
    RULE_GREY,
    SHADE,
    base_styles,
    build_pdf,
    page_size,
    table_style,
)
from printables.i18n import gettext as _
from printables.scoresheet import ScoreSheetPlan
from printables.scripts import script_paragraph, text_width

__all__ = ["ScoreSheetRenderer"]

MARGIN: float = 12 * mm
ROUND_WIDTH = 36.0
DEALER_WIDTH = 58.0
#: Shares of a seat's width: cards in hand, +6 box, +3 box, points.
SUB_SHARES = (0.3, 0.17, 0.17, 0.36)
HEAD_HEIGHTS = (26.0, 16.0)
TABLE_HEIGHT = 380.0
ROW_LIMITS = (20.0, 44.0)
THIN = 0.5
CELL_PADDING = 2
THICK = 1.3


class ScoreSheetRenderer:
    """Builds the score sheet of one plan on one paper size (always landscape)."""

    def __init__(self, plan: ScoreSheetPlan, *, paper: str = "a4") -> None:
        self.plan = plan
        self.paper = paper
        self.width = page_size(paper, wide=True)[0] - 2 * MARGIN
        self.styles = self._stylesheet()

    def _stylesheet(self) -> dict[str, ParagraphStyle]:
        styles = base_styles()
        styles["rule"] = ParagraphStyle(
            "ss_rule", parent=styles["cell"], leftIndent=9, bulletIndent=0, spaceAfter=1
        )
        styles["seat"] = ParagraphStyle("ss_seat", parent=styles["cell_head"], fontSize=9)
        styles["name_hint"] = ParagraphStyle(
            "ss_name_hint", parent=styles["cell_hint"], alignment=TA_LEFT
        )
        styles["sub"] = ParagraphStyle("ss_sub", parent=styles["cell_hint"], fontSize=6, leading=7)
        styles["dealer"] = ParagraphStyle(
            "ss_dealer", parent=styles["cell_hint"], fontSize=6.5, leading=7.5
        )
        styles["round"] = ParagraphStyle("ss_round", parent=styles["cell_head"], fontSize=10)
        return styles

    def render(self) -> bytes:
        """The score sheet as PDF bytes."""
        title = _("Score sheet")
        return build_pdf(self.story(), paper=self.paper, title=title, wide=True, margin=MARGIN)

    def story(self) -> list[Flowable]:
        """Title, the scoring rules in brief, then the score table."""
        return [
            script_paragraph(escape(_("Eleusis Express · Score sheet")), self.styles["h1"]),
            *self._rules(),
            Spacer(1, 6),
            self._table(),
        ]

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

    def _seat_width(self) -> float:
        return (self.width - ROUND_WIDTH - DEALER_WIDTH) / len(self.plan.names)

    def _header(self) -> list[list[object]]:
        top: list[object] = [
            self._fitted_head(_("Round"), ROUND_WIDTH),
            self._fitted_head(_("Dealer"), DEALER_WIDTH),
        ]
        sub: list[object] = ["", ""]
        for seat in range(len(self.plan.names)):
            top += [self._name_cell(seat), "", "", ""]
            sub += [self._p(h, "sub") for h in (_("cards"), "+6", "+3", _("points"))]
        return [top, sub]

    def _fitted_head(self, text: str, column: float) -> Paragraph:
        """A column heading on one line: smaller type where a language's word is longer."""
        style = self.styles["cell_head"]
        room = column - 2 * CELL_PADDING - 1
        size = min(
            style.fontSize, style.fontSize * room / text_width(text, style.fontName, style.fontSize)
        )
        fitted = ParagraphStyle(
            f"ss_head_{size:.2f}", parent=style, fontSize=size, leading=size * 1.2
        )
        return script_paragraph(escape(text), fitted)

    def _name_cell(self, seat: int) -> Paragraph:
        if self.plan.names[seat]:
            return self._p(self.plan.names[seat], "seat")
        return self._p(_("{seat} · name:").format(seat=self.plan.seat_label(seat)), "name_hint")

    def _body(self) -> list[list[object]]:
        rows: list[list[object]] = []
        for row in self.plan.rows:
            cells: list[object] = [
                self._p(str(row.number), "round"),
                self._p(self.plan.seat_label(row.dealer), "cell"),
            ]
            for seat in range(len(self.plan.names)):
                dealing = seat == row.dealer
                cells += [
                    self._p(_("dealer: highest score"), "dealer") if dealing else "",
                    "",
                    "",
                    "",
                ]
            rows.append(cells)
        total: list[object] = [self._p(_("Total"), "cell_head"), ""]
        for _seat in self.plan.names:
            total += [self._p(_("total"), "cell_hint"), "", "", ""]
        return [*rows, total]

    def _table(self) -> Table:
        seat = self._seat_width()
        widths = [ROUND_WIDTH, DEALER_WIDTH] + [seat * s for s in SUB_SHARES] * len(self.plan.names)
        low, high = ROW_LIMITS
        row_height = max(low, min(high, TABLE_HEIGHT / (self.plan.rounds + 1)))
        heights = [*HEAD_HEIGHTS] + [row_height] * (self.plan.rounds + 1)
        table = Table(
            [*self._header(), *self._body()], colWidths=widths, rowHeights=heights, repeatRows=2
        )
        table.setStyle(table_style(self._commands()))
        return table

    def _commands(self) -> list[tuple[object, ...]]:
        last = len(self.plan.rows) + 2
        commands: list[tuple[object, ...]] = [
            ("GRID", (0, 0), (-1, -1), THIN, RULE_GREY),
            ("BOX", (0, 0), (-1, -1), THICK, INK),
            ("BACKGROUND", (0, 0), (-1, 1), SHADE),
            ("SPAN", (0, 0), (0, 1)),
            ("SPAN", (1, 0), (1, 1)),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LINEABOVE", (0, last), (-1, last), THICK, INK),
            ("LEFTPADDING", (0, 0), (-1, -1), CELL_PADDING),
            ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PADDING),
            ("LEFTPADDING", (2, 1), (-1, 1), 1),
            ("RIGHTPADDING", (2, 1), (-1, 1), 1),
        ]
        for seat in range(len(self.plan.names)):
            commands += self._seat_commands(seat, last)
        for row in self.plan.rows:
            first, y = 2 + 4 * row.dealer, row.number + 1
            commands += [
                ("SPAN", (first, y), (first + 2, y)),
                ("BACKGROUND", (first, y), (first + 2, y), SHADE),
            ]
        return commands

    def _seat_commands(self, seat: int, last: int) -> list[tuple[object, ...]]:
        first = 2 + 4 * seat
        commands: list[tuple[object, ...]] = [
            ("SPAN", (first, 0), (first + 3, 0)),
            ("LINEBEFORE", (first, 0), (first, -1), THICK, INK),
            ("SPAN", (first, last), (first + 2, last)),
        ]
        if not self.plan.names[seat]:
            commands += [
                ("BACKGROUND", (first, 0), (first, 0), colors.white),
                ("VALIGN", (first, 0), (first, 0), "TOP"),
            ]
        return commands
