"""The first page of the class pack, for the teacher only: how the students join, which table
has which rule and who deals it, what to do before the lesson, and room for notes."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Table

from printables.classpack.plan import ClassPack, TableRule
from printables.kit.i18n import gettext as _
from printables.kit.scripts import script_paragraph
from printables.kit.styles import RULE_GREY, SHADE, base_styles, table_style
from printables.rulecards.frame import difficulty_marks

__all__ = ["overview_story"]

#: Widths of the rules table's columns, as shares of the text column.
COLUMNS = (0.14, 0.13, 0.26, 0.12, 0.19, 0.16)
NOTE_LINES = 8
NOTE_STEP = 22.0


def overview_story(pack: ClassPack, width: float) -> list[Flowable]:
    """The overview page's flowables, for a text column `width` points wide."""
    styles = base_styles()
    title = _("For the teacher: class {name}").format(name=pack.class_name)
    intro = _(
        "Keep this page. The join cards follow, one for each table, then every student's"
        " worksheet. Printed on both sides, each of them starts on a sheet of its own. The"
        " secret rule cards are a separate document: print them for the dealers only."
    )
    joining = Table(
        [
            [_cell(_("Class code"), styles, bold=True), _cell(pack.code, styles)],
            [_cell(_("Join address"), styles, bold=True), _cell(pack.url, styles)],
        ],
        colWidths=[0.25 * width, 0.75 * width],
    )
    joining.setStyle(table_style([("GRID", (0, 0), (-1, -1), 0.5, RULE_GREY)]))
    return [
        script_paragraph(escape(title), styles["title"]),
        script_paragraph(escape(intro), styles["body"]),
        joining,
        script_paragraph(escape(_("Which table has which rule")), styles["h2"]),
        _rules_table(pack, width, styles),
        script_paragraph(escape(_("Before the lesson")), styles["h2"]),
        *_steps(styles),
        script_paragraph(escape(_("Notes")), styles["h2"]),
        _note_lines(width),
    ]


def _rules_table(pack: ClassPack, width: float, styles: dict[str, ParagraphStyle]) -> Table:
    head = [_("Group"), _("Dealer"), _("Secret rule"), _("Difficulty")]
    head += [_("Students"), _("Worksheets")]
    rows = [[_cell(text, styles, bold=True) for text in head]]
    for group in pack.groups:
        students = ", ".join(group.join.nicknames) or _("nobody has joined yet")
        rule = group.rule
        name = group.join.group_name
        if rule.game:
            name = f"{name} · {rule.game}"
        cells = [name, rule.dealer, rule.rule_title, _difficulty(rule)]
        cells += [students, str(len(group.worksheets))]
        rows.append([_cell(text, styles) for text in cells])
    table = Table(rows, colWidths=[share * width for share in COLUMNS], repeatRows=1)
    table.setStyle(
        table_style(
            [
                ("GRID", (0, 0), (-1, -1), 0.5, RULE_GREY),
                ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ]
        )
    )
    return table


def _steps(styles: dict[str, ParagraphStyle]) -> list[Flowable]:
    """What to do with the pack before the students arrive, one bullet each."""
    steps = (
        _("Put each group's join card on its table."),
        _(
            "Keep the secret rule cards yourself, or give each student dealer their own card,"
            " folded, the secret half facing them."
        ),
        _("Hand out the worksheets by name: each student keeps theirs until the end."),
        _("Give every table two shuffled decks for rounds played with cards on paper."),
    )
    style = ParagraphStyle("overview_step", parent=styles["body"], leftIndent=12, bulletIndent=2)
    return [script_paragraph(escape(step), style, bulletText="•") for step in steps]


def _note_lines(width: float) -> Table:
    """Ruled lines for the teacher's notes during the lesson."""
    lines = Table([[""]] * NOTE_LINES, colWidths=[width], rowHeights=[NOTE_STEP] * NOTE_LINES)
    lines.setStyle(table_style([("LINEBELOW", (0, 0), (-1, -1), 0.5, RULE_GREY)]))
    return lines


def _cell(text: str, styles: dict[str, ParagraphStyle], *, bold: bool = False) -> Flowable:
    """A table cell's paragraph, in whatever scripts `text` is written."""
    markup = f"<b>{escape(text)}</b>" if bold else escape(text)
    return script_paragraph(markup, styles["cell"])


def _difficulty(rule: TableRule) -> str:
    """The library's difficulty as stars; a dash for a rule outside the library."""
    return "–" if rule.difficulty is None else difficulty_marks(rule.difficulty)
