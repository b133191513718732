"""The game report of one round as a PDF: the rule, the layout as cards, the timeline of
guesses, the hypothesis journal, and the scores. The teacher's record for the debrief."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Table

from classroom.core.games.express.scoring import EMPTIED_BONUS, GUESS_BONUS, HAND_SIZE
from printables.kit.card_layout import layout_rows
from printables.kit.document import build_pdf, text_frame
from printables.kit.i18n import current_language, local_number, quote
from printables.kit.i18n import gettext as _
from printables.kit.scripts import FONT_BOLD, FONT_MONO, script_paragraph
from printables.kit.styles import (
    MUTED,
    RULE_GREY,
    SHADE,
    THIN,
    base_styles,
    header_table_style,
    table_style,
)
from printables.report.curve_pdf import curve_section
from printables.report.info import RoundInfo
from printables.report.information_pdf import information_section
from printables.report.journal_pdf import journal_section
from printables.report.plan import Entry, GameReport, Verdict

__all__ = ["ReportRenderer", "verdict_label"]

MARGIN: float = 15 * mm
#: The mainline column holds its heading in every language (メインライン is six characters).
TIMELINE_SHARES = (0.06, 0.14, 0.15, 0.48, 0.17)
SCORE_SHARES = (0.4, 0.15, 0.15, 0.15, 0.15)
GREEN_HEX = "#1d6b35"


def verdict_label(verdict: Verdict | str) -> str:
    """A verdict in words with a mark, never by colour alone: '✓ right', '✗ wrong'."""
    labels = {"right": _("✓ right"), "wrong": _("✗ wrong"), "pending": _("not judged")}
    return labels.get(verdict, "")


class ReportRenderer:
    """Builds the report of one round on one paper size."""

    def __init__(self, *, paper: str = "a4") -> None:
        self.paper = paper
        self.width = text_frame(paper, margin=MARGIN)[0]
        self.styles = self._stylesheet()

    def _stylesheet(self) -> dict[str, ParagraphStyle]:
        styles = base_styles()
        styles["sub"] = ParagraphStyle("rp_sub", parent=styles["body"], textColor=MUTED)
        # A section's heading and introduction stay on the page where the section starts.
        styles["h2"] = ParagraphStyle("rp_h2", parent=styles["h2"], keepWithNext=1)
        styles["intro"] = ParagraphStyle(
            "rp_intro", parent=styles["small"], keepWithNext=1, spaceAfter=5
        )
        styles["rule"] = ParagraphStyle("rp_rule", parent=styles["body"], fontSize=11, leading=14)
        styles["num"] = ParagraphStyle("rp_num", parent=styles["cell"], alignment=2)
        styles["code"] = ParagraphStyle("rp_code", parent=styles["code"], leading=12)
        return styles

    def _p(self, text: str, style: str) -> Paragraph:
        return script_paragraph(escape(text), self.styles[style])

    def render(self, report: GameReport) -> bytes:
        """The report as PDF bytes; the same report gives the same bytes."""
        title = self._title(report.info)
        return build_pdf(self.story(report, title), paper=self.paper, title=title, margin=MARGIN)

    @staticmethod
    def _title(info: RoundInfo) -> str:
        return _("Game report: {group}, round {n}").format(
            group=info.group_name, n=info.round_number
        )

    def story(self, report: GameReport, title: str) -> list[Flowable]:
        """Title and summary, the rule, the layout, the timeline, the journal, the scores, then
        what each play taught."""
        return [
            self._p(title, "title"),
            script_paragraph(self._summary(report), self.styles["sub"]),
            *self._rule(report),
            *self._layout(report),
            *self._timeline(report),
            *journal_section(report.journal, self.width, self._p, self.styles),
            *curve_section(report.curve, self._names(report), self.width, self._p),
            *self._scores(report),
            *information_section(
                report.information,
                self._names(report),
                self.width,
                self._p,
                group=report.info.group_name,
            ),
        ]

    @staticmethod
    def _names(report: GameReport) -> dict[str, str]:
        return {line.seat: line.nickname for line in report.scores}

    def _summary(self, report: GameReport) -> str:
        counts = report.counts
        facts = _(
            "Plays: {plays} ({accepted} accepted, {rejected} rejected) · no-plays: {no_plays}"
            " · guesses: {guesses} · hints: {hints}"
        ).format(**{name: getattr(counts, name) for name in counts.__slots__})
        return f"{escape(report.info.class_name)} · {escape(report.ending)}<br/>{escape(facts)}"

    def _rule(self, report: GameReport) -> list[Flowable]:
        story: list[Flowable] = [self._p(_("The secret rule"), "h2")]
        heading = f"<b>{escape(report.rule_title)}</b>"
        if report.rule_plain:
            heading += f" · {escape(report.rule_plain)}"
        story.append(script_paragraph(heading, self.styles["rule"]))
        if not report.rule_canonical:
            return story
        box = Table([[self._p(report.rule_canonical, "code")]], colWidths=[self.width])
        box.setStyle(
            table_style(
                [
                    ("BACKGROUND", (0, 0), (-1, -1), SHADE),
                    ("BOX", (0, 0), (-1, -1), THIN, RULE_GREY),
                    ("FONTNAME", (0, 0), (-1, -1), FONT_MONO),
                ]
            )
        )
        return [*story, box]

    def _layout(self, report: GameReport) -> list[Flowable]:
        intro = _(
            "The mainline from left to right, numbered from the starter (1). Each card that was"
            " rejected hangs, shaded, under the mainline card it tried to follow."
        )
        head = [self._p(_("The table"), "h2"), self._p(intro, "intro")]
        return [
            *head,
            *layout_rows(
                report.mainline, report.sidelines, self.width, language=current_language()
            ),
        ]

    def _timeline(self, report: GameReport) -> list[Flowable]:
        rows = self._head(_("#"), _("Mainline"), _("Who"), _("What"), _("Verdict"))
        rows += [self._entry_row(entry) for entry in report.timeline]
        table = Table(rows, colWidths=[s * self.width for s in TIMELINE_SHARES], repeatRows=1)
        guesses = [
            ("BACKGROUND", (0, n), (-1, n), "#f7f3e3")
            for n, entry in enumerate(report.timeline, start=1)
            if entry.kind == "guess"
        ]
        table.setStyle(header_table_style(*guesses))
        intro = _("Every guess in order, with the hints, the no-plays and the end of the round.")
        return [self._p(_("Hypotheses and events"), "h2"), self._p(intro, "intro"), table]

    def _entry_row(self, entry: Entry) -> list[object]:
        text = quote(entry.text) if entry.kind == "guess" else entry.text
        return [
            self._p(local_number(entry.number), "num"),
            self._p(str(entry.mainline), "num"),
            self._p(entry.who, "cell"),
            self._p(text, "cell"),
            self._verdict(entry.verdict),
        ]

    def _verdict(self, verdict: str) -> Paragraph:
        """A verdict in words with its mark: a right one in bold green, a wrong one in bold."""
        text = escape(verdict_label(verdict))
        if verdict == "right":
            text = f'<font color="{GREEN_HEX}"><b>{text}</b></font>'
        elif verdict == "wrong":
            text = f"<b>{text}</b>"
        return script_paragraph(text, self.styles["cell"])

    def _head(self, *labels: str) -> list[list[object]]:
        """A table's rows so far: its heading row."""
        return [[self._p(label, "cell_head") for label in labels]]

    def _scores(self, report: GameReport) -> list[Flowable]:
        rows = self._head(_("Player"), _("Cards left"), _("12 − cards"), _("Bonus"), _("Score"))
        for line in report.scores:
            bonus = f"+{local_number(line.bonus)}" if line.bonus else "–"
            counts = (line.cards_left, HAND_SIZE - line.cards_left)
            values = (*(local_number(n) for n in counts), bonus, local_number(line.score))
            rows.append([self._p(line.nickname, "cell"), *(self._p(v, "num") for v in values)])
        if report.dealer_name:
            dealer = _("Dealer {name}: as the best player").format(name=report.dealer_name)
            score = local_number(report.dealer_score)
        else:
            # The dealer's score is a student dealer's: the app is not a player.
            dealer, score = _("Dealer (the app): no score, the app is not a player"), "–"
        rows.append([self._p(dealer, "cell"), "", "", "", self._p(score, "num")])
        rules = _(
            "A player scores {hand} minus the cards left in hand; +{guess} for guessing the rule,"
            " +{emptied} for playing their last card. The dealer scores as much as the best player."
        ).format(hand=HAND_SIZE, guess=GUESS_BONUS, emptied=EMPTIED_BONUS)
        return self._score_section(rows, SCORE_SHARES, rules, over=report.over)

    def _score_section(
        self, rows: list[list[object]], shares: tuple[float, ...], rules: str, *, over: bool
    ) -> list[Flowable]:
        """The scores: a player a row, the dealer's last, shaded, each total in bold; above the
        table how the scores were counted, and whether the round is over."""
        table = Table(rows, colWidths=[s * self.width for s in shares], repeatRows=1)
        table.setStyle(
            table_style(
                [
                    ("GRID", (0, 0), (-1, -1), THIN, RULE_GREY),
                    ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                    ("BACKGROUND", (0, -1), (-1, -1), SHADE),
                    ("SPAN", (0, -1), (3, -1)),
                    ("FONTNAME", (-1, 1), (-1, -1), FONT_BOLD),
                ]
            )
        )
        if not over:
            rules += " " + _("The round is not over: these are the scores so far.")
        return [KeepTogether([self._p(_("Scores"), "h2"), self._p(rules, "intro"), table])]
