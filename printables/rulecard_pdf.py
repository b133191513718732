"""Dealers' rule cards as a PDF: three cards a sheet, cut lines, a fold, and a secret half."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from io import BytesIO
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Spacer, Table

from classroom.core.rules.library import CONCEPT_NAMES
from printables.cardface import CardRow
from printables.common import (
    FONT,
    FONT_BOLD,
    INK,
    MUTED,
    RULE_GREY,
    SHADE,
    base_styles,
    metadata,
    page_size,
    register_fonts,
    table_style,
)
from printables.i18n import gettext as _
from printables.rulecards import CARDS_PER_SHEET, MAX_DIFFICULTY, RuleCard, paginate
from printables.scripts import draw_text, script_paragraph, text_width
from printables.textfit import StoryBuilder, draw_in_box, fit_story

__all__ = ["Box", "RuleCardRenderer", "card_boxes", "difficulty_marks"]


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle on the page, lower-left corner and size, in points."""

    x: float
    y: float
    width: float
    height: float


MARGIN: float = 12 * mm
HEADER = 24.0
GAP = 16.0
#: The least room between the sheet's heading and its cutting hint.
HEADER_GAP = 12.0
PAD = 10.0
BAND = 18.0
EXAMPLE_CARD_WIDTH = 38.0
EXAMPLE_PER_ROW = 5
DASH = (4, 3)


def concept_name(concept: str) -> str:
    """A library concept as the document's reader calls it."""
    return _(CONCEPT_NAMES.get(concept, concept))


def card_boxes(page: tuple[float, float], per_sheet: int = CARDS_PER_SHEET) -> tuple[Box, ...]:
    """Where the cards of one sheet go: full width strips, top to bottom, GAP apart."""
    width, height = page
    usable = height - 2 * MARGIN - HEADER - GAP * (per_sheet - 1)
    card_height = usable / per_sheet
    top = height - MARGIN - HEADER
    return tuple(
        Box(MARGIN, top - (i + 1) * card_height - i * GAP, width - 2 * MARGIN, card_height)
        for i in range(per_sheet)
    )


def difficulty_marks(difficulty: int) -> str:
    """Filled and empty stars for a difficulty from 1 to 5, e.g. '★★☆☆☆'."""
    return "★" * difficulty + "☆" * (MAX_DIFFICULTY - difficulty)


