"""The students' rules sheet: one page with how a round goes, the card values and a drawn
example layout. Every sentence says what the rules of Eleusis Express say, in a student's words."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Table

from classroom.core.cards import Card, Rank, printed_label, printed_rank
from printables.kit.document import build_pdf, text_frame
from printables.kit.i18n import current_language
from printables.kit.i18n import gettext as _
from printables.kit.scripts import script_paragraph
from printables.kit.styles import base_styles, readable, table_style
from printables.kit.textfit import fit_story
from printables.rulesheet.drawings import (
    EXAMPLE_MAINLINE,
    EXAMPLE_SIDELINES,
    CardValues,
    ExampleLayout,
)

__all__ = ["RuleSheetRenderer", "rule_sheet_sections"]

MARGIN: float = 13 * mm
COLUMN_GAP = 14.0
VALUE_CARD = 29.0
EXAMPLE_CARD = 38.0


def rule_sheet_sections() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The sheet's sections in the language being spoken: (heading, sentences)."""
    return (
        (
            _("Getting ready"),
            (
                _("The dealer writes a secret rule down. It says which card may follow which."),
                _("The dealer deals 12 cards to every player and plays no hand."),
                _(
                    "The dealer turns the top card of the stock face up: the starter, the first "
                    "card of the mainline."
                ),
            ),
        ),
        (
            _("Your turn"),
            (
                _(
                    "The player on the dealer's left starts; play goes around to the left. "
                    "Put exactly one card from your hand on the table."
                ),
                _(
                    "The dealer says whether it fits the rule. Only the mainline counts: cards in "
                    "sidelines never count for the rule."
                ),
                _("Right: your card goes at the right end of the mainline."),
                _(
                    "Wrong: your card goes below the last card of the mainline, in its sideline, "
                    "and you draw one penalty card from the stock."
                ),
            ),
        ),
        (
            _("No play"),
            (
                _(
                    "If you think no card in your hand fits, say “no play” instead of playing "
                    "and show your hand."
                ),
                _(
                    "You are right: the dealer takes your hand away and deals you a new hand with "
                    "one card fewer."
                ),
                _(
                    "You are wrong: the dealer plays one right card from your hand for you, and "
                    "you draw one penalty card."
                ),
            ),
        ),
        (
            _("Guessing the rule"),
            (
                _(
                    "Right after one of your cards was right, you may say the rule out loud. "
                    "The dealer says whether your guess is right."
                ),
                _(
                    "A right guess ends the round. A wrong guess costs nothing, unless your table "
                    "agreed before the round that it costs one card from the stock."
                ),
                _(
                    "Your words need not be the dealer's: a guess is right when it accepts and "
                    "rejects exactly the same cards as the secret rule."
                ),
            ),
        ),
        (
            _("End of the round and scores"),
            (
                _(
                    "The round ends when a player has no cards left or guesses the rule (or when "
                    "the stock runs out, if your table chose that before the round)."
                ),
                _(
                    "Each player scores 12 minus the cards in their hand (this can be below zero), "
                    "+6 for guessing the rule, +3 for emptying their hand."
                ),
                _("The dealer scores the same as the best player of the round."),
                _("Example: Ana guesses right holding 7 cards: 12 − 7 + 6 = 11 points."),
            ),
        ),
    )


class RuleSheetRenderer:
    """Builds the rules sheet on one paper size, shrinking its text only if a page needs it."""

    def __init__(self, *, paper: str = "a4") -> None:
        self.paper = paper
        self.width, self.height = text_frame(paper, margin=MARGIN)
        self.language = current_language()

    def render(self) -> bytes:
        """The rules sheet as PDF bytes: always one page."""
        story, _scale = fit_story(self.story, self.width, self.height - 2)
        return build_pdf(story, paper=self.paper, title=_("How to play"), margin=MARGIN)

    def story(self, scale: float = 1.0) -> list[Flowable]:
        """Title and goal, the rules in two columns, the card values, the example layout."""
        styles = self._stylesheet(scale)

        def para(text: str, style: str) -> Paragraph:
            return script_paragraph(escape(text), styles[style])

        sections = rule_sheet_sections()
        left = [f for section in sections[:3] for f in self._section(section, styles)]
        right = [f for section in sections[3:] for f in self._section(section, styles)]
        half = (self.width - COLUMN_GAP) / 2
        columns = Table([[left, right]], colWidths=[half + COLUMN_GAP, half])
        columns.setStyle(
            table_style(
                [
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("RIGHTPADDING", (0, 0), (0, 0), COLUMN_GAP),
                    ("RIGHTPADDING", (1, 0), (1, 0), 0),
                ]
            )
        )
        return [
            para(_("How to play Eleusis Express"), "title"),
            para(
                _(
                    "The dealer has a secret rule about which card may follow which. Play cards, "
                    "watch which ones the dealer accepts, and find the rule."
                ),
                "lead",
            ),
            columns,
            para(_("Card values"), "h2"),
            CardValues(card_width=VALUE_CARD * scale, language=self.language),
            para(self._colours(), "caption"),
            para(_("Example layout"), "h2"),
            ExampleLayout(
                EXAMPLE_MAINLINE,
                EXAMPLE_SIDELINES,
                card_width=EXAMPLE_CARD * scale,
                language=self.language,
            ),
            para(self._example_caption(), "caption"),
        ]

    def _stylesheet(self, scale: float) -> dict[str, ParagraphStyle]:
        styles = base_styles(scale)
        styles["lead"] = ParagraphStyle(
            "rs_lead",
            parent=styles["body"],
            fontSize=readable(11 * scale),
            leading=readable(11 * scale) * 1.273,
        )
        styles["bullet"] = ParagraphStyle(
            "rs_bullet", parent=styles["body"], leftIndent=10 * scale, spaceAfter=3 * scale
        )
        styles["h2"] = ParagraphStyle("rs_h2", parent=styles["h2"], spaceBefore=6 * scale)
        styles["caption"] = ParagraphStyle(
            "rs_caption", parent=styles["body"], spaceBefore=5 * scale
        )
        return styles

    def _section(
        self, section: tuple[str, tuple[str, ...]], styles: dict[str, ParagraphStyle]
    ) -> list[Flowable]:
        heading, sentences = section
        story: list[Flowable] = [script_paragraph(escape(heading), styles["h2"])]
        story += [
            script_paragraph(escape(sentence), styles["bullet"], bulletText="•")
            for sentence in sentences
        ]
        return story

    def _colours(self) -> str:
        faces = ", ".join(
            printed_rank(r, self.language) for r in (Rank.JACK, Rank.QUEEN, Rank.KING)
        )
        return _("Red: ♥ ♦ · Black: ♠ ♣ · Face cards: {faces}").format(faces=faces)

    def _example_caption(self) -> str:
        wrong, last = EXAMPLE_SIDELINES[1][0], EXAMPLE_MAINLINE[1]
        first, second = EXAMPLE_SIDELINES[3]
        after = EXAMPLE_MAINLINE[3]
        return _(
            "In this example the secret rule is “only number cards, 2 to 10”. {wrong} was "
            "played after {last}: wrong, so it lies below {last} and its player drew a penalty "
            "card. Later {first} and then {second} were played after {after}: both wrong, so they "
            "lie below {after}, the later one lower down."
        ).format(
            wrong=self._label(wrong),
            last=self._label(last),
            first=self._label(first),
            second=self._label(second),
            after=self._label(after),
        )

    def _label(self, card: Card) -> str:
        return printed_label(card, self.language)
