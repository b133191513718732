"""The scientific-method worksheet as a PDF, four pages (two sheets printed both sides): the
method and the record grid, the rest of the grid, the hypothesis log, the reflection with the
real rule; the young sheet has the hypothesis builder's tick boxes on a third sheet before the
log. Every page is filled: the grid pages end in ruled lines, the log's rows, the answer lines
and the builder's rows of choices grow to the height of the paper printed on."""

from __future__ import annotations

from collections.abc import Callable
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table

from printables.kit.document import build_pdf, text_frame
from printables.kit.i18n import gettext as _
from printables.kit.scripts import FONT_BOLD, has_japanese, script_paragraph, text_width
from printables.kit.styles import INK, RULE_GREY, SHADE, THIN, base_styles, readable, table_style
from printables.kit.textfit import story_height
from printables.kit.typeset import unbroken_pieces
from printables.worksheet.builder import BUILDER_PAGES, builder_page
from printables.worksheet.parts import MethodCycle, RuledLines
from printables.worksheet.plan import WorksheetPlan, worksheet_plan

__all__ = ["WorksheetRenderer"]

MARGIN: float = 15 * mm
LABEL_WIDTH = 66.0
#: ReportLab's cell padding on each side, which the labels' column keeps.
GRID_LABEL_PADDING = 6.0
LINE_SPACING = 24.0
#: The answer lines' spacing never leaves this range (times the text scale), whatever the paper.
LINE_LIMITS = (20.0, 34.0)
#: The log's rows grow at most this much over the plan's height.
ROW_GROWTH = 1.4
#: The least share of its planned height a sideline box keeps on the first page.
SIDELINE_SQUEEZE = 0.75
#: Room kept free at the foot of a fitted page, for the rounding of the layout.
SLACK = 6.0
CYCLE_SIZE = (210.0, 112.0)
#: The height of a row of the builder's tick boxes never leaves this range (times the scale).
CHOICE_PITCH = (17.5, 30.0)
THICK = 1.4


