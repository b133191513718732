"""The hypothesis builder on paper: the tablet's sentence templates with tick boxes, for the
young worksheet.

Each template is a sentence with numbered gaps ("Only __1__ cards.") and a tick box in front;
under it, for every gap, a row of small tick boxes, one per choice, with the choice's picture
and words. The sentences and choices are the builder core's own (the same msgids), so paper and
tablet say the same thing in every language. Suit symbols print as on every card of the kit:
red suits outlined, black suits solid, never told apart by colour alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph, Spacer

from classroom.core.cards import Card, Rank, Suit
from classroom.core.hypotheses.builder import TEMPLATES, Blank, Template
from classroom.core.hypotheses.choices import Choice
from classroom.core.text import render
from printables.kit.cardface import draw_card_text
from printables.kit.i18n import gettext as _
from printables.kit.scripts import FONT, FONT_BOLD, draw_text, script_paragraph, text_width
from printables.kit.styles import INK, SHADE

__all__ = [
    "BUILDER_PAGES",
    "CHOICE_BOX",
    "SENTENCE_BOX",
    "TemplateChoices",
    "builder_page",
    "choice_words",
    "sentence_with_gaps",
]

#: The tick box in front of a sentence, and the smaller one in front of each choice.
SENTENCE_BOX = 7 * mm
CHOICE_BOX = 5.5 * mm
#: The templates of each of the builder's two pages (a sheet printed on both sides).
BUILDER_PAGES: tuple[tuple[str, ...], ...] = (
    ("only", "either", "compare", "same"),
    ("alternate", "after", "colors_split", "cycle"),
)
_BOX_GAP = 3.0
_GAP = 6.0
_COLUMN_GAP = 10.0
_SUIT_OF = {suit.glyph: Card(Rank.ACE, suit) for suit in Suit}
_SUIT_GLYPHS = frozenset(_SUIT_OF)


def find(template_id: str) -> Template:
    """The core's template with this id."""
    return next(template for template in TEMPLATES if template.id == template_id)


def sentence_with_gaps(template: Template) -> str:
    """The template's sentence in the reader's language, each blank a numbered gap."""
    gaps = {blank.id: f"__{n}__" for n, blank in enumerate(template.blanks, start=1)}
    return _(template.sentence) % gaps


def choice_words(choice: Choice) -> str:
    """What a choice's tick box says: its picture (where its words do not show one already)
    and its words, in the reader's language."""
    label = render(choice.label, _)
    picture = render(choice.picture, _)
    # Words that already show the suit, the numbers or the picture need no picture in front.
    says_it = any(c in _SUIT_GLYPHS or c.isdigit() for c in label) or "(" in label
    if says_it or picture in label:
        return label
    return f"{picture}  {label}"


def draw_card_words(canvas: Canvas, x: float, y: float, text: str, *, size: float) -> None:
    """`text` from x on the baseline y, each suit symbol drawn as on a card (red outlined)."""
    run = ""
    for char in text + "\0":
        if char in _SUIT_GLYPHS or char == "\0":
            draw_text(canvas, x, y, run, font=FONT, size=size)
            x += text_width(run, FONT, size)
            run = ""
            if char in _SUIT_GLYPHS:
                width = text_width(char, FONT, size)
                draw_card_text(canvas, _SUIT_OF[char], x + width / 2, y, char, font=FONT, size=size)
                x += width
        else:
            run += char


