"""Putting text into a fixed box: wrap, shrink until it fits, and refuse to drop any of it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame

from printables.kit.document import PrintableError
from printables.kit.i18n import gettext as _

__all__ = ["MIN_SCALE", "StoryBuilder", "draw_in_box", "fit_story", "story_height"]

#: Below this the text would be too small to read on paper (about 4 pt for 10 pt body text).
MIN_SCALE = 0.4
_STEP = 0.95

StoryBuilder = Callable[[float], Sequence[Flowable]]


def story_height(story: Sequence[Flowable], width: float) -> float:
    """The height the flowables take stacked in a column `width` points wide."""
    total = 0.0
    for i, flowable in enumerate(story):
        _, height = flowable.wrap(width, 1e6)
        total += height + flowable.getSpaceAfter()
        if i:
            total += flowable.getSpaceBefore()
    return total


def fit_story(build: StoryBuilder, width: float, height: float) -> tuple[list[Flowable], float]:
    """Build the story at the largest scale (at most 1) whose height fits; return it and the scale.

    Raises PrintableError when even `MIN_SCALE` does not fit, rather than print unreadable text.
    """
    scale = 1.0
    while scale >= MIN_SCALE:
        story = list(build(scale))
        if story_height(story, width) <= height:
            return story, scale
        scale *= _STEP
    raise PrintableError(_("the text is too long to fit its box even in small print"))


def draw_in_box(
    canvas: Canvas, story: Sequence[Flowable], x: float, y: float, width: float, height: float
) -> None:
    """Draw flowables top-down in the box with lower-left (x, y); raise if any would be dropped."""
    frame = Frame(
        x,
        y,
        width,
        height,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
        showBoundary=0,
    )
    pending = list(story)
    frame.addFromList(pending, canvas)
    if pending:
        raise PrintableError(_("text did not fit its box"))