class WorksheetRenderer:
    """Builds the worksheet of one variant on one paper size."""

    def __init__(self, *, paper: str = "a4", variant: str = "older") -> None:
        self.paper = paper
        self.plan: WorksheetPlan = worksheet_plan(variant)
        self.width, self.height = text_frame(paper, margin=MARGIN)
        self.styles = self._stylesheet(self.plan.text_scale)

    def _stylesheet(self, scale: float) -> dict[str, ParagraphStyle]:
        styles = base_styles(scale)
        styles["label"] = ParagraphStyle("ws_label", parent=styles["cell"], fontName=FONT_BOLD)
        styles["question"] = ParagraphStyle(
            "ws_question", parent=styles["body"], spaceBefore=8 * scale, spaceAfter=2
        )
        styles["step"] = ParagraphStyle(
            "ws_step",
            parent=styles["body"],
            fontSize=readable(9.5 * scale),
            leading=readable(9.5 * scale) * 1.211,
            spaceAfter=2 * scale,
        )
        styles["box"] = ParagraphStyle("ws_box", parent=styles["body"], spaceAfter=0)
        return styles

    def render(self) -> bytes:
        """The whole worksheet as PDF bytes."""
        return build_pdf(self.story(), paper=self.paper, title=self.plan.title, margin=MARGIN)

    def story(self) -> list[Flowable]:
        """Four pages: the method and the table, the table continued, the hypothesis log,
        the reflection; the young sheet has the hypothesis builder's two pages before the log
        (six pages, three sheets printed on both sides)."""
        builder: list[Flowable] = []
        if self.plan.hypothesis_builder:
            for page in range(len(BUILDER_PAGES)):
                builder += [*self._builder_page(page), PageBreak()]
        return [
            *self._record_page(),
            PageBreak(),
            *self._continued_page(),
            PageBreak(),
            *builder,
            *self._log_page(),
            PageBreak(),
            *self._reflection_page(),
        ]

    def _para(self, text: str, style: str) -> Paragraph:
        return script_paragraph(escape(text), self.styles[style])

    def _fitted(
        self, build: Callable[[float], list[Flowable]], low: float, high: float
    ) -> list[Flowable]:
        """The page `build(x)` with the largest x in [low, high] that fits the frame, where x is
        the height of each of the page's lines or rows (the page grows linearly with it)."""
        short, tall = (story_height(build(x), self.width) for x in (10.0, 20.0))
        count = (tall - short) / 10
        fixed = short - 10 * count
        best = (self.height - SLACK - fixed) / count if count else high
        return build(max(low, min(high, best)))

    def _record_page(self) -> list[Flowable]:
        # Where a language's longer sentences or shorter paper need it, the sideline boxes
        # under the first page's mainlines give up a little height.
        high = self.plan.sideline_height
        return self._fitted(self._record_page_with, high * SIDELINE_SQUEEZE, high)

    def _record_page_with(self, sideline_height: float) -> list[Flowable]:
        plan = self.plan
        story: list[Flowable] = [self._para(plan.title, "title"), self._name_line()]
        story += self._method()
        story += [self._para(_("1. What is on the table"), "h2")]
        story += [self._para(plan.record_intro, "body")]
        for positions in plan.grid_positions[: plan.first_page_blocks]:
            story += [self._grid(positions, sideline_height), Spacer(1, 10)]
        return [*story, self._notice()]

    def _continued_page(self) -> list[Flowable]:
        plan = self.plan
        story: list[Flowable] = [self._para(_("1. What is on the table (continued)"), "h2")]
        for positions in plan.grid_positions[plan.first_page_blocks :]:
            story += [self._grid(positions, plan.sideline_height), Spacer(1, 10)]
        return [*story, self._notice()]

    def _notice(self) -> RuledLines:
        scale = self.plan.text_scale
        return RuledLines(self.plan.notice_prompt, spacing=LINE_SPACING * scale, size=10 * scale)

    def _method(self) -> list[Flowable]:
        """The five steps as a cycle beside what each one means."""
        plan, scale = self.plan, self.plan.text_scale
        width, height = (side * scale for side in CYCLE_SIZE)
        names = tuple(step.name for step in plan.steps)
        cycle = MethodCycle(names, width, height, size=8.5 * scale)
        steps = [
            script_paragraph(
                f"<b>{n}. {escape(step.name)}</b>: {escape(step.doing)}", self.styles["step"]
            )
            for n, step in enumerate(plan.steps, start=1)
        ]
        # The cycle may have grown to hold its labels at the reading size.
        width = cycle.width
        table = Table([[cycle, steps]], colWidths=[width + 10, self.width - width - 10])
        table.setStyle(
            table_style(
                [
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("LEFTPADDING", (0, 0), (0, 0), 0),
                    ("BOX", (0, 0), (-1, -1), THIN, RULE_GREY),
                ]
            )
        )
        heading = self._para(_("The scientist's method: five steps, round and round"), "h2")
        return [heading, self._para(plan.method_intro, "body"), table]

    def _name_line(self) -> Table:
        labels = (_("Name:"), _("Group:"), _("Date:"))
        row: list[object] = []
        for label in labels:
            row += [self._para(label, "label"), ""]
        style = self.styles["label"]
        # Every label on one line, however long the language's word; the blanks share the rest.
        longest = max(text_width(label, style.fontName, style.fontSize) for label in labels)
        label_width = max(self.width / 9, longest + 13)
        blank = (self.width - 3 * label_width) / 3
        table = Table([row], colWidths=[label_width, blank] * 3, rowHeights=[22])
        table.setStyle(
            table_style(
                [
                    *[("LINEBELOW", (i, 0), (i, 0), THIN, INK) for i in (1, 3, 5)],
                    ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                    ("LEFTPADDING", (0, 0), (0, 0), 0),
                ]
            )
        )
        return table

    def _label_width(self) -> float:
        """The rows' labels' column: LABEL_WIDTH, or wider where a word (a Japanese phrase) of a
        label needs it ("(отклонённые)"), so that labels break between words, not inside them."""
        plan = self.plan
        needs = [
            text_width(word, style.fontName, style.fontSize) + 2 * GRID_LABEL_PADDING
            for label, style in (
                (plan.mainline_label, self.styles["label"]),
                (plan.sideline_label, self.styles["small"]),
            )
            for word in (unbroken_pieces(label) if has_japanese(label) else label.split())
        ]
        return max([LABEL_WIDTH, *needs])

    def _grid(self, positions: tuple[int, ...], sideline_height: float) -> Table:
        plan = self.plan
        head = [""] + [self._para(str(n), "cell_hint") for n in positions]
        if positions[0] == 1:
            head[1] = self._para(_("1 starter"), "cell_hint")
        mainline = [self._para(plan.mainline_label, "label")] + [""] * len(positions)
        sidelines = [[""] * (len(positions) + 1) for _row in range(plan.sideline_rows)]
        sidelines[0][0] = self._para(plan.sideline_label, "small")
        label_width = self._label_width()
        cell = (self.width - label_width) / len(positions)
        # The header row grows where "1 starter" needs more than one line in a narrow box.
        heights = [None, plan.mainline_height] + [sideline_height] * plan.sideline_rows
        table = Table(
            [head, mainline, *sidelines],
            colWidths=[label_width] + [cell] * len(positions),
            rowHeights=heights,
        )
        table.setStyle(
            table_style(
                [
                    ("GRID", (1, 1), (-1, -1), THIN, RULE_GREY),
                    ("BOX", (1, 1), (-1, 1), THICK, INK),
                    # The numbers over the boxes: a little padding leaves the box's width to
                    # "1 starter", whose words then stay whole.
                    ("LEFTPADDING", (1, 0), (-1, 0), 2),
                    ("RIGHTPADDING", (1, 0), (-1, 0), 2),
                    ("BACKGROUND", (0, 1), (0, -1), SHADE),
                    ("SPAN", (0, 2), (0, -1)),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
                ]
            )
        )
        return table

    def _builder_page(self, page: int) -> list[Flowable]:
        low, high = (limit * self.plan.text_scale for limit in CHOICE_PITCH)
        scale, styles = self.plan.text_scale, self.styles
        return self._fitted(
            lambda pitch: builder_page(page, pitch, styles=styles, scale=scale), low, high
        )

    def _log_page(self) -> list[Flowable]:
        low = self.plan.log_row_height
        return self._fitted(self._log_page_with, low, low * ROW_GROWTH)

    def _log_page_with(self, row_height: float) -> list[Flowable]:
        plan = self.plan
        head = [self._para(h, "cell_head") for h in plan.log_headings]
        hints = [self._para(h, "cell_hint") if h else "" for h in plan.log_hints]
        widths = [self.width * share for share in plan.log_widths]
        rows = [hints[:] for _row in range(plan.log_rows)]
        table = Table(
            [head, *rows],
            colWidths=widths,
            rowHeights=[None] + [row_height] * plan.log_rows,
            repeatRows=1,
        )
        table.setStyle(
            table_style(
                [
                    ("GRID", (0, 0), (-1, -1), THIN, RULE_GREY),
                    ("BOX", (0, 0), (-1, -1), THICK, INK),
                    ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                    ("VALIGN", (0, 0), (-1, 0), "MIDDLE"),
                    ("LEFTPADDING", (0, 0), (-1, 0), 3),
                    ("RIGHTPADDING", (0, 0), (-1, 0), 3),
                    ("VALIGN", (0, 1), (-1, -1), "BOTTOM"),
                ]
            )
        )
        return [
            self._para(_("2. My hypothesis log"), "h2"),
            self._para(plan.log_intro, "body"),
            table,
        ]

    def _reflection_page(self) -> list[Flowable]:
        low, high = (limit * self.plan.text_scale for limit in LINE_LIMITS)
        return self._fitted(self._reflection_page_with, low, high)

    def _reflection_page_with(self, spacing: float) -> list[Flowable]:
        plan = self.plan
        story: list[Flowable] = [self._para(_("3. Thinking about my evidence"), "h2")]
        for number, question in enumerate(plan.questions, start=1):
            story += [
                self._para(f"{number}. {question}", "question"),
                self._lines(plan.answer_lines, spacing),
            ]
        story += [
            self._para(plan.final_prompt, "question"),
            self._lines(2, spacing),
            self._para(plan.sure_prompt, "question"),
            Spacer(1, 8 * plan.text_scale),
            self._real_rule(spacing),
        ]
        return story

    def _real_rule(self, spacing: float) -> Table:
        """The box filled in after the round: the real rule, and whether the last hypothesis
        was the same rule (same verdicts, not the same words)."""
        plan = self.plan
        gap = "&nbsp;" * 6
        ticks = f"{escape(plan.same_rule_prompt)}{gap}☐ {escape(_('yes'))}{gap}☐ {escape(_('no'))}"
        rows: list[list[object]] = [
            [self._para(plan.real_rule_prompt + ":", "label")],
            [""],
            [""],
            [script_paragraph(ticks, self.styles["box"])],
            [self._para(plan.same_rule_note, "small")],
            [self._para(plan.why_prompt, "box")],
            [""],
            [""],
        ]
        blank = [n for n, row in enumerate(rows) if row == [""]]
        heights = [spacing if n in blank else None for n in range(len(rows))]
        table = Table(rows, colWidths=[self.width], rowHeights=heights)
        commands: list[tuple[object, ...]] = [
            ("BOX", (0, 0), (-1, -1), THICK, INK),
            ("BACKGROUND", (0, 0), (-1, 0), SHADE),
            ("TOPPADDING", (0, 3), (-1, 3), 8),
        ]
        commands += [("LINEBELOW", (0, n), (-1, n), THIN, RULE_GREY) for n in blank]
        table.setStyle(table_style(commands))
        return table

    def _lines(self, count: int, spacing: float) -> Table:
        table = Table([[""]] * count, colWidths=[self.width], rowHeights=[spacing] * count)
        table.setStyle(table_style([("LINEBELOW", (0, 0), (-1, -1), THIN, RULE_GREY)]))
        return table
