"""The scientific-method worksheet as a PDF: record grid, hypothesis log, reflection."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, PageBreak, Paragraph, Spacer, Table

from printables.common import (
    FONT_BOLD,
    INK,
    RULE_GREY,
    SHADE,
    base_styles,
    build_pdf,
    page_size,
    table_style,
)
from printables.i18n import gettext as _
from printables.scripts import script_paragraph
from printables.worksheet import WorksheetPlan, worksheet_plan

__all__ = ["WorksheetRenderer"]

MARGIN: float = 15 * mm
LABEL_WIDTH = 66.0
HEADER_ROW = 15.0
LINE_SPACING = 24.0
THIN = 0.5
THICK = 1.4


class WorksheetRenderer:
    """Builds the worksheet of one variant on one paper size."""

    def __init__(self, *, paper: str = "a4", variant: str = "older") -> None:
        self.paper = paper
        self.plan: WorksheetPlan = worksheet_plan(variant)
        self.width = page_size(paper)[0] - 2 * MARGIN
        self.styles = self._stylesheet(self.plan.text_scale)

    def _stylesheet(self, scale: float) -> dict[str, ParagraphStyle]:
        styles = base_styles(scale)
        styles["label"] = ParagraphStyle("ws_label", parent=styles["cell"], fontName=FONT_BOLD)
        styles["question"] = ParagraphStyle(
            "ws_question", parent=styles["body"], spaceBefore=8 * scale, spaceAfter=2
        )
        return styles

    def render(self) -> bytes:
        """The whole worksheet as PDF bytes."""
        return build_pdf(self.story(), paper=self.paper, title=self.plan.title, margin=MARGIN)

    def story(self) -> list[Flowable]:
        """Three pages: what is on the table, the hypothesis log, the reflection."""
        return [
            *self._record_page(),
            PageBreak(),
            *self._log_page(),
            PageBreak(),
            *self._reflection_page(),
        ]

    def _para(self, text: str, style: str) -> Paragraph:
        return script_paragraph(escape(text), self.styles[style])

    def _record_page(self) -> list[Flowable]:
        story: list[Flowable] = [self._para(self.plan.title, "title"), self._name_line()]
        story += [self._para(_("1. What is on the table"), "h2")]
        story += [self._para(self.plan.record_intro, "body")]
        for positions in self.plan.grid_positions:
            story += [self._grid(positions), Spacer(1, 10)]
        return story

    def _name_line(self) -> Table:
        labels = (_("Name:"), _("Group:"), _("Date:"))
        row: list[object] = []
        for label in labels:
            row += [self._para(label, "label"), ""]
        unit = self.width / 9
        table = Table([row], colWidths=[unit, 2 * unit] * 3, rowHeights=[22])
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

    def _grid(self, positions: tuple[int, ...]) -> Table:
        plan = self.plan
        head = [""] + [self._para(str(n), "cell_hint") for n in positions]
        if positions[0] == 1:
            head[1] = self._para(_("1 starter"), "cell_hint")
        mainline = [self._para(plan.mainline_label, "label")] + [""] * len(positions)
        sidelines = [[""] * (len(positions) + 1) for _row in range(plan.sideline_rows)]
        sidelines[0][0] = self._para(plan.sideline_label, "small")
        cell = (self.width - LABEL_WIDTH) / len(positions)
        heights = [HEADER_ROW, plan.mainline_height] + [plan.sideline_height] * plan.sideline_rows
        table = Table(
            [head, mainline, *sidelines],
            colWidths=[LABEL_WIDTH] + [cell] * len(positions),
            rowHeights=heights,
        )
        table.setStyle(
            table_style(
                [
                    ("GRID", (1, 1), (-1, -1), THIN, RULE_GREY),
                    ("BOX", (1, 1), (-1, 1), THICK, INK),
                    ("BACKGROUND", (0, 1), (0, -1), SHADE),
                    ("SPAN", (0, 2), (0, -1)),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
                ]
            )
        )
        return table

    def _log_page(self) -> list[Flowable]:
        plan = self.plan
        head = [self._para(h, "cell_head") for h in plan.log_headings]
        hints = [self._para(h, "cell_hint") if h else "" for h in plan.log_hints]
        widths = [self.width * share for share in plan.log_widths]
        rows = [hints[:] for _row in range(plan.log_rows)]
        table = Table(
            [head, *rows],
            colWidths=widths,
            rowHeights=[None] + [plan.log_row_height] * plan.log_rows,
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
        story: list[Flowable] = [self._para(_("3. Thinking about my evidence"), "h2")]
        for number, question in enumerate(self.plan.questions, start=1):
            prompt = self._para(f"{number}. {question}", "question")
            story.append(KeepTogether([prompt, self._lines(self.plan.answer_lines)]))
        final = self._para(self.plan.final_prompt, "question")
        sure = self._para(self.plan.sure_prompt, "question")
        story.append(KeepTogether([final, self._lines(2), sure]))
        return story

    def _lines(self, count: int) -> Table:
        spacing = LINE_SPACING * self.plan.text_scale
        table = Table([[""]] * count, colWidths=[self.width], rowHeights=[spacing] * count)
        table.setStyle(table_style([("LINEBELOW", (0, 0), (-1, -1), THIN, RULE_GREY)]))
        return table
