"""The learning curve in the game report: a small chart of each student's right predictions
over the last plays, the group's thick line, a star at each first correct hypothesis, and a
sentence per student that says the same in words. Told apart by dash and marker, not colour."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence

from reportlab.graphics.shapes import Drawing, Line, Polygon, PolyLine, Rect, String
from reportlab.lib import colors
from reportlab.platypus import Flowable, KeepTogether, Paragraph

from classroom.projections.learning_curve import WINDOW, Curve, LearningCurve
from printables.kit.chart import chart_drawing, chart_text
from printables.kit.i18n import gettext as _
from printables.kit.i18n import ngettext
from printables.kit.scripts import FONT

__all__ = ["curve_drawing", "curve_section", "curve_sentence"]

HEIGHT = 190.0
LEFT, BOTTOM, TOP = 34.0, 26.0, 8.0
LABELS = 92.0  # room at the right for the names at the lines' ends
TYPE = 8.0
COLOURS = ("#0b5394", "#b45f06", "#38761d", "#741b47", "#cc0000", "#134f5c", "#7f6000", "#351c75")
DASHES: tuple[tuple[float, ...] | None, ...] = (
    None, (6, 3), (1.5, 3), (6, 3, 1.5, 3), (10, 3), (3, 2), (1, 2, 4, 2), (4, 1.5, 1.5, 1.5),
)  # fmt: skip
GROUP = colors.HexColor("#1f1f1f")
Paint = Callable[[str, str], Paragraph]


def _text(drawing: Drawing, x: float, y: float, text: str, *, bold: bool = False) -> None:
    """Text in this chart's size and ink."""
    chart_text(drawing, x, y, text, size=TYPE, colour=GROUP, bold=bold)


def _marker(style: int, x: float, y: float, colour: colors.Color) -> Polygon | Rect:
    """A small filled shape per student: square, triangle, diamond, then round again."""
    r = 2.6
    shapes = (
        [x - r, y - r, x + r, y - r, x + r, y + r, x - r, y + r],
        [x, y + r * 1.3, x + r * 1.2, y - r, x - r * 1.2, y - r],
        [x, y + r * 1.4, x + r * 1.4, y, x, y - r * 1.4, x - r * 1.4, y],
        [x - r * 1.2, y + r, x + r * 1.2, y + r, x, y - r * 1.3],
    )
    return Polygon(shapes[style % 4], fillColor=colour, strokeColor=colour, strokeWidth=0.5)


def _star(x: float, y: float, r: float = 5.5) -> Polygon:
    corners: list[float] = []
    for n in range(10):
        radius = r if n % 2 == 0 else r * 0.45
        angle = math.pi / 2 + n * math.pi / 5
        corners += [x + radius * math.cos(angle), y + radius * math.sin(angle)]
    return Polygon(
        corners, fillColor=colors.HexColor("#f1c232"), strokeColor=GROUP, strokeWidth=0.7
    )


def _axes(drawing: Drawing, width: float, plays: int, x_label: str) -> None:
    right = width - LABELS
    for percent in (0, 50, 100):
        y = BOTTOM + (HEIGHT - BOTTOM - TOP) * percent / 100
        drawing.add(
            Line(LEFT, y, right, y, strokeColor=colors.HexColor("#c8c8c8"), strokeWidth=0.5)
        )
        drawing.add(
            String(LEFT - 4, y - 3, f"{percent} %", fontName=FONT, fontSize=TYPE, textAnchor="end")
        )
    drawing.add(Line(LEFT, BOTTOM, right, BOTTOM, strokeColor=GROUP, strokeWidth=0.8))
    step = next((s for s in (1, 2, 5, 10, 20, 50, 100) if plays / s <= 10), 200)
    for play in range(0, plays + 1, step):
        x = LEFT + (right - LEFT) * play / max(plays, 1)
        drawing.add(
            String(x, BOTTOM - 10, str(play), fontName=FONT, fontSize=TYPE, textAnchor="middle")
        )
    _text(drawing, LEFT, 2, x_label)


