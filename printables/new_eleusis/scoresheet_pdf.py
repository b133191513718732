"""The New Eleusis score sheet: the Express sheet's geometry (rounds down, seats across, boxes at
least 7 mm wide) with New Eleusis's scoring: the high count, the prophet's bonus, the dealer's
limit by the prophet's marker and +10 at the end for everyone who never dealt."""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Table

from printables.kit.i18n import gettext as _
from printables.kit.scripts import script_paragraph
from printables.kit.styles import INK, RULE_GREY, table_style
from printables.scoresheet.pdf import ROUND_WIDTH, THICK, ScoreSheetRenderer
from printables.scoresheet.plan import ScoreSheetPlan, SeatPage, score_sheet_plan

__all__ = [
    "DEFAULT_PEOPLE",
    "MAX_PEOPLE",
    "MIN_PEOPLE",
    "NewEleusisScoreSheetRenderer",
    "TickBox",
    "ne_score_sheet_plan",
]

#: 4 to 8 players plus the dealer, as the rules say; each of them deals one round.
MIN_PEOPLE = 5
MAX_PEOPLE = 9
DEFAULT_PEOPLE = 6
#: The dealer's name, narrower than the Express sheet's so that 6 people fit on Letter paper.
NAME_WIDTH = 64.0
#: The high count's and the marker count's columns: a two-digit number and its heading.
COUNT_WIDTH = 54.0
TICK = 3 * mm
#: The smallest size a box's label shrinks to so that no word is split.
SUB_SMALLEST = 9.0


class TickBox(Flowable):  # type: ignore[misc, unused-ignore]  # reportlab has no type hints
    """An empty square to tick: here, "this player is the prophet at the end"."""

    def __init__(self, size: float = TICK) -> None:
        super().__init__()
        self.size = size

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        """Exactly the square."""
        return self.size, self.size

    def draw(self) -> None:
        """The square's outline."""
        self.canv.setStrokeColor(INK)
        self.canv.setLineWidth(0.6)
        self.canv.rect(0, 0, self.size, self.size)


def ne_score_sheet_plan(
    *, players: int | None = None, names: Sequence[str] | None = None, rounds: int | None = None
) -> ScoreSheetPlan:
    """The Express plan's checks with New Eleusis's table: 5 to 9 people, dealer included."""
    return score_sheet_plan(
        players=players,
        names=names,
        rounds=rounds,
        low=MIN_PEOPLE,
        high=MAX_PEOPLE,
        default=DEFAULT_PEOPLE,
    )


class NewEleusisScoreSheetRenderer(ScoreSheetRenderer):
    """The New Eleusis score sheet of one plan on one paper size (landscape)."""

    LEAD_WIDTHS = (ROUND_WIDTH, NAME_WIDTH, COUNT_WIDTH, COUNT_WIDTH)
    #: Under the rounds: +10 for never having dealt, then the final total.
    FOOTER_ROWS = 2
    #: "Cards up to the marker" wraps onto three lines rather than shrink below 6 pt.
    LEAD_SIZES = (9.0, 9.0)

    def title(self) -> str:
        """The document's title, in its footer and metadata."""
        return _("New Eleusis score sheet")

    def heading(self) -> str:
        """The heading of every page."""
        return _("New Eleusis · Score sheet")

    def lead_headings(self) -> tuple[str, ...]:
        """Round, dealer, and the two counts everyone's score needs."""
        return (_("Round"), _("Dealer"), _("High count"), _("Cards up to the marker"))

    def sub_labels(self) -> tuple[str, ...]:
        """Cards left, the bonus (with the prophet's tick), the round's score, the running total."""
        return (_("cards left"), _("bonus"), _("round score"), _("running total"))

    def dealer_note(self) -> str:
        """The dealer's score, limited when a prophet is left at the end."""
        return _("dealer: highest score, at most 2 × cards up to the marker")

    def seat_cells(self, seat: int) -> list[object]:
        """The prophet's box carries a square to tick."""
        return ["", TickBox(), "", ""]

    def footer_rows(self, page: SeatPage) -> list[list[object]]:
        """+10 for each player who never dealt (if the game ends early), then the totals."""
        lead = [""] * (len(self.LEAD_WIDTHS) - 1)
        never = [self._p(_("End of the game: never dealt?"), "round"), *lead]
        total = [self._p(_("Total"), "round"), *lead]
        for _seat in page.seats:
            never += [self._p(_("+10 if this player never dealt"), "dealer"), "", "", ""]
            total += [self._p(_("final total"), "cell_hint"), "", "", ""]
        return [never, total]

    def _commands(self, page: SeatPage) -> list[tuple[object, ...]]:
        """The Express commands; the prophet's boxes put their square in the top corner, and
        the footer's labels span the lead columns."""
        commands = super()._commands(page)
        last, lead = len(self.plan.rows) + 2, len(self.LEAD_WIDTHS)
        for column in range(len(page.seats)):
            box = lead + 4 * column + 1
            commands.append(("VALIGN", (box, 2), (box, last - 1), "TOP"))
        commands += [("SPAN", (0, y), (lead - 1, y)) for y in (last, last + 1)]
        return commands

    def _rules(self) -> list[Flowable]:
        """How to score, in words, in a box of two columns."""
        left = (
            _("High count: the most cards in any hand, the prophet's set-aside hand included."),
            _("Round score = high count − cards left + bonus."),
            _(
                "Bonus: +4 for an empty hand. Tick ☐ for the prophet left at the end: +1 for each "
                "mainline card and +2 for each sideline card played after the prophet's marker."
            ),
        )
        right = (
            _(
                "The dealer scores the highest player score; with a prophet at the end, at most "
                "2 × the cards played up to the prophet's marker (the marked card included)."
            ),
            _("Running total: add the round score to the total above it."),
            _("End of the game: +10 for every player who never dealt."),
        )
        half = (self.width - 8) / 2
        columns = [[self._bullets(left)], [self._bullets(right)]]
        title = script_paragraph(escape(_("How to score")), self.styles["seat"])
        box = Table([[title, ""], [columns[0], columns[1]]], colWidths=[half, half])
        box.setStyle(
            table_style(
                [
                    ("SPAN", (0, 0), (1, 0)),
                    ("BOX", (0, 0), (-1, -1), THICK, RULE_GREY),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("TOPPADDING", (0, 0), (-1, -1), 2),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
                ]
            )
        )
        return [box]

    def _bullets(self, lines: tuple[str, ...]) -> list[Flowable]:
        return [
            script_paragraph(escape(line), self.styles["rule"], bulletText="•") for line in lines
        ]
