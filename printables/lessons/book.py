"""Several lesson plans bound as one book: a cover, a table of contents with page numbers, and
each lesson starting on a right-hand page, so the book prints double-sided and any lesson can
be taken out whole.

Page numbers are only known once the lessons are laid out, so the book is laid out twice: the
first layout measures where each lesson starts and ends (`BookPlan.measure`), the second prints
the contents with those pages and the blank pages that keep every lesson starting on a right.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from babel.core import Locale, UnknownLocaleError
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, PageBreak, Spacer, Table

from classroom.core.cards import Card
from printables.kit.cardface import CardRow
from printables.kit.i18n import gettext as _
from printables.kit.scripts import script_paragraph
from printables.kit.styles import MUTED, RULE_GREY, THIN, table_style
from printables.lessons.library import Lesson

__all__ = ["BookPlan", "LessonStart", "book_story", "language_name"]

#: The pages before the first lesson: the cover and, on its back, the contents.
FRONT_PAGES = 2
#: A mainline that keeps to one rule (alternate colours), drawn on the cover.
COVER_CARDS = ("3♥", "8♣", "2♦", "J♠", "5♥", "10♠")


class LessonStart(Flowable):  # type: ignore[misc, unused-ignore]  # reportlab has no type hints
    """An invisible mark where a lesson (or, with no lesson, the book's end) begins: it notes the
    page, and makes the page a destination for the contents' links and the PDF's outline."""

    def __init__(self, name: str, title: str, pages: dict[str, int]) -> None:
        super().__init__()
        self.name, self.title, self.pages = name, title, pages

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        """Take no room."""
        return 0, 0

    def draw(self) -> None:
        """Note the page and name it."""
        self.pages[self.name] = self.canv.getPageNumber()
        if self.title:
            self.canv.bookmarkPage(f"lesson-{self.name}")
            self.canv.addOutlineEntry(self.title, f"lesson-{self.name}", level=0)


@dataclass(frozen=True)
class BookPlan:
    """Where each lesson starts, by lesson name, and the lessons that follow a blank page."""

    starts: dict[str, int] = field(default_factory=dict)
    after_blank: frozenset[str] = frozenset()

    @classmethod
    def measure(cls, lessons: Sequence[Lesson], pages: dict[str, int]) -> BookPlan:
        """The plan for `lessons` from a layout without blank pages, in which lesson names
        started on `pages` and the key '' marks the last page of the last lesson."""
        starts: dict[str, int] = {}
        blanks: set[str] = set()
        page = FRONT_PAGES + 1
        for lesson, after in zip(lessons, [*lessons[1:], None], strict=True):
            if page % 2 == 0:  # a left-hand page: leave it blank
                blanks.add(lesson.name)
                page += 1
            starts[lesson.name] = page
            end = pages[after.name] if after else pages[""] + 1
            page += end - pages[lesson.name]
        return cls(starts, frozenset(blanks))


def language_name(language: str) -> str:
    """A language's name in itself, as a cover shows it: 'Polski' for 'pl'.

    >>> language_name("ja"), language_name("ru")
    ('日本語', 'Русский')
    """
    try:
        name = Locale.parse(language).get_display_name(language) or language
    except (ValueError, UnknownLocaleError):
        return language
    return name[:1].upper() + name[1:]


def book_story(
    lessons: Sequence[Lesson],
    *,
    plan: BookPlan,
    pages: dict[str, int],
    styles: dict[str, ParagraphStyle],
    width: float,
    lesson_story: Callable[[Lesson], list[Flowable]],
) -> list[Flowable]:
    """Cover, contents, then the lessons as `plan` places them; the marks note each lesson's
    first page in `pages`."""
    story = [*_cover(lessons, styles, width), PageBreak(), *_contents(lessons, plan, styles, width)]
    for lesson in lessons:
        story.append(PageBreak())
        if lesson.name in plan.after_blank:
            story += [*_blank_note(styles), PageBreak()]
        story += [LessonStart(lesson.name, lesson.title, pages), *lesson_story(lesson)]
    return [*story, LessonStart("", "", pages)]


def _cover(
    lessons: Sequence[Lesson], styles: dict[str, ParagraphStyle], width: float
) -> list[Flowable]:
    language = lessons[0].language
    kit = ParagraphStyle("lb_kit", parent=styles["h2"], alignment=TA_CENTER, textColor=MUTED)
    title = ParagraphStyle(
        "lb_title", parent=styles["title"], fontSize=34, leading=42, alignment=TA_CENTER
    )
    centred = ParagraphStyle("lb_centred", parent=styles["body"], alignment=TA_CENTER)
    cards = [Card.parse(text) for text in COVER_CARDS]
    return [
        Spacer(1, 120),
        script_paragraph(escape(_("Eleusis Express classroom kit")), kit),
        Spacer(1, 18),
        script_paragraph(escape(_("Lesson plans")), title),
        Spacer(1, 10),
        script_paragraph(escape(language_name(language)), kit),
        Spacer(1, 40),
        _centred(CardRow(cards, card_width=44, gap=8, language=language), width, len(cards)),
        Spacer(1, 40),
        script_paragraph(
            escape(_("From the first round to rules of your own, in the order they are taught.")),
            centred,
        ),
    ]


def _centred(row: CardRow, width: float, count: int) -> Table:
    """The card row in a column just as wide as its cards, in the middle of the page."""
    needed = count * row.card_width + (count - 1) * row.gap
    table = Table([[row]], colWidths=[min(needed, width)], hAlign="CENTER")
    table.setStyle(
        table_style([("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0)])
    )
    return table


def _contents(
    lessons: Sequence[Lesson], plan: BookPlan, styles: dict[str, ParagraphStyle], width: float
) -> list[Flowable]:
    """The contents: each lesson's place in the sequence, title, facts and first page (blank
    until the book has been measured), the title a link to the lesson."""
    facts = ParagraphStyle("lb_facts", parent=styles["cell"], textColor=MUTED)
    number = ParagraphStyle("lb_number", parent=styles["h3"], spaceBefore=0)
    page = ParagraphStyle("lb_page", parent=number, alignment=TA_RIGHT)
    rows = []
    for n, lesson in enumerate(lessons, 1):
        minutes = _("{n} minutes").format(n=lesson.duration_minutes)
        about = f"{_('Ages')} {lesson.age_band} · {minutes}"
        link = f'<a href="#lesson-{lesson.name}">{escape(lesson.title)}</a>'
        first = plan.starts.get(lesson.name)
        rows.append(
            [
                script_paragraph(f"{n}.", number),
                [
                    script_paragraph(link, ParagraphStyle("lb_t", parent=number, spaceAfter=2)),
                    script_paragraph(escape(about), facts),
                ],
                script_paragraph(str(first) if first else "", page),
            ]
        )
    table = Table(rows, colWidths=[24, width - 24 - 40, 40])
    table.setStyle(
        table_style(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEBELOW", (0, 0), (-1, -1), THIN, RULE_GREY),
                ("TOPPADDING", (0, 0), (-1, -1), 8),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 8),
            ]
        )
    )
    return [script_paragraph(escape(_("Contents")), styles["title"]), Spacer(1, 8), table]


def _blank_note(styles: dict[str, ParagraphStyle]) -> list[Flowable]:
    """What a page left blank says, so nobody thinks the printer skipped something."""
    note = ParagraphStyle("lb_blank", parent=styles["small"], alignment=TA_CENTER)
    text = _("This page is left blank, so that each lesson starts on a right-hand page.")
    return [Spacer(1, 280), script_paragraph(escape(text), note)]
