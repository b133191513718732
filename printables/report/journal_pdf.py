"""The hypothesis journal section of the game report: one row per hypothesis, grouped by
student, with the test each one planned and what came of it."""

from __future__ import annotations

from collections.abc import Callable
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Table

from printables.kit.i18n import gettext as _
from printables.kit.i18n import local_number, quote
from printables.kit.scripts import script_paragraph
from printables.kit.styles import INK, RULE_GREY, SHADE, THIN, table_style
from printables.report.journal import JournalLine

__all__ = ["journal_section"]

JOURNAL_SHARES = (0.15, 0.05, 0.36, 0.18, 0.26)


def _verdict_word(accepted: bool) -> str:
    return _("accepted") if accepted else _("rejected")


def _test(line: JournalLine) -> str:
    """The card the student meant to play and the verdict they expected."""
    if not line.test_card:
        return "–"
    if line.predicted_accepted is None:
        return line.test_card
    return _("{card}: I predict {verdict}").format(
        card=line.test_card, verdict=_verdict_word(line.predicted_accepted)
    )


def _outcomes(line: JournalLine) -> list[str]:
    """What came of the hypothesis: the test's verdict, the table, the checker."""
    said: list[str] = []
    if line.accepted is not None:
        verdict = _("Dealer: {verdict}.").format(verdict=_verdict_word(line.accepted))
        if line.predicted_accepted is not None:
            came_true = line.predicted_accepted == line.accepted
            verdict += " " + (_("✓ as predicted") if came_true else _("✗ not as predicted"))
        said.append(verdict)
    if line.fits_table is not None:
        said.append(
            _("Fits every card on the table.")
            if line.fits_table
            else _("A card on the table contradicts it.")
        )
    checker = {
        "same": _("✓ The same rule as the secret rule."),
        "different": _("✗ Not the secret rule."),
        "undecided": _("The checker could not decide."),
    }
    if line.sameness:
        said.append(checker[line.sameness])
    return said


def journal_section(
    lines: tuple[JournalLine, ...],
    width: float,
    para: Callable[[str, str], Paragraph],
    styles: dict[str, ParagraphStyle],
) -> list[Flowable]:
    """The journal's heading, a sentence saying how to read it, and its table (or a sentence
    saying that nobody wrote in it)."""
    heading = para(_("Hypothesis journal"), "h2")
    if not lines:
        return [heading, para(_("Nobody wrote in the hypothesis journal this round."), "intro")]
    intro = _(
        "What each student wrote down while playing, oldest first, with the card they meant to"
        " test it with and what came of it."
    )
    head = [_("Student"), _("#"), _("Hypothesis"), _("Test"), _("What came of it")]
    rows: list[list[object]] = [[para(h, "cell_head") for h in head]]
    commands: list[tuple[object, ...]] = [
        ("GRID", (1, 0), (-1, -1), THIN, RULE_GREY),
        ("BOX", (0, 0), (-1, -1), THIN, RULE_GREY),
        ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        ("LINEBELOW", (0, 0), (-1, 0), 1, INK),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ]
    for n, line in enumerate(lines, start=1):
        if line.number == 1:
            commands.append(("LINEABOVE", (0, n), (-1, n), THIN, RULE_GREY))
        text = escape(quote(line.text))
        if line.confidence is not None:
            sure = _("How sure: {n} / 10").format(n=local_number(line.confidence))
            text += f"<br/><font size=7>{escape(sure)}</font>"
        rows.append(
            [
                para(line.who if line.number == 1 else "", "cell"),
                para(local_number(line.number), "num"),
                script_paragraph(text, styles["cell"]),
                para(_test(line), "cell"),
                script_paragraph("<br/>".join(map(escape, _outcomes(line))), styles["cell"]),
            ]
        )
    table = Table(rows, colWidths=[s * width for s in JOURNAL_SHARES], repeatRows=1)
    table.setStyle(table_style(commands))
    return [heading, para(intro, "intro"), table]
