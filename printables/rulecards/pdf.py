"""Dealers' rule cards as a PDF: three cards a sheet, cut lines, a fold, and a secret half.

Folded, a card stands between the dealer and the table. The half the table sees names the
table and, at most, the difficulty and (if the teacher chooses) the hint; everything that
tells the rule, its title included, is inside the framed secret half facing the dealer.
"""

from __future__ import annotations

from collections.abc import Sequence
from io import BytesIO
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Spacer, Table

from classroom.core.rules.library import CONCEPT_NAMES
from printables.kit.cardface import CardRow
from printables.kit.document import document_canvas, page_size
from printables.kit.drawing import Box
from printables.kit.i18n import gettext as _
from printables.kit.scripts import register_fonts, script_paragraph
from printables.kit.styles import RULE_GREY, SHADE, table_style
from printables.rulecards.frame import (
    PAD,
    card_boxes,
    card_halves,
    difficulty_marks,
    draw_card_frame,
    draw_sheet_header,
    fill_box,
    rule_card_styles,
    stars_markup,
)
from printables.rulecards.plan import RuleCard, paginate

__all__ = [
    "RuleCardRenderer",
    "card_boxes",
    "card_halves",
    "concept_name",
    "difficulty_marks",
]

#: Example cards: their ranks print at 9 pt (0.40 of the width), and nine fit in a row across
#: the secret half.
EXAMPLE_CARD_WIDTH = 23.0
EXAMPLE_GAP = 3.0


def concept_name(concept: str) -> str:
    """A library concept as the document's reader calls it."""
    return _(CONCEPT_NAMES.get(concept, concept))


class RuleCardRenderer:
    """Draws rule cards onto sheets of the chosen paper and returns the PDF bytes.

    `public_hint` prints a library rule's hint on the half the table sees (the teacher gives
    it away on purpose); by default it stays on the secret half, for the dealer to give or not.
    """

    def __init__(self, *, paper: str = "a4", public_hint: bool = False) -> None:
        self.page = page_size(paper)
        self.public_hint = public_hint
        register_fonts()

    def render(self, cards: Sequence[RuleCard], *, title: str | None = None) -> bytes:
        """All cards, CARDS_PER_SHEET a sheet, as PDF bytes; the same cards give the same bytes."""
        buffer = BytesIO()
        canvas = document_canvas(buffer, self.page, title=title or _("Rule cards for dealers"))
        sheets = paginate(cards)
        for number, sheet in enumerate(sheets, start=1):
            draw_sheet_header(canvas, self.page, number, len(sheets))
            for card, box in zip(sheet, card_boxes(self.page), strict=False):
                self._draw_card(canvas, card, box)
            canvas.showPage()
        canvas.save()
        return buffer.getvalue()

    def _draw_card(self, canvas: Canvas, card: RuleCard, box: Box) -> None:
        secret = draw_card_frame(canvas, box)
        public, _secret_half = card_halves(box)
        front = Box(public.x + PAD, public.y + PAD, public.width - 2 * PAD, public.height - 2 * PAD)
        fill_box(canvas, lambda s: self._public_story(card, s), front)
        fill_box(canvas, lambda s: self._secret_story(card, s, secret.width), secret)

    def _public_story(self, card: RuleCard, scale: float) -> list[Flowable]:
        styles = rule_card_styles(scale)
        story: list[Flowable] = [
            script_paragraph(escape(_("Eleusis · the dealer's rule card")), styles["kicker"])
        ]
        if card.table:
            story.append(script_paragraph(escape(card.table), styles["title"]))
        facts = []
        if card.difficulty is not None:
            facts.append(stars_markup(card.difficulty, styles["meta"].fontSize * 1.4))
        if card.age_band:
            facts.append(escape(_("ages {band}").format(band=card.age_band)))
        if facts:
            story.append(script_paragraph(" · ".join(facts), styles["meta"]))
        behind = _(
            "The dealer's secret rule is on the other half of this card. Play cards, watch what"
            " the dealer accepts, and find the rule."
        )
        story.append(script_paragraph(escape(behind), styles["text"]))
        if self.public_hint and card.hint:
            story.append(script_paragraph(hint_markup(_("Hint:"), card.hint), styles["note"]))
        return story

    def _secret_story(self, card: RuleCard, scale: float, width: float) -> list[Flowable]:
        styles = rule_card_styles(scale)
        story: list[Flowable] = [script_paragraph(escape(card.title), styles["title"])]
        meta = self._secret_meta(card)
        if meta:
            story.append(script_paragraph(meta, styles["meta"]))
        story.append(script_paragraph(escape(card.text), styles["text"]))
        if card.example:
            label = escape(_("Example mainline (starter first):"))
            story.append(script_paragraph(label, styles["label"]))
            # The cards keep their size: their ranks are read as text is.
            size, gap = EXAMPLE_CARD_WIDTH, EXAMPLE_GAP * scale
            story.append(CardRow(card.example, card_width=size, gap=gap, language=card.language))
            story.append(Spacer(1, 6 * scale))
        elif card.rule_text:
            story.append(
                script_paragraph(escape(_("(no example: no card can follow)")), styles["note"])
            )
        if card.rule_text:
            story.append(script_paragraph(escape(_("In the rule language:")), styles["label"]))
            story.append(_code_box(card.rule_text, styles["code"], width))
            story.append(Spacer(1, 4 * scale))
        if card.hint and not self.public_hint:
            label = _("Hint you may give:")
            story.append(script_paragraph(hint_markup(label, card.hint), styles["note"]))
        return story

    def _secret_meta(self, card: RuleCard) -> str:
        """What else tells the rule: its library id and the concepts it teaches."""
        parts = []
        custom = _("Custom rule")
        if card.difficulty is None and card.rule_text and card.title != custom:
            parts.append(escape(custom))
        if card.rule_id and card.language == "en":
            # The id is an English word; other languages name the rule by its title alone.
            parts.append(escape(card.rule_id))
        if card.concepts:
            label = escape(_("Concepts:"))
            concepts = escape(", ".join(concept_name(c) for c in card.concepts))
            parts.append(f"<b>{label}</b> {concepts}")
        return " · ".join(parts)


def _code_box(text: str, style: ParagraphStyle, width: float) -> Table:
    box = Table([[script_paragraph(escape(text), style)]], colWidths=[width])
    box.setStyle(
        table_style(
            [
                ("BACKGROUND", (0, 0), (-1, -1), SHADE),
                ("BOX", (0, 0), (-1, -1), 0.5, RULE_GREY),
                ("LEFTPADDING", (0, 0), (-1, -1), 5),
                ("RIGHTPADDING", (0, 0), (-1, -1), 5),
            ]
        )
    )
    return box


def hint_markup(label: str, hint: str) -> str:
    """The hint after its bold label, unless the hint opens with a label of its own ("For
    discussion: ..."), which then stands in for `label` rather than follow it."""
    own, colon, rest = hint.partition(": ")
    if colon and rest and len(own) <= 24 and len(own.split()) <= 3:
        label, hint = f"{own}:", rest
    return f"<b>{escape(label)}</b> <i>{escape(hint)}</i>"