def curve_drawing(
    curve: LearningCurve, names: Mapping[str, str], width: float, *, group: str, x_label: str
) -> Drawing:
    """The chart, `width` points wide."""
    drawing = chart_drawing(width, HEIGHT)
    _axes(drawing, width, curve.plays, x_label)
    right = width - LABELS

    def point(play: float, share: float) -> tuple[float, float]:
        x = LEFT + (right - LEFT) * play / max(curve.plays, 1)
        return x, BOTTOM + (HEIGHT - BOTTOM - TOP) * share

    lines: list[tuple[Curve, int | None]] = [(s, n) for n, s in enumerate(curve.students)]
    lines.append((curve.group, None))
    ends: list[tuple[float, str, int | None]] = []
    for line, style in lines:
        if not line.points:
            continue
        xy = [c for p in line.points for c in point(p.play, p.rolling)]
        if style is None:
            drawing.add(PolyLine(xy, strokeColor=GROUP, strokeWidth=2.4))
            ends.append((xy[-1], group, None))
            continue
        colour = colors.HexColor(COLOURS[style % 8])
        drawing.add(
            PolyLine(xy, strokeColor=colour, strokeWidth=1.2, strokeDashArray=DASHES[style % 8])
        )
        for n in range(0, len(xy), 2):
            drawing.add(_marker(style, xy[n], xy[n + 1], colour))
        ends.append((xy[-1], names.get(line.seat or "", "?"), style))
    for student in curve.students:
        if student.first_correct is not None and student.points:
            before = [p for p in student.points if p.play <= student.first_correct]
            share = (before[-1] if before else student.points[0]).rolling
            drawing.add(_star(*point(student.first_correct, share)))
    _end_labels(drawing, ends, right)
    return drawing


def _end_labels(
    drawing: Drawing, ends: Sequence[tuple[float, str, int | None]], right: float
) -> None:
    """Each line's name level with its end, moved apart just enough not to overlap."""
    last = -100.0
    for y, name, style in sorted(ends, key=lambda end: end[0]):
        y = max(y, last + TYPE + 2)
        last = y
        if style is None:
            drawing.add(Line(right + 4, y, right + 14, y, strokeColor=GROUP, strokeWidth=2.4))
        else:
            drawing.add(_marker(style, right + 9, y, colors.HexColor(COLOURS[style % 8])))
        short = name if len(name) <= 14 else name[:13] + "…"
        _text(drawing, right + 18, y - 3, short, bold=style is None)


def curve_sentence(curve: Curve, name: str) -> str:
    """One student's curve in words, as on the debrief."""
    if curve.recent_predicted:
        said = ngettext(
            "%(name)s: %(right)d of %(predicted)d right in the last %(window)d play.",
            "%(name)s: %(right)d of %(predicted)d right in the last %(window)d plays.",
            WINDOW,
        ) % {
            "name": name,
            "right": curve.recent_right,
            "predicted": curve.recent_predicted,
            "window": WINDOW,
        }
    else:
        said = ngettext(
            "%(name)s made no prediction in the last %(window)d play.",
            "%(name)s made no prediction in the last %(window)d plays.",
            WINDOW,
        ) % {
            "name": name,
            "window": WINDOW,
        }
    if curve.got_it:
        said += " " + _("Got it!")
    if curve.first_correct is None:
        return said + " " + _("No correct hypothesis this round.")
    if curve.first_correct == 0:
        return said + " " + _("First correct hypothesis before the first play.")
    return said + " " + _("First correct hypothesis at play %(n)d.") % {"n": curve.first_correct}


def curve_section(
    curve: LearningCurve | None,
    names: Mapping[str, str],
    width: float,
    paint: Paint,
) -> list[Flowable]:
    """The section, or nothing when nobody predicted a verdict this round."""
    if curve is None or not curve.has_predictions:
        return []
    intro = ngettext(
        "Each line: one student's right predictions over the last {window} play, play after"
        " play; the thick line is the whole group; a star marks a first correct hypothesis.",
        "Each line: one student's right predictions over the last {window} plays, play after"
        " play; the thick line is the whole group; a star marks a first correct hypothesis.",
        WINDOW,
    ).format(window=WINDOW)
    drawing = curve_drawing(
        curve, names, width, group=_("Whole group"), x_label=_("Plays of the round")
    )
    sentences = [
        paint(curve_sentence(s, names.get(s.seat or "", "?")), "small") for s in curve.students
    ]
    head = [paint(_("Learning curve"), "h2"), paint(intro, "intro"), drawing]
    return [KeepTogether(head), *sentences]
