"""The candidates still possible after each play, drawn as an inline SVG beside the ideal
scientists' curve on the same deal. Built here with no script and nothing fetched, like the
learning curve (`curve_chart`), and sized the same way for a 1920x1080 projector. Pure.

The height is logarithmic (in candidates + 1, so that 0 sits on the axis): the first plays
rule out hundreds, the last ones a handful, and both should be seen. The two lines differ by
weight, dash and marker as well as by colour; the three most informative plays carry their
rank in a ring, and a play that could not have taught anything has a hollow marker.

>>> from classroom.projections.experiment_information import ExperimentInformation
>>> taught = ExperimentInformation((), 100)
>>> words = InformationWords("t", "d", "x", "y", "us", "ideal", "best", "nothing", str)
>>> information_svg(taught, None, words).startswith('<svg class="information-curve"')
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

from classroom.projections.experiment_information import ExperimentInformation, IdealCurve

__all__ = ["InformationWords", "height_of", "information_svg"]

WIDTH, HEIGHT = 1600, 800
LEFT, RIGHT, TOP, BOTTOM = 150, 1240, 30, 600
TYPE = 30
GROUP_COLOUR = "#1f1f1f"
IDEAL_COLOUR = "#b45f06"
RING_COLOUR = "#0b5394"


@dataclass(frozen=True, slots=True)
class InformationWords:
    """What the chart says, already in the reader's language."""

    title: str
    description: str
    x_label: str
    y_label: str
    group: str
    ideal: str
    most_informative: str
    taught_nothing: str
    #: A count written as the reader writes numbers ("1,737", "1 737").
    number: Callable[[int], str]


def height_of(candidates: int, total: int) -> float:
    """Where `candidates` sits between the axis (0) and the top (`total`), from 0 to 1."""
    if total <= 0:
        return 0.0
    return math.log10(candidates + 1) / math.log10(total + 1)


def _x(play: float, plays: int) -> float:
    return LEFT + (RIGHT - LEFT) * play / max(plays, 1)


def _y(candidates: int, total: int) -> float:
    return BOTTOM - (BOTTOM - TOP) * height_of(candidates, total)


def _ticks(total: int) -> list[int]:
    """0, 1, 10, 100... up to the total, and the total itself unless a tick is too close."""
    ticks = [0, *(10**n for n in range(int(math.log10(max(total, 1))) + 1))]
    ticks = [t for t in ticks if t <= total]
    if height_of(total, total) - height_of(ticks[-1], total) > 0.08:
        ticks.append(total)
    else:
        ticks[-1] = total
    return ticks


def _axes(plays: int, total: int, words: InformationWords) -> list[str]:
    parts = []
    for tick in _ticks(total):
        y = _y(tick, total)
        parts.append(
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{RIGHT}" y2="{y:.1f}" stroke="#c8c8c8" '
            f'stroke-width="2"/><text x="{LEFT - 14}" y="{y + 10:.1f}" text-anchor="end" '
            f'font-size="{TYPE}">{escape(words.number(tick))}</text>'
        )
    step = next((s for s in (1, 2, 5, 10, 20, 50, 100, 200) if plays / s <= 10), 500)
    for play in range(0, plays + 1, step):
        x = _x(play, plays)
        parts.append(
            f'<line x1="{x:.1f}" y1="{BOTTOM}" x2="{x:.1f}" y2="{BOTTOM + 12}" stroke="#1f1f1f" '
            f'stroke-width="3"/><text x="{x:.1f}" y="{BOTTOM + 46}" text-anchor="middle" '
            f'font-size="{TYPE}">{escape(words.number(play))}</text>'
        )
    parts.append(
        f'<line x1="{LEFT}" y1="{BOTTOM}" x2="{RIGHT}" y2="{BOTTOM}" stroke="#1f1f1f" '
        f'stroke-width="3"/><text x="{(LEFT + RIGHT) / 2:.0f}" y="{BOTTOM + 92}" '
        f'text-anchor="middle" font-size="{TYPE}">{escape(words.x_label)}</text>'
        f'<text transform="translate(34 {(TOP + BOTTOM) / 2:.0f}) rotate(-90)" '
        f'text-anchor="middle" font-size="{TYPE - 2}">{escape(words.y_label)}</text>'
    )
    return parts


def _path(curve: Sequence[int], plays: int, total: int) -> str:
    return "M" + " L".join(
        f"{_x(n, plays):.1f},{_y(left, total):.1f}" for n, left in enumerate(curve)
    )


def _circle(x: float, y: float, r: float, fill: str, stroke: str, width: float = 4) -> str:
    return (
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{fill}" stroke="{stroke}" '
        f'stroke-width="{width}"/>'
    )


