"""The learning curve drawn as an inline SVG for the projector: built here, with no script and
nothing fetched, so it shows offline and prints. Pure functions.

Each student's line has its own colour, its own dash pattern and its own marker, and carries
its name at its end, so no one needs to tell colours apart; the group's line is thick and solid.
A star on a line marks that student's first correct hypothesis. Sizes are in the viewBox's
units: drawn 1800 px wide on a 1920x1080 projector, 30 units of type read as about 34 px.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

from classroom.projections.learning_curve import Curve, LearningCurve

__all__ = ["ChartWords", "curve_svg", "marker_path", "value_at"]

WIDTH, HEIGHT = 1600, 800
LEFT, RIGHT, TOP, BOTTOM = 130, 1270, 30, 620
TYPE = 30
COLOURS = ("#0b5394", "#b45f06", "#38761d", "#741b47", "#cc0000", "#134f5c", "#7f6000", "#351c75")
DASHES = ("none", "18 10", "4 8", "18 8 4 8", "30 10", "8 6", "2 6 10 6", "12 4 4 4")
MARKERS = ("circle", "square", "triangle", "diamond", "down", "plus", "cross", "bar")
GROUP_COLOUR = "#1f1f1f"


@dataclass(frozen=True, slots=True)
class ChartWords:
    """What the chart says, already in the reader's language."""

    title: str
    description: str
    x_label: str
    y_label: str
    group: str
    first: str
    #: "Ana: first correct hypothesis at play 14", for the star's tooltip, per seat.
    first_of: Callable[[str, int], str] = lambda name, play: f"{name}: {play}"


def _x(play: float, plays: int) -> float:
    return LEFT + (RIGHT - LEFT) * play / max(plays, 1)


def _y(share: float) -> float:
    return BOTTOM - (BOTTOM - TOP) * share


def value_at(curve: Curve, play: int) -> float:
    """The line's height (rolling share) at `play`: its last point by then, else its first."""
    before = [point for point in curve.points if point.play <= play]
    if before:
        return before[-1].rolling
    return curve.points[0].rolling if curve.points else 0.0


def marker_path(kind: str, x: float, y: float, r: float = 11) -> str:
    """An SVG path of a marker shape centred on (x, y)."""
    shapes = {
        "circle": f"M{x - r:.1f},{y:.1f}a{r},{r} 0 1,0 {2 * r},0a{r},{r} 0 1,0 {-2 * r},0Z",
        "square": f"M{x - r:.1f},{y - r:.1f}h{2 * r}v{2 * r}h{-2 * r}Z",
        "triangle": f"M{x:.1f},{y - r * 1.2:.1f}l{r * 1.1:.1f},{r * 2:.1f}h{-r * 2.2:.1f}Z",
        "diamond": f"M{x:.1f},{y - r * 1.3:.1f}l{r * 1.3:.1f},{r * 1.3:.1f}"
        f"l{-r * 1.3:.1f},{r * 1.3:.1f}l{-r * 1.3:.1f},{-r * 1.3:.1f}Z",
        "down": f"M{x:.1f},{y + r * 1.2:.1f}l{r * 1.1:.1f},{-r * 2:.1f}h{-r * 2.2:.1f}Z",
        "plus": f"M{x - r:.1f},{y - r / 3:.1f}h{r * 2 / 3:.1f}v{-r * 2 / 3:.1f}h{r * 2 / 3:.1f}"
        f"v{r * 2 / 3:.1f}h{r * 2 / 3:.1f}v{r * 2 / 3:.1f}h{-r * 2 / 3:.1f}v{r * 2 / 3:.1f}"
        f"h{-r * 2 / 3:.1f}v{-r * 2 / 3:.1f}h{-r * 2 / 3:.1f}Z",
        "cross": f"M{x - r:.1f},{y - r:.1f}L{x + r:.1f},{y + r:.1f}"
        f"M{x + r:.1f},{y - r:.1f}L{x - r:.1f},{y + r:.1f}",
        "bar": f"M{x - r * 1.3:.1f},{y - r / 2:.1f}h{r * 2.6:.1f}v{r:.1f}h{-r * 2.6:.1f}Z",
    }
    return shapes[kind]


def _star(x: float, y: float, r: float = 22) -> str:
    """A five-pointed star centred on (x, y)."""
    corners = []
    for n in range(10):
        radius = r if n % 2 == 0 else r * 0.45
        angle = math.pi / 2 + n * math.pi / 5
        corners.append(f"{x + radius * math.cos(angle):.1f},{y - radius * math.sin(angle):.1f}")
    return "M" + "L".join(corners) + "Z"


def _axes(plays: int, words: ChartWords) -> list[str]:
    parts = []
    for percent in (0, 25, 50, 75, 100):
        y = _y(percent / 100)
        parts.append(
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{RIGHT}" y2="{y:.1f}" stroke="#c8c8c8" '
            f'stroke-width="2"/><text x="{LEFT - 14}" y="{y + 10:.1f}" text-anchor="end" '
            f'font-size="{TYPE}">{percent} %</text>'
        )
    step = next((s for s in (1, 2, 5, 10, 20, 50, 100, 200) if plays / s <= 10), 500)
    for play in range(0, plays + 1, step):
        x = _x(play, plays)
        parts.append(
            f'<line x1="{x:.1f}" y1="{BOTTOM}" x2="{x:.1f}" y2="{BOTTOM + 12}" stroke="#1f1f1f" '
            f'stroke-width="3"/><text x="{x:.1f}" y="{BOTTOM + 46}" text-anchor="middle" '
            f'font-size="{TYPE}">{play}</text>'
        )
    parts.append(
        f'<line x1="{LEFT}" y1="{BOTTOM}" x2="{RIGHT}" y2="{BOTTOM}" stroke="#1f1f1f" '
        f'stroke-width="3"/><text x="{(LEFT + RIGHT) / 2:.0f}" y="{BOTTOM + 92}" '
        f'text-anchor="middle" font-size="{TYPE}">{escape(words.x_label)}</text>'
        f'<text transform="translate(34 {(TOP + BOTTOM) / 2:.0f}) rotate(-90)" '
        f'text-anchor="middle" font-size="{TYPE - 4}">{escape(words.y_label)}</text>'
    )
    return parts