class TemplateChoices(Flowable):  # type: ignore[misc, unused-ignore]  # reportlab has no type hints
    """One template: a tick box and its sentence, then its choices in tidy columns, each with a
    tick box per gap it can fill (gaps that share choices share their words: "Only __1__ or
    __2__" lists each kind once, with a box for 1 and a box for 2, under a row of gap numbers).
    `pitch` is the height of a row of choices: the page grows with it."""

    def __init__(self, template: Template, *, pitch: float, size: float, style: ParagraphStyle):
        super().__init__()
        self.template = template
        self.pitch = pitch
        self.size = size
        self.sentence: Paragraph = script_paragraph(
            f"<b>{escape(sentence_with_gaps(template))}</b>", style
        )
        self.items = _items(template.blanks)
        self.gaps = len(template.blanks)
        self.width = 0.0
        self.height = 0.0
        self._column = 0.0
        self._count = 1
        self._sentence_height = 0.0

    @property
    def boxes_width(self) -> float:
        """The width of a choice's tick boxes, one per gap."""
        return self.gaps * CHOICE_BOX + (self.gaps - 1) * _BOX_GAP

    @property
    def rows(self) -> int:
        """Rows of choices, after a row of gap numbers where there are several gaps."""
        return -(-len(self.items) // self._count) + (1 if self.gaps > 1 else 0)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        """The sentence's height, then a row of `pitch` for every line of choices."""
        self.width = availWidth
        room = availWidth - SENTENCE_BOX - _GAP
        _w, sentence = self.sentence.wrap(room, availHeight)
        self._sentence_height = max(SENTENCE_BOX, sentence) + 4
        widest = max(text_width(words, FONT, self.size) for words, _gaps in self.items)
        self._column = self.boxes_width + _GAP + widest
        fits = int((room + _COLUMN_GAP) // (self._column + _COLUMN_GAP))
        self._count = max(1, min(fits, len(self.items)))
        self.height = self._sentence_height + self.rows * self.pitch
        return self.width, self.height

    def draw(self) -> None:
        """The sentence at the top, then the gap numbers and the rows of choices."""
        canvas: Canvas = self.canv
        canvas.saveState()
        top = self.height
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(1.2)
        canvas.rect(0, top - SENTENCE_BOX, SENTENCE_BOX, SENTENCE_BOX, stroke=1, fill=0)
        _w, sentence = self.sentence.wrap(self.width - SENTENCE_BOX - _GAP, top)
        offset = max(0.0, (SENTENCE_BOX - self.sentence.style.leading) / 2)
        self.sentence.drawOn(canvas, SENTENCE_BOX + _GAP, top - sentence - offset)
        y = top - self._sentence_height
        left = SENTENCE_BOX + _GAP
        if self.gaps > 1:
            for col in range(self._count):
                x = left + col * (self._column + _COLUMN_GAP)
                for gap in range(self.gaps):
                    centre = x + gap * (CHOICE_BOX + _BOX_GAP) + CHOICE_BOX / 2
                    self._gap_number(canvas, centre, y - self.pitch / 2, gap + 1)
            y -= self.pitch
        for n, (words, gaps) in enumerate(self.items):
            row, col = divmod(n, self._count)
            x = left + col * (self._column + _COLUMN_GAP)
            self._choice(canvas, x, y - row * self.pitch - self.pitch / 2, words, gaps)
        canvas.restoreState()

    def _gap_number(self, canvas: Canvas, centre: float, middle: float, number: int) -> None:
        radius = min(self.size * 0.8, CHOICE_BOX / 2)
        canvas.setFillColor(SHADE)
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.6)
        canvas.circle(centre, middle, radius, stroke=1, fill=1)
        canvas.setFillColor(INK)
        size = self.size * 0.9
        draw_text(
            canvas,
            centre,
            middle - size * 0.35,
            str(number),
            font=FONT_BOLD,
            size=size,
            align="centre",
        )

    def _choice(
        self, canvas: Canvas, x: float, middle: float, words: str, gaps: tuple[bool, ...]
    ) -> None:
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.9)
        for gap, fits in enumerate(gaps):
            if fits:
                left = x + gap * (CHOICE_BOX + _BOX_GAP)
                bottom = middle - CHOICE_BOX / 2
                canvas.rect(left, bottom, CHOICE_BOX, CHOICE_BOX, stroke=1, fill=0)
        canvas.setFillColor(INK)
        baseline = middle - self.size * 0.35
        draw_card_words(canvas, x + self.boxes_width + _GAP, baseline, words, size=self.size)


def _items(blanks: Sequence[Blank]) -> list[tuple[str, tuple[bool, ...]]]:
    """Every choice of the gaps once, in order, with which gaps it can fill."""
    order: dict[str, Choice] = {}
    for blank in blanks:
        for choice in blank.choices:
            order.setdefault(choice.id, choice)
    return [
        (choice_words(choice), tuple(choice in blank.choices for blank in blanks))
        for choice in order.values()
    ]


def builder_intro(page: int) -> list[str]:
    """The heading of the builder's page `page` (0 or 1), and on the first what a child does
    (the second is the back of the same sheet)."""
    if page:
        return [_("Build a hypothesis (continued)")]
    return [
        _("Build a hypothesis"),
        _(
            "Tick one sentence. For each blank in it, tick one box under the blank's number."
            " Then read your sentence out loud: that is your idea about the rule."
        ),
    ]


def builder_page(
    page: int, pitch: float, *, styles: dict[str, ParagraphStyle], scale: float
) -> list[Flowable]:
    """The builder's page `page` (0 or 1): its heading, how to tick, its templates with their
    rows of choices `pitch` apart."""
    heading, *intro = builder_intro(page)
    story: list[Flowable] = [script_paragraph(escape(heading), styles["h2"])]
    story += [script_paragraph(escape(text), styles["body"]) for text in intro]
    for template_id in BUILDER_PAGES[page]:
        choices = TemplateChoices(
            find(template_id), pitch=pitch, size=9 * scale, style=styles["h3"]
        )
        story += [Spacer(1, pitch * 0.4), choices]
    return story