class RuleCardRenderer:
    """Draws rule cards onto sheets of the chosen paper and returns the PDF bytes."""

    def __init__(self, *, paper: str = "a4") -> None:
        self.page = page_size(paper)
        register_fonts()

    def _stylesheet(self, scale: float) -> dict[str, ParagraphStyle]:
        base = base_styles(scale)
        return {
            "title": ParagraphStyle("rc_title", parent=base["h1"], spaceBefore=0),
            "meta": ParagraphStyle(
                "rc_meta", parent=base["small"], spaceAfter=6 * scale, autoLeading="max"
            ),
            "text": ParagraphStyle(
                "rc_text",
                parent=base["body"],
                fontSize=11 * scale,
                leading=14 * scale,
                spaceAfter=6 * scale,
            ),
            "label": ParagraphStyle(
                "rc_label", parent=base["small"], fontName=FONT_BOLD, spaceAfter=3 * scale
            ),
            "note": ParagraphStyle(
                "rc_note",
                parent=base["body"],
                fontSize=9 * scale,
                leading=11.5 * scale,
                spaceAfter=3 * scale,
            ),
            "code": ParagraphStyle("rc_code", parent=base["code"], leading=12 * scale),
        }

    def render(self, cards: Sequence[RuleCard], *, title: str | None = None) -> bytes:
        """All cards, CARDS_PER_SHEET a sheet, as PDF bytes; the same cards give the same bytes."""
        buffer = BytesIO()
        canvas = Canvas(
            buffer, pagesize=self.page, invariant=1, pageCompression=1, initialFontName=FONT
        )
        info = metadata(title or _("Rule cards for dealers"))
        canvas.setTitle(info["title"])
        canvas.setAuthor(info["author"])
        canvas.setCreator(info["creator"])
        sheets = paginate(cards)
        for number, sheet in enumerate(sheets, start=1):
            self._draw_header(canvas, number, len(sheets))
            for card, box in zip(sheet, card_boxes(self.page), strict=False):
                self._draw_card(canvas, card, box)
            canvas.showPage()
        canvas.save()
        return buffer.getvalue()

    def _draw_header(self, canvas: Canvas, number: int, total: int) -> None:
        width, height = self.page
        y = height - MARGIN - 12
        heading = _("Eleusis Express · Rule cards for dealers")
        hint = _("✂ Cut along the dashed lines, fold along the middle. Sheet {n} of {total}")
        line = hint.format(n=number, total=total)
        # Some languages say it at greater length: both shrink together until they fit the line.
        needed = text_width(heading, FONT_BOLD, 11) + HEADER_GAP + text_width(line, FONT, 8)
        scale = min(1.0, (width - 2 * MARGIN) / needed)
        canvas.setFillColor(INK)
        draw_text(canvas, MARGIN, y, heading, font=FONT_BOLD, size=11 * scale)
        canvas.setFillColor(MUTED)
        draw_text(canvas, width - MARGIN, y, line, font=FONT, size=8 * scale, align="right")

    def _draw_card(self, canvas: Canvas, card: RuleCard, box: Box) -> None:
        half = box.width / 2
        canvas.saveState()
        canvas.setStrokeColor(RULE_GREY)
        canvas.setLineWidth(0.7)
        canvas.setDash(*DASH)
        canvas.rect(box.x, box.y, box.width, box.height)
        canvas.setDash(1, 2)
        canvas.line(box.x + half, box.y, box.x + half, box.y + box.height)
        canvas.restoreState()
        front = Box(box.x + PAD, box.y + PAD, half - 2 * PAD, box.height - 2 * PAD)
        self._fill(canvas, lambda s: self._front_story(card, s), front)
        self._draw_secret(canvas, card, Box(box.x + half, box.y, half, box.height))

    def _fill(self, canvas: Canvas, build: StoryBuilder, box: Box) -> None:
        story, _scale = fit_story(build, box.width, box.height)
        draw_in_box(canvas, story, box.x, box.y, box.width, box.height)

    def _front_story(self, card: RuleCard, scale: float) -> list[Flowable]:
        styles = self._stylesheet(scale)
        story: list[Flowable] = [script_paragraph(escape(card.title), styles["title"])]
        meta = styles["meta"]
        story.append(script_paragraph(self._meta_line(card, meta.fontSize * 1.4), meta))
        story.append(script_paragraph(escape(card.text), styles["text"]))
        if card.concepts:
            label = escape(_("Concepts:"))
            concepts = escape(", ".join(concept_name(c) for c in card.concepts))
            story.append(script_paragraph(f"<b>{label}</b> {concepts}", styles["note"]))
        if card.hint:
            label = escape(_("Hint you may give:"))
            story.append(
                script_paragraph(f"<b>{label}</b> <i>{escape(card.hint)}</i>", styles["note"])
            )
        return story

    def _meta_line(self, card: RuleCard, star_size: float) -> str:
        if card.difficulty is None:
            parts = [escape(_("Custom rule"))]
        else:
            marks = difficulty_marks(card.difficulty)
            stars = f'<font color="#b8860b" size="{star_size:.1f}">{marks}</font>'
            words = _("difficulty {n} of {top}").format(n=card.difficulty, top=MAX_DIFFICULTY)
            parts = [f"{stars} {escape(words)}"]
        if card.age_band:
            parts.append(escape(_("ages {band}").format(band=card.age_band)))
        if card.rule_id:
            parts.append(escape(card.rule_id))
        return " · ".join(parts)

    def _draw_secret(self, canvas: Canvas, card: RuleCard, box: Box) -> None:
        band_y = box.y + box.height - PAD - BAND
        canvas.saveState()
        canvas.setFillColor(INK)
        canvas.rect(box.x + PAD, band_y, box.width - 2 * PAD, BAND, stroke=0, fill=1)
        canvas.setFillColor(colors.white)
        label = _("Keep secret").upper() + " · " + _("dealer only")
        x, y = box.x + box.width / 2, band_y + 5.5
        draw_text(canvas, x, y, label, font=FONT_BOLD, size=9.5, align="centre")
        canvas.restoreState()
        inner = Box(box.x + PAD, box.y + PAD, box.width - 2 * PAD, box.height - 3 * PAD - BAND)
        self._fill(canvas, lambda s: self._secret_story(card, s, inner.width), inner)

    def _secret_story(self, card: RuleCard, scale: float, width: float) -> list[Flowable]:
        styles = self._stylesheet(scale)
        story: list[Flowable] = [
            script_paragraph(escape(_("Example mainline (starter first):")), styles["label"])
        ]
        if card.example:
            size = EXAMPLE_CARD_WIDTH * scale
            row = CardRow(
                card.example,
                card_width=size,
                gap=5,
                per_row=EXAMPLE_PER_ROW,
                language=card.language,
            )
            story.append(row)
        else:
            story.append(
                script_paragraph(escape(_("(no example: no card can follow)")), styles["note"])
            )
        story.append(Spacer(1, 8 * scale))
        story.append(script_paragraph(escape(_("In the rule language:")), styles["label"]))
        story.append(self._code_box(card.rule_text, styles["code"], width))
        return story

    def _code_box(self, text: str, style: ParagraphStyle, width: float) -> Table:
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
