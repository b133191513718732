"""What each play taught, in the game report: a chart of the candidate rules still possible
after each play beside ideal scientists dealt the same cards, the most informative plays, the
plays that could not have taught anything, and a table of every play with whether it could have
proved its player's last hypothesis wrong. The same figures and sentences as the debrief.

The lines differ by weight, dash and marker, not by colour alone."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from babel.numbers import format_percent
from reportlab.graphics.shapes import Circle, Drawing, Line, PolyLine, Rect, String
from reportlab.lib import colors
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Table

from classroom.core.cards import printed_label
from classroom.core.eventlog import LoggedEvent
from classroom.core.rules import RuleError, compile_rule
from classroom.projections.experiment_information import (
    ExperimentInformation,
    IdealCurve,
    PlayInformation,
    experiment_information,
    ideal_curve,
)
from classroom.projections.journal_view import JournalRecord
from printables.kit.chart import chart_drawing, chart_text
from printables.kit.i18n import current_language, local_number, ngettext
from printables.kit.i18n import gettext as _
from printables.kit.scripts import FONT
from printables.kit.styles import header_table_style
from printables.report.info import RoundInfo

__all__ = ["RoundInformation", "information_section", "round_information"]

HEIGHT = 170.0
LEFT, BOTTOM, TOP = 40.0, 26.0, 8.0
LABELS = 100.0
TYPE = 8.0
INK = colors.HexColor("#1f1f1f")
IDEAL = colors.HexColor("#b45f06")
SHARES = (0.07, 0.16, 0.2, 0.17, 0.1, 0.3)
Paint = Callable[[str, str], Paragraph]


@dataclass(frozen=True, slots=True)
class RoundInformation:
    """What each play taught, and the ideal scientists' curve (None: a rule in plain words)."""

    taught: ExperimentInformation
    ideal: IdealCurve | None


def round_information(
    events: Sequence[LoggedEvent], info: RoundInfo, journal: Sequence[JournalRecord] = ()
) -> RoundInformation:
    """The figures of one round, its ideal scientists replayed on its deal."""
    taught = experiment_information(events, journal)
    ideal = None
    if info.rule_kind == "language":
        try:
            ideal = ideal_curve(events, compile_rule(info.rule_text))
        except RuleError:
            ideal = None
    return RoundInformation(taught, ideal)


def _text(drawing: Drawing, x: float, y: float, text: str, *, bold: bool = False) -> None:
    """Text in this chart's size and ink."""
    chart_text(drawing, x, y, text, size=TYPE, colour=INK, bold=bold)


def _share(value: float | None) -> str:
    return "–" if value is None else format_percent(value, locale=current_language())


def _height(candidates: int, total: int) -> float:
    return math.log10(candidates + 1) / math.log10(total + 1) if total > 0 else 0.0


