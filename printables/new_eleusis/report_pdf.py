"""The game report of a New Eleusis round as a PDF: the rule, the table with its markers, the
prophets, the expulsions, every event in order, the journal, the scores with the prophet's
bonus and the dealer's score, and what each play taught (the Express report's own section).
Drawn like the Express report (`printables.report.pdf`)."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.platypus import Flowable, Table

from classroom.core.cards import printed_label
from classroom.projections.games.new_eleusis.record import NeCard
from printables.kit.card_layout import CardTag, LayoutTags, layout_rows
from printables.kit.document import build_pdf
from printables.kit.i18n import current_language, local_number
from printables.kit.i18n import gettext as _
from printables.kit.scripts import script_paragraph
from printables.kit.styles import header_table_style
from printables.new_eleusis.report import NeEntry, NeGameReport
from printables.report.information_pdf import information_section
from printables.report.journal_pdf import journal_section
from printables.report.pdf import MARGIN, ReportRenderer

__all__ = ["NeReportRenderer"]

ENTRY_SHARES = (0.06, 0.1, 0.16, 0.5, 0.18)
PROPHET_SHARES = (0.34, 0.22, 0.22, 0.22)
SCORE_SHARES = (0.36, 0.16, 0.16, 0.16, 0.16)
#: The signs the table prints by a card with a marker (every 10th card) and by the card with
#: the prophet's marker: shapes every embedded font draws, so a grey printout tells them too.
MARKER_SIGN = "▲"
PROPHET_SIGN = "★"


class NeReportRenderer(ReportRenderer):
    """Builds the report of one New Eleusis round on one paper size."""

    def render_ne(self, report: NeGameReport) -> bytes:
        """The report as PDF bytes; the same report gives the same bytes."""
        title = self._title(report.info)
        story = [
            self._p(title, "title"),
            script_paragraph(self._ne_summary(report), self.styles["sub"]),
            *self._ne_rule(report),
            *self._ne_table(report),
            *self._prophets(report),
            *self._entries(report),
            *journal_section(report.journal, self.width, self._p, self.styles),
            *self._ne_scores(report),
            *information_section(
                report.information,
                report.names,
                self.width,
                self._p,
                group=report.info.group_name,
            ),
        ]
        return build_pdf(story, paper=self.paper, title=title, margin=MARGIN)

    def _ne_summary(self, report: NeGameReport) -> str:
        summary = report.summary
        facts = _(
            "New Eleusis · cards played: {cards} · strings: {strings} ({right} right)"
            " · no plays: {no_plays}"
        ).format(
            cards=summary.cards_played,
            strings=summary.strings,
            right=summary.right_strings,
            no_plays=summary.no_plays,
        )
        return f"{escape(report.info.class_name)} · {escape(report.ending)}<br/>{escape(facts)}"

    def _ne_rule(self, report: NeGameReport) -> list[Flowable]:
        # The Express renderer reads the same three fields.
        return self._rule(report)  # type: ignore[arg-type]

    def _ne_table(self, report: NeGameReport) -> list[Flowable]:
        summary = report.summary
        intro = _(
            "The mainline from left to right; each wrong string hangs, shaded, under the"
            " mainline card it tried to follow. Every card carries its number in the order the"
            " cards were played, the starter 0: above a mainline card, on the left of a sideline"
            " card. The markers and the events below count the cards the same way."
        )
        mainline = tuple(card.card for card in summary.mainline)
        sidelines = tuple(tuple(card.card for card in under) for under in summary.sidelines)
        tags = LayoutTags(
            tuple(map(_tag, summary.mainline)),
            tuple(tuple(map(_tag, under)) for under in summary.sidelines),
        )
        every = sorted(
            [*summary.mainline, *(card for under in summary.sidelines for card in under)],
            key=lambda card: card.number,
        )
        story: list[Flowable] = [self._p(_("The table"), "h2"), self._p(intro, "intro")]
        story += layout_rows(
            mainline, sidelines, self.width, language=current_language(), tags=tags
        )
        marked = [self._card(card) for card in every if card.marker]
        # A line per sign: it tells what the sign means and which cards carry it.
        if marked:
            listed = _("Markers (every 10th card played): {cards}.").format(cards=", ".join(marked))
            legend = [f"{MARKER_SIGN} {listed}"]
        else:
            legend = [_("No marker yet: fewer than 10 cards were played.")]
        prophet = next((card for card in every if card.prophet_marker), None)
        if prophet is not None:
            text = _("The prophet's marker: {card}.").format(card=self._card(prophet))
            legend.append(f"{PROPHET_SIGN} {text}")
        return [*story, *(self._p(line, "body") for line in legend)]

    @staticmethod
    def _card(card: NeCard) -> str:
        label = printed_label(card.card, current_language())
        return _("card {n} ({label})").format(n=card.number, label=label)

    def _prophets(self, report: NeGameReport) -> list[Flowable]:
        summary = report.summary
        heading = [self._p(_("The prophet"), "h2")]
        if not summary.prophecies:
            return [*heading, self._p(_("Nobody became the prophet this round."), "body")]
        rows = self._head(
            _("Prophet"), _("Marker on card"), _("Calls confirmed"), _("Overthrown at card")
        )
        for term in summary.prophecies:
            end = (
                local_number(term.overthrown_at)
                if term.overthrown_at is not None
                else _("still the prophet at the end")
            )
            cells = (local_number(term.marker), local_number(term.confirmed), end)
            rows.append(
                [
                    self._p(report.names.get(term.seat, "?"), "cell"),
                    *(self._p(c, "num") for c in cells),
                ]
            )
        table = Table(rows, colWidths=[s * self.width for s in PROPHET_SHARES])
        table.setStyle(header_table_style())
        story: list[Flowable] = [*heading, table]
        for seat, at in summary.expulsions:
            text = _("{name} was expelled (sudden death) at card {n}.").format(
                name=report.names.get(seat, "?"), n=at
            )
            story.append(self._p(text, "body"))
        return story

    def _entries(self, report: NeGameReport) -> list[Flowable]:
        rows = self._head(_("#"), _("Cards played"), _("Who"), _("What"), _("Verdict"))
        rows += [self._entry(entry) for entry in report.entries]
        table = Table(rows, colWidths=[s * self.width for s in ENTRY_SHARES], repeatRows=1)
        table.setStyle(header_table_style())
        intro = _(
            "Every string with its verdict, the no plays, the prophet's calls (✓ the dealer"
            " agreed, ✗ the dealer did not), the markers, the expulsions and the end."
        )
        return [self._p(_("The round, event by event"), "h2"), self._p(intro, "intro"), table]

    def _entry(self, entry: NeEntry) -> list[object]:
        return [
            self._p(local_number(entry.number), "num"),
            self._p(local_number(entry.cards_played), "num"),
            self._p(entry.who, "cell"),
            self._p(entry.text, "cell"),
            self._verdict(entry.verdict),
        ]

    def _ne_scores(self, report: NeGameReport) -> list[Flowable]:
        summary = report.summary
        rows = self._head(
            _("Player"), _("Cards left"), _("Empty hand"), _("Prophet's bonus"), _("Score")
        )
        for line in summary.scores:
            name = report.names.get(line.seat, "?")
            if line.seat == summary.prophet:
                name = _("{name} (prophet)").format(name=name)
            bonuses = [
                f"+{local_number(n)}" if n else "–"
                for n in (line.emptied_bonus, line.prophet_bonus)
            ]
            values = (local_number(line.cards_left), *bonuses, local_number(line.score))
            rows.append([self._p(name, "cell"), *(self._p(v, "num") for v in values)])
        if report.dealer_name:
            dealer = _("Dealer {name}").format(name=report.dealer_name)
            score = local_number(summary.dealer_score)
        else:
            # The dealer's score is a student dealer's: the app is not a player.
            dealer, score = _("Dealer (the app): no score, the app is not a player"), "–"
        rows.append([self._p(dealer, "cell"), "", "", "", self._p(score, "num")])
        rules = _(
            "A player scores the high count ({high}) minus the cards in hand, +4 for an empty"
            " hand. A prophet at the end scores +1 per mainline card and +2 per sideline card"
            " after the marker. The dealer scores the best player's score, with a prophet at the"
            " end no more than twice the cards up to the marker."
        ).format(high=summary.high_count)
        return self._score_section(rows, SCORE_SHARES, rules, over=summary.over)


def _tag(card: NeCard) -> CardTag:
    """What the table prints by a card: its number in play order and its markers' signs."""
    signs = (MARKER_SIGN if card.marker else "") + (PROPHET_SIGN if card.prophet_marker else "")
    return CardTag(card.number, signs)