def _square(x: float, y: float, r: float, colour: str) -> str:
    return (
        f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r}" height="{2 * r}" fill="{colour}"/>'
    )


def _group_line(taught: ExperimentInformation, plays: int) -> list[str]:
    total = taught.candidates
    parts = [
        f'<path class="information group" d="{_path(taught.curve, plays, total)}" fill="none" '
        f'stroke="{GROUP_COLOUR}" stroke-width="7" stroke-linejoin="round"/>'
    ]
    for play in taught.plays:
        x, y = _x(play.play, plays), _y(play.after, total)
        hollow = play.taught_nothing
        parts.append(
            f'<g class="play{" nothing" if hollow else ""}" data-play="{play.play}">'
            + _circle(x, y, 10, "#ffffff" if hollow else GROUP_COLOUR, GROUP_COLOUR)
            + "</g>"
        )
    for rank, play in enumerate(taught.most_informative, start=1):
        x, y = _x(play.play, plays), _y(play.after, total)
        parts.append(
            f'<g class="most-informative" data-play="{play.play}">'
            + _circle(x, y - 44, 22, "#ffffff", RING_COLOUR, 5)
            + f'<text x="{x:.1f}" y="{y - 34:.1f}" text-anchor="middle" font-size="{TYPE}" '
            f'font-weight="bold">{rank}</text></g>'
        )
    return parts


def _ideal_line(ideal: IdealCurve, plays: int, total: int) -> list[str]:
    marks = "".join(
        _square(_x(n, plays), _y(left, total), 9, IDEAL_COLOUR)
        for n, left in enumerate(ideal.curve)
    )
    return [
        f'<path class="information ideal" d="{_path(ideal.curve, plays, total)}" fill="none" '
        f'stroke="{IDEAL_COLOUR}" stroke-width="5" stroke-dasharray="20 10" '
        f'stroke-linejoin="round"/><g class="ideal-marks">{marks}</g>'
    ]


def _end_labels(ends: list[tuple[float, str, str]]) -> list[str]:
    """Each line's name at the right, level with its end, moved apart not to overlap."""
    parts, last = [], TOP - 40.0
    for y, name, kind in sorted(ends):
        y = last = max(y, last + 40)
        x = RIGHT + 30
        mark = (
            _circle(x, y, 10, GROUP_COLOUR, GROUP_COLOUR)
            if kind == "group"
            else _square(x, y, 9, IDEAL_COLOUR)
        )
        short = name if len(name) <= 18 else name[:17] + "…"
        bold = ' font-weight="bold"' if kind == "group" else ""
        parts.append(
            f'<g class="line-name {kind}">{mark}<text x="{x + 24}" y="{y + 10:.1f}" '
            f'font-size="{TYPE}"{bold}>{escape(short)}</text></g>'
        )
    return parts


def _legend(words: InformationWords) -> str:
    y = HEIGHT - 30
    return (
        f'<g class="legend">{_circle(LEFT + 20, y - 10, 22, "#ffffff", RING_COLOUR, 5)}'
        f'<text x="{LEFT + 20}" y="{y}" text-anchor="middle" font-size="{TYPE}" '
        f'font-weight="bold">1</text><text x="{LEFT + 56}" y="{y}" font-size="{TYPE}">'
        f"{escape(words.most_informative)}</text>"
        f"{_circle(LEFT + 720, y - 10, 10, '#ffffff', GROUP_COLOUR)}"
        f'<text x="{LEFT + 744}" y="{y}" font-size="{TYPE}">{escape(words.taught_nothing)}'
        "</text></g>"
    )


def information_svg(
    taught: ExperimentInformation,
    ideal: IdealCurve | None,
    words: InformationWords,
    *,
    ident: str = "information",
) -> str:
    """The chart of one round as SVG markup (`ideal` None: no ideal scientists' line)."""
    total = taught.candidates
    plays = max(len(taught.plays), len(ideal.curve) - 1 if ideal else 0, 1)
    ends = [(_y(taught.curve[-1], total), words.group, "group")]
    body = [*_axes(plays, total, words)]
    if ideal is not None:
        body += _ideal_line(ideal, plays, total)
        ends.append((_y(ideal.curve[-1], total), words.ideal, "ideal"))
    body += [*_group_line(taught, plays), *_end_labels(ends), _legend(words)]
    return (
        f'<svg class="information-curve" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="{ident}-title {ident}-desc" font-family="inherit" fill="#1f1f1f" '
        f'xmlns="http://www.w3.org/2000/svg"><title id="{ident}-title">{escape(words.title)}'
        f'</title><desc id="{ident}-desc">{escape(words.description)}</desc>'
        + "".join(body)
        + "</svg>"
    )