def information_drawing(found: RoundInformation, width: float, *, group: str) -> Drawing:
    """The chart, `width` points wide: thick solid dots for the class, dashed squares for the
    ideal scientists, a hollow dot where a play could not teach anything."""
    taught, ideal = found.taught, found.ideal
    total = taught.candidates
    plays = max(len(taught.plays), len(ideal.curve) - 1 if ideal else 0, 1)
    right = width - LABELS
    drawing = chart_drawing(width, HEIGHT)

    def point(play: int, left: int) -> tuple[float, float]:
        x = LEFT + (right - LEFT) * play / plays
        return x, BOTTOM + (HEIGHT - BOTTOM - TOP) * _height(left, total)

    grey = colors.HexColor("#c8c8c8")
    # Powers of ten, and the total; none so close under the total that the labels overlap.
    ticks = [n for n in (0, 1, 10, 100, 1000) if _height(total, total) - _height(n, total) > 0.1]
    for tick in [*ticks, total]:
        y = point(0, tick)[1]
        drawing.add(Line(LEFT, y, right, y, strokeColor=grey, strokeWidth=0.5))
        drawing.add(
            String(
                LEFT - 4, y - 3, local_number(tick), fontName=FONT, fontSize=TYPE, textAnchor="end"
            )
        )
    step = next((s for s in (1, 2, 5, 10, 20, 50, 100) if plays / s <= 10), 200)
    for play in range(0, plays + 1, step):
        x = point(play, 0)[0]
        drawing.add(
            String(
                x,
                BOTTOM - 10,
                local_number(play),
                fontName=FONT,
                fontSize=TYPE,
                textAnchor="middle",
            )
        )
    drawing.add(Line(LEFT, BOTTOM, right, BOTTOM, strokeColor=INK, strokeWidth=0.8))
    _text(drawing, LEFT, 2, _("Plays of the round"))
    ends: list[tuple[float, str, bool]] = []
    if ideal is not None:
        xy = [c for n, left in enumerate(ideal.curve) for c in point(n, left)]
        drawing.add(PolyLine(xy, strokeColor=IDEAL, strokeWidth=1.2, strokeDashArray=(5, 3)))
        for n in range(0, len(xy), 2):
            drawing.add(
                Rect(xy[n] - 2.2, xy[n + 1] - 2.2, 4.4, 4.4, fillColor=IDEAL, strokeColor=IDEAL)
            )
        ends.append((xy[-1], _("Ideal scientists"), False))
    xy = [c for n, left in enumerate(taught.curve) for c in point(n, left)]
    drawing.add(PolyLine(xy, strokeColor=INK, strokeWidth=2.2))
    for shown in taught.plays:
        x, y = point(shown.play, shown.after)
        fill = colors.white if shown.taught_nothing else INK
        drawing.add(Circle(x, y, 2.6, fillColor=fill, strokeColor=INK, strokeWidth=0.8))
    for rank, best in enumerate(taught.most_informative, start=1):
        x, y = point(best.play, best.after)
        # The ring grows to hold its number at the paper's smallest size (8 pt).
        drawing.add(Circle(x, y + 9, 5.5, fillColor=colors.white, strokeColor=INK, strokeWidth=0.8))
        drawing.add(
            String(x, y + 6.1, str(rank), fontName=FONT, fontSize=TYPE, textAnchor="middle")
        )
    ends.append((xy[-1], group, True))
    last = -100.0
    for y, name, ours in sorted(ends):
        y = last = max(y, last + TYPE + 3)
        if ours:
            drawing.add(Line(right + 4, y, right + 14, y, strokeColor=INK, strokeWidth=2.2))
        else:
            drawing.add(
                Line(
                    right + 4,
                    y,
                    right + 14,
                    y,
                    strokeColor=IDEAL,
                    strokeWidth=1.2,
                    strokeDashArray=(3, 2),
                )
            )
        short = name if len(name) <= 16 else name[:15] + "…"
        _text(drawing, right + 18, y - 3, short, bold=ours)
    return drawing


def summary_sentences(found: RoundInformation) -> list[str]:
    """The debrief's sentences under the chart, in the language being spoken."""
    taught, ideal = found.taught, found.ideal
    said = [
        _("Candidate rules still possible after the last play: %(left)s of %(total)s.")
        % {"left": local_number(taught.curve[-1]), "total": local_number(taught.candidates)}
    ]
    if ideal is not None and ideal.found_at is not None:
        said.append(
            _(
                "Ideal scientists in the same seats, dealt the same cards, named the rule at "
                "play %(n)s."
            )
            % {"n": local_number(ideal.found_at)}
        )
    elif ideal is not None:
        plays = len(ideal.curve) - 1
        said.append(
            ngettext(
                "Ideal scientists in the same seats, dealt the same cards, did not name the "
                "rule; after %(num)d play, %(left)s candidates were still possible.",
                "Ideal scientists in the same seats, dealt the same cards, did not name the "
                "rule; after %(num)d plays, %(left)s candidates were still possible.",
                plays,
            )
            % {"num": plays, "left": local_number(ideal.curve[-1])}
        )
    return said


def best_sentence(play: PlayInformation) -> str:
    """ "This card ruled out 41 % of what was still possible (1,737 → 1,024)."""
    return ngettext(
        "This card ruled out %(share)s of what was still possible (%(before)s → %(after)s).",
        "These cards ruled out %(share)s of what was still possible (%(before)s → %(after)s).",
        len(play.cards),
    ) % {
        "share": _share(play.ruled_out),
        "before": local_number(play.before),
        "after": local_number(play.after),
    }


