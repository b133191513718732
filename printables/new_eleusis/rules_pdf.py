"""The New Eleusis rules summary: two pages with strings, no play, the prophet, markers and
sudden death, the end of a round and its scores, a drawn layout and a worked example."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Table

from classroom.core.cards import Card, printed_label
from printables.kit.document import build_pdf, text_frame
from printables.kit.i18n import current_language
from printables.kit.i18n import gettext as _
from printables.kit.scripts import script_paragraph
from printables.kit.styles import INK, RULE_GREY, SHADE, base_styles, table_style
from printables.new_eleusis.rules import (
    EXAMPLE_MAINLINE,
    EXAMPLE_MARKER,
    EXAMPLE_SIDELINES,
    WORKED_EXAMPLE,
    Section,
    ne_rules_sections,
)
from printables.rulesheet.drawings import ExampleLayout

__all__ = ["NewEleusisRulesRenderer"]

MARGIN: float = 14 * mm
EXAMPLE_CARD = 36.0
#: The worked example's columns: the player, the cards in hand; the sum takes the rest.
NAME_WIDTH = 120.0
CARDS_WIDTH = 90.0


class NewEleusisRulesRenderer:
    """Builds the New Eleusis rules summary on one paper size."""

    def __init__(self, *, paper: str = "a4") -> None:
        self.paper = paper
        self.language = current_language()
        self.styles = self._stylesheet()

    def render(self) -> bytes:
        """The summary as PDF bytes (two pages)."""
        return build_pdf(self.story(), paper=self.paper, title=_("New Eleusis"), margin=MARGIN)

    def story(self) -> list[Flowable]:
        """Title and lead, how to play, the example layout, the prophet, sudden death and the
        scores, then the worked example."""
        before, after = ne_rules_sections()
        story: list[Flowable] = [
            self._p(_("How to play New Eleusis"), "title"),
            self._p(
                _(
                    "The advanced game for older students and clubs: the same secret rule, but "
                    "strings of cards, a prophet who judges in the dealer's place, and sudden "
                    "death."
                ),
                "lead",
            ),
        ]
        for section in before:
            story += self._section(section)
        story.append(KeepTogether(self._example_layout()))
        for section in after:
            story += self._section(section)
        story.append(KeepTogether(self._worked_example()))
        return story

    def _stylesheet(self) -> dict[str, ParagraphStyle]:
        styles = base_styles()
        styles["lead"] = ParagraphStyle("ne_lead", parent=styles["body"], fontSize=11, leading=14)
        styles["bullet"] = ParagraphStyle(
            "ne_bullet", parent=styles["body"], leftIndent=10, spaceAfter=2.5
        )
        styles["h2"] = ParagraphStyle("ne_h2", parent=styles["h2"], spaceBefore=7)
        styles["caption"] = ParagraphStyle("ne_caption", parent=styles["body"], spaceBefore=5)
        return styles

    def _p(self, text: str, style: str, **options: object) -> Paragraph:
        return script_paragraph(escape(text), self.styles[style], **options)

    def _section(self, section: Section) -> list[Flowable]:
        heading, sentences = section
        bullets = [self._p(sentence, "bullet", bulletText="•") for sentence in sentences]
        return [KeepTogether([self._p(heading, "h2"), bullets[0]]), *bullets[1:]]

    def _example_layout(self) -> list[Flowable]:
        drawing = ExampleLayout(
            EXAMPLE_MAINLINE,
            EXAMPLE_SIDELINES,
            card_width=EXAMPLE_CARD,
            language=self.language,
            marks={EXAMPLE_MARKER: _("prophet's marker")},
        )
        return [self._p(_("Example layout"), "h2"), drawing, self._p(self._caption(), "caption")]

    def _caption(self) -> str:
        jack, four = EXAMPLE_SIDELINES[1]
        return _(
            "The secret rule: red and black cards take turns. After {three} a player played the "
            "string {jack} {four}. {jack} is black after a black card, so the whole string is "
            "wrong and lies below {three}, in order, although {four} alone would have been "
            "right; the player drew 4 penalty cards. Later a player became prophet after "
            "playing {marked}: the marker lies on it."
        ).format(
            three=self._label(EXAMPLE_MAINLINE[1]),
            jack=self._label(jack),
            four=self._label(four),
            marked=self._label(EXAMPLE_MAINLINE[EXAMPLE_MARKER]),
        )

    def _label(self, card: Card) -> str:
        return printed_label(card, self.language)

    def _worked_example(self) -> list[Flowable]:
        example = WORKED_EXAMPLE
        names = example.names()
        intro = _(
            "{a}, {b}, {c} and {d} end a round. {d} is the prophet: after the marker, {main} "
            "cards went to the mainline and {side} to a sideline; {before} cards were played up "
            "to the marker, the marked card included. {a} emptied the hand. High count: {high}."
        ).format(
            a=names[0],
            b=names[1],
            c=names[2],
            d=names[example.prophet],
            main=example.mainline_after,
            side=example.sideline_after,
            before=example.before_marker,
            high=example.high,
        )
        head = [_("Player"), _("Cards in hand"), _("Score")]
        rows: list[list[object]] = [[self._p(text, "cell") for text in head]]
        for name, cards, line in zip(names, example.hands, example.sums(), strict=True):
            rows.append([self._p(name, "cell"), self._p(str(cards), "cell"), self._p(line, "cell")])
        dealer = _("highest {best}, but at most 2 × {before} = {limit}: {score}").format(
            best=max(example.scores),
            before=example.before_marker,
            limit=2 * example.before_marker,
            score=example.dealer,
        )
        rows.append([self._p(_("Dealer"), "cell"), "", self._p(dealer, "cell")])
        width = self._width()
        table = Table(rows, colWidths=[NAME_WIDTH, CARDS_WIDTH, width - NAME_WIDTH - CARDS_WIDTH])
        table.setStyle(
            table_style(
                [
                    ("GRID", (0, 0), (-1, -1), 0.5, RULE_GREY),
                    ("BOX", (0, 0), (-1, -1), 1, INK),
                    ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ]
            )
        )
        return [self._p(_("Worked example"), "h2"), self._p(intro, "body"), table]

    def _width(self) -> float:
        return text_frame(self.paper, margin=MARGIN)[0]
