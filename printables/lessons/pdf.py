"""Lesson plans as PDF: a header box with the lesson's facts, then the Markdown body
(`lesson_markdown`'s blocks as Platypus flowables). Each lesson prints in its own language,
the titles of its secret rules too."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from xml.sax.saxutils import escape, quoteattr

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    HRFlowable,
    KeepTogether,
    ListFlowable,
    ListItem,
    Spacer,
    Table,
    XPreformatted,
)

from classroom.core.rules.library import load_library
from printables.catalog import printable_label
from printables.kit.document import build_pdf, text_frame
from printables.kit.i18n import current_language
from printables.kit.i18n import gettext as _
from printables.kit.scripts import (
    FONT,
    FONT_BOLD,
    FONT_MONO,
    script_markup,
    script_paragraph,
    text_width,
)
from printables.kit.styles import (
    RED_HEX,
    RULE_GREY,
    SHADE,
    THIN,
    base_styles,
    header_table_style,
    table_style,
)
from printables.lessons import markdown as md
from printables.lessons.book import BookPlan, book_story
from printables.lessons.library import Lesson
from printables.lessons.prose import localized

__all__ = ["LessonRenderer", "paragraph_markup"]

MARGIN: float = 18 * mm
FACTS_LABEL_WIDTH = 80.0
CODE_BACK = "#ececec"
#: Table cells: the width of an average character at the cell's size, the padding either side,
#: and the longest word that gets a column of its own width.
CHAR_WIDTH = 5.4
CELL_PADDING = 12.0
WORD_CAP = 14
#: The room a heading needs below it for the first lines of its section.
HEADING_ROOM = 70.0
_RED_SUITS = re.compile("[♥♦]")


def paragraph_markup(inline: md.Inline, *, code_font: str = FONT_MONO, red: str = "") -> str:
    """ReportLab paragraph markup for inline spans; all text escaped.

    With `red`, the glyphs ♥ and ♦ are printed in that colour, as on the cards.

    >>> paragraph_markup(md.parse("**Ask** *why* & `x < 3`")[0].inline, code_font="F")
    '<b>Ask</b> <i>why</i> &amp; <font face="F" backColor="#ececec">x &lt; 3</font>'
    """
    return "".join(_span_markup(span, code_font, red) for span in inline)


def _span_markup(span: md.Span, code_font: str, red: str) -> str:
    if isinstance(span, md.Text):
        text = escape(span.text)
        return _RED_SUITS.sub(rf'<font color="{red}">\g<0></font>', text) if red else text
    if isinstance(span, md.Code):
        return f'<font face="{code_font}" backColor="{CODE_BACK}">{escape(span.text)}</font>'
    if isinstance(span, md.LineBreak):
        return "<br/>"
    inner = paragraph_markup(span.inline, code_font=code_font, red=red)
    if isinstance(span, md.Strong):
        return f"<b>{inner}</b>"
    if isinstance(span, md.Emphasis):
        return f"<i>{inner}</i>"
    return f"<a href={quoteattr(span.href)}><u>{inner}</u></a>"


class LessonRenderer:
    """Builds lesson plans on one paper size; each lesson starts on a new page."""

    def __init__(self, *, paper: str = "a4", rule_titles: Mapping[str, str] | None = None) -> None:
        """`rule_titles` by rule id replace the library's titles in each lesson's language."""
        self.paper = paper
        self.rule_titles = rule_titles
        self.width = text_frame(paper, margin=MARGIN)[0]
        self.styles = self._stylesheet()

    def _stylesheet(self) -> dict[str, ParagraphStyle]:
        styles = base_styles()
        styles["item"] = ParagraphStyle("ls_item", parent=styles["body"], spaceAfter=2)
        styles["code_block"] = ParagraphStyle(
            "ls_code_block", parent=styles["code"], leftIndent=10, spaceAfter=8
        )
        styles["fact"] = ParagraphStyle("ls_fact", parent=styles["cell"], leading=12)
        styles["quote"] = ParagraphStyle(
            "ls_quote",
            parent=styles["body"],
            leftIndent=14,
            rightIndent=14,
            borderPadding=(4, 6),
            borderColor=RULE_GREY,
            borderWidth=0,
            backColor=SHADE,
            spaceBefore=4,
            spaceAfter=10,
        )
        return styles

    def render(self, lessons: Sequence[Lesson]) -> bytes:
        """The lessons as one PDF, in the order given; more than one make a book with a cover
        and contents (see `lesson_book`)."""
        if len(lessons) == 1:
            story = self.lesson_story(lessons[0])
            return build_pdf(story, paper=self.paper, title=lessons[0].title, margin=MARGIN)
        title = _("Lesson plans")
        pages: dict[str, int] = {}
        build_pdf(
            self._book(lessons, BookPlan(), pages), paper=self.paper, title=title, margin=MARGIN
        )
        plan = BookPlan.measure(lessons, pages)
        return build_pdf(
            self._book(lessons, plan, pages), paper=self.paper, title=title, margin=MARGIN
        )

    def _book(
        self, lessons: Sequence[Lesson], plan: BookPlan, pages: dict[str, int]
    ) -> list[Flowable]:
        return book_story(
            lessons,
            plan=plan,
            pages=pages,
            styles=self.styles,
            width=self.width,
            lesson_story=self.lesson_story,
        )

    def lesson_story(self, lesson: Lesson) -> list[Flowable]:
        """One lesson: title, facts box, body."""
        self._language = lesson.language
        story: list[Flowable] = [script_paragraph(escape(lesson.title), self.styles["title"])]
        story += [self._facts(lesson), Spacer(1, 6)]
        story += self._flowables(md.parse(lesson.body))
        return story

    def _markup(self, inline: md.Inline) -> str:
        language = getattr(self, "_language", None) or current_language()
        prose = localized(inline, language, self._rule_titles(language))
        return paragraph_markup(prose, code_font=FONT_MONO, red=RED_HEX)

    def _rule_titles(self, language: str) -> Mapping[str, str]:
        if self.rule_titles is not None:
            return self.rule_titles
        return {rule.id: rule.title_in(language) for rule in load_library()}

    def _facts(self, lesson: Lesson) -> Table:
        titles = self._rule_titles(lesson.language)
        # The ids are English words: a translated plan names its rules by their titles alone.
        rules = [
            f"{titles.get(r, r)} ({r})" if lesson.language == "en" else titles.get(r, r)
            for r in lesson.rules
        ]
        rows = [
            (_("Ages"), lesson.age_band),
            (_("Duration"), _("{n} minutes").format(n=lesson.duration_minutes)),
            (_("Printables"), ", ".join(printable_label(p) for p in lesson.printables) or "-"),
            (_("Secret rules"), "; ".join(rules) or "-"),
        ]
        cells = [
            [
                script_paragraph(f"<b>{escape(k)}</b>", self.styles["fact"]),
                script_paragraph(escape(v), self.styles["fact"]),
            ]
            for k, v in rows
        ]
        # The labels' column holds each label's longest word whole ("Длительность").
        style = self.styles["fact"]
        longest = max(
            text_width(word, FONT_BOLD, style.fontSize) for k, _v in rows for word in k.split()
        )
        label_width = max(FACTS_LABEL_WIDTH, longest + 14)
        table = Table(cells, colWidths=[label_width, self.width - label_width])
        table.setStyle(
            table_style(
                [
                    ("BACKGROUND", (0, 0), (-1, -1), SHADE),
                    ("BOX", (0, 0), (-1, -1), THIN, RULE_GREY),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("TOPPADDING", (0, 0), (-1, -1), 2),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
                ]
            )
        )
        return table

    def _flowables(self, blocks: Sequence[md.Block], text: str = "body") -> list[Flowable]:
        """Blocks as flowables, running text in the style `text` (body, item or quote)."""
        story: list[Flowable] = []
        for block in blocks:
            if isinstance(block, md.Quote):
                story += self._flowables(block.blocks, "quote")
                continue
            if isinstance(block, md.Heading):
                # Lists are containers ReportLab will not keep with a heading, so a heading
                # near the foot of a page moves on by itself rather than stay there alone.
                story.append(CondPageBreak(HEADING_ROOM))
            story.append(self._block(block, text))
        return story

    def _block(self, block: md.Block, text: str) -> Flowable:
        if isinstance(block, md.Heading):
            style = ("h1", "h2", "h3")[min(block.level, 3) - 1]
            return script_paragraph(self._markup(block.inline), self.styles[style])
        if isinstance(block, md.Paragraph):
            return script_paragraph(self._markup(block.inline), self.styles[text])
        if isinstance(block, md.ListBlock):
            return self._list(block)
        if isinstance(block, md.TableBlock):
            return self._table(block)
        if isinstance(block, md.CodeBlock):
            return XPreformatted(script_markup(escape(block.text)), self.styles["code_block"])
        return HRFlowable(width="100%", thickness=THIN, color=RULE_GREY, spaceAfter=6)

    def _list(self, block: md.ListBlock) -> ListFlowable:
        items = [ListItem(self._flowables(item, "item")) for item in block.items]
        if block.ordered:
            return ListFlowable(
                items,
                bulletType="1",
                start=block.start,
                bulletFormat="%s.",
                bulletFontName=FONT,
                bulletFontSize=10,
                leftIndent=18,
                spaceAfter=6,
            )
        return ListFlowable(
            items,
            bulletType="bullet",
            start="•",
            bulletFontName=FONT,
            bulletFontSize=10,
            leftIndent=14,
            spaceAfter=6,
        )

    def _table(self, block: md.TableBlock) -> Flowable:
        widths = _column_widths(block, self.width)
        cell = self.styles["cell"]
        head = [script_paragraph(f"<b>{self._markup(h)}</b>", cell) for h in block.header]
        body = [[script_paragraph(self._markup(c), cell) for c in row] for row in block.rows]
        table = Table([head, *body], colWidths=widths, repeatRows=1)
        table.setStyle(header_table_style())
        return KeepTogether([table, Spacer(1, 8)]) if len(body) < 8 else table


def _column_widths(block: md.TableBlock, width: float) -> list[float]:
    """Shares of the width by the longest text in each column, so short columns stay narrow,
    but never so narrow that a word of a column breaks in the middle."""
    texts = [[md.plain_text(cell) for cell in row] for row in (block.header, *block.rows)]
    columns = list(zip(*texts, strict=True))
    weights = [min(max(max(map(len, column)), 6), 60) ** 0.8 for column in columns]
    shares = [width * w / sum(weights) for w in weights]
    floors = [_word_width(column) for column in columns]
    widths = [max(share, floor) for share, floor in zip(shares, floors, strict=True)]
    slack = [w - floor for w, floor in zip(widths, floors, strict=True)]
    excess = sum(widths) - width
    if excess <= 0 or sum(slack) <= excess:
        return shares
    return [w - excess * s / sum(slack) for w, s in zip(widths, slack, strict=True)]


def _word_width(column: Sequence[str]) -> float:
    """About the room the column's longest word needs (scripts without spaces may break
    anywhere, so a long run of them asks for no more than a short word)."""
    longest = max((len(word) for text in column for word in text.split()), default=0)
    return min(longest, WORD_CAP) * CHAR_WIDTH + CELL_PADDING