def refutation_words(play: PlayInformation) -> str:
    """Whether the play could have proved its player's last hypothesis wrong, in words."""
    if play.could_refute is None:
        return "–"
    if play.refuted:
        return _("✗ yes, and it did")
    if play.could_refute:
        return _("✓ yes; the hypothesis survived")
    return _("no: every rule still possible agreed with it")


def nothing_sentence(count: int) -> str:
    """How many plays could not have taught anything, in words."""
    if not count:
        return _("Every play could have taught something.")
    return ngettext(
        "%(num)d play could not have taught anything: every rule still possible agreed on "
        "its verdict.",
        "%(num)d plays could not have taught anything: every rule still possible agreed on "
        "their verdicts.",
        count,
    ) % {"num": count}


def _cards(play: PlayInformation) -> str:
    """The cards as people of the page's language read them ('В♥' in Russian)."""
    return " ".join(printed_label(card, current_language()) for card in play.cards)


def _table(
    taught: ExperimentInformation, names: Mapping[str, str], width: float, paint: Paint
) -> Table:
    heads = (
        _("#"),
        _("Player"),
        _("Cards played"),
        _("Still possible: before → after"),
        _("Ruled out"),
        _("Could it have proved the player's last hypothesis wrong?"),
    )
    rows: list[list[object]] = [[paint(head, "cell_head") for head in heads]]
    for play in taught.plays:
        verdict = f"✓ {_('accepted')}" if play.accepted else f"✗ {_('rejected')}"
        test = refutation_words(play)
        if play.hypothesis:
            test += f" “{play.hypothesis}”"
        rows.append(
            [
                paint(local_number(play.play), "num"),
                paint(names.get(play.seat, "?"), "cell"),
                paint(f"{_cards(play)} {verdict}", "cell"),
                paint(f"{local_number(play.before)} → {local_number(play.after)}", "num"),
                paint(_share(play.ruled_out), "num"),
                paint(test, "cell"),
            ]
        )
    table = Table(rows, colWidths=[s * width for s in SHARES], repeatRows=1)
    shaded = [
        ("BACKGROUND", (0, n), (-1, n), "#f2f2f2")
        for n, play in enumerate(taught.plays, start=1)
        if play.taught_nothing
    ]
    table.setStyle(header_table_style(*shaded))
    return table


def information_section(
    found: RoundInformation | None,
    names: Mapping[str, str],
    width: float,
    paint: Paint,
    *,
    group: str,
) -> list[Flowable]:
    """The section, or nothing when no card was judged."""
    if found is None or not found.taught.plays:
        return []
    taught = found.taught
    intro = _(
        "The thick line: how many candidate rules (library rules and hypotheses the builder can"
        " make) were still possible after each play; the dashed line: ideal scientists dealt the"
        " same cards. The scale is logarithmic. A numbered ring marks the three most informative"
        " plays; a hollow dot, a play that could not have taught anything."
    )
    drawing = information_drawing(found, width, group=group)
    head: list[Flowable] = [paint(_("What each play taught"), "h2"), paint(intro, "intro")]
    story: list[Flowable] = [KeepTogether([*head, drawing])]
    story += [paint(sentence, "body") for sentence in summary_sentences(found)]
    if taught.most_informative:
        story.append(paint(_("The most informative plays"), "h3"))
    for play in taught.most_informative:
        who = names.get(play.seat, "?")
        line = f"{_('Play %(n)d') % {'n': play.play}} · {who} · {_cards(play)}: "
        story.append(paint(line + best_sentence(play), "body"))
    nothing = taught.uninformative
    story.append(paint(_("Plays that could not have taught anything"), "h3"))
    said = nothing_sentence(len(nothing))
    listed = ", ".join(f"{local_number(p.play)} ({names.get(p.seat, '?')})" for p in nothing)
    story.append(paint(f"{said} {listed}".strip(), "body"))
    story.append(paint(_("Play by play"), "h3"))
    story.append(_table(taught, names, width, paint))
    return story