def _line(curve: Curve, plays: int, style: int | None) -> str:
    """One path through the curve's points (style None: the group's line)."""
    points = " L".join(f"{_x(p.play, plays):.1f},{_y(p.rolling):.1f}" for p in curve.points)
    if style is None:
        return (
            f'<path class="curve group" d="M{points}" fill="none" stroke="{GROUP_COLOUR}" '
            f'stroke-width="8" stroke-linejoin="round" stroke-linecap="round"/>'
        )
    colour, dash, kind = COLOURS[style % 8], DASHES[style % 8], MARKERS[style % 8]
    marks = "".join(marker_path(kind, _x(p.play, plays), _y(p.rolling)) for p in curve.points)
    return (
        f'<path class="curve student" data-seat="{escape(str(curve.seat))}" d="M{points}" '
        f'fill="none" stroke="{colour}" stroke-width="5" stroke-dasharray="{dash}" '
        f'stroke-linejoin="round"/><path class="marks" d="{marks}" fill="{colour}" '
        f'stroke="{colour}" stroke-width="4"/>'
    )


def _spread(heights: Sequence[float], gap: float = 36) -> list[float]:
    """Label heights moved apart just enough not to overlap, in the same order."""
    order = sorted(range(len(heights)), key=lambda n: heights[n])
    placed = [0.0] * len(heights)
    last = TOP - gap
    for n in order:
        placed[n] = last = max(heights[n], last + gap)
    return placed


def _labels(lines: Sequence[tuple[Curve, str, int | None]]) -> list[str]:
    """Each line's name at the right, level with where the line ends, with its marker."""
    ends = [_y(curve.points[-1].rolling if curve.points else 0.0) for curve, _, _ in lines]
    parts = []
    for (_curve, name, style), y in zip(lines, _spread(ends), strict=True):
        x = RIGHT + 30
        if style is None:
            mark = (
                f'<line x1="{x - 16}" y1="{y:.1f}" x2="{x + 16}" y2="{y:.1f}" '
                f'stroke="{GROUP_COLOUR}" stroke-width="8"/>'
            )
            weight = ' font-weight="bold"'
        else:
            colour = COLOURS[style % 8]
            mark = f'<path d="{marker_path(MARKERS[style % 8], x, y)}" fill="{colour}" '
            mark += f'stroke="{colour}" stroke-width="4"/>'
            weight = ""
        short = name if len(name) <= 14 else name[:13] + "…"
        parts.append(
            f'<g class="line-name">{mark}<text x="{x + 28}" y="{y + 10:.1f}" font-size="{TYPE}"'
            f"{weight}>{escape(short)}</text></g>"
        )
    return parts


def _stars(curve: LearningCurve, names: Callable[[str], str], words: ChartWords) -> list[str]:
    parts = []
    for student in curve.students:
        if student.first_correct is None or student.seat is None:
            continue
        x = _x(student.first_correct, curve.plays)
        y = _y(value_at(student, student.first_correct))
        tip = escape(words.first_of(names(student.seat), student.first_correct))
        parts.append(
            f'<path class="first-correct" data-seat="{escape(student.seat)}" d="{_star(x, y)}" '
            f'fill="#f1c232" stroke="#1f1f1f" stroke-width="3"><title>{tip}</title></path>'
        )
    return parts


def _legend(words: ChartWords) -> str:
    y = HEIGHT - 22
    return (
        f'<g class="legend"><path d="{_star(LEFT + 20, y - 10, 18)}" fill="#f1c232" '
        f'stroke="#1f1f1f" stroke-width="3"/><text x="{LEFT + 50}" y="{y}" font-size="{TYPE}">'
        f"{escape(words.first)}</text>"
        f'<line x1="{LEFT + 620}" y1="{y - 10}" x2="{LEFT + 680}" y2="{y - 10}" '
        f'stroke="{GROUP_COLOUR}" stroke-width="8"/><text x="{LEFT + 700}" y="{y}" '
        f'font-size="{TYPE}">{escape(words.group)}</text></g>'
    )


def curve_svg(
    curve: LearningCurve, names: Callable[[str], str], words: ChartWords, *, ident: str = "curve"
) -> str:
    """The chart of one group's round as SVG markup; `names` gives a seat's nickname."""
    lines: list[tuple[Curve, str, int | None]] = [
        (student, names(student.seat or ""), n) for n, student in enumerate(curve.students)
    ]
    lines.append((curve.group, words.group, None))
    body = [
        *_axes(curve.plays, words),
        *(_line(line, curve.plays, style) for line, _, style in lines if line.points),
        *_stars(curve, names, words),
        *_labels([line for line in lines if line[0].points]),
        _legend(words),
    ]
    return (
        f'<svg class="learning-curve" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="{ident}-title {ident}-desc" font-family="inherit" fill="#1f1f1f" '
        f'xmlns="http://www.w3.org/2000/svg"><title id="{ident}-title">{escape(words.title)}'
        f'</title><desc id="{ident}-desc">{escape(words.description)}</desc>'
        + "".join(body)
        + "</svg>"
    )
