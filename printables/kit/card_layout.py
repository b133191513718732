"""A round's layout drawn as cards: the mainline left to right, wrapping into rows, and under
each mainline card the sideline of cards rejected after it, top one first.

Sideline cards overlap so that a long sideline stays on the page; each shows its rank and suit
at the top, so what stays visible names the card without relying on colour (and red cards
print hollow, as every card drawing does). Ranks print as on
the decks of the reader's country (`language`).

The mainline cards are numbered by position from the starter (1); a layout given `LayoutTags`
prints instead the number each card was given (a New Eleusis table numbers every card in play
order) and the signs of the markers on it: above a mainline card, on the left of a sideline
card, in the gap the columns leave for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from classroom.core.cards import Card, printed_label
from printables.kit.cardface import card_height, draw_card, draw_card_outline, draw_card_text
from printables.kit.scripts import FONT, FONT_BOLD, draw_text, register_fonts
from printables.kit.styles import INK, MUTED, SHADE

__all__ = [
    "CardTag",
    "LayoutRow",
    "LayoutTags",
    "draw_sideline_card",
    "layout_rows",
    "shown_tags",
    "sideline_step",
]

CARD_WIDTH = 34.0
SIDE_WIDTH = 30.0
GAP = 8.0
LABEL = 11.0
DROP = 6.0
ROW_GAP = 14.0
#: A sideline card shows this share of its height when another lies on it.
OVERLAP_SHOW = 0.42
#: The tallest a sideline column may grow before its cards overlap more.
MAX_COLUMN = 330.0
#: The gap between columns when sideline cards carry a number and signs on their left.
TAGGED_GAP = 16.0
TAG_SIZE = 8.0
#: How far apart (baseline to baseline) two sideline numbers must be to stay apart.
TAG_SPACING = TAG_SIZE + 1.0


@dataclass(frozen=True, slots=True)
class CardTag:
    """What the layout prints by one card: its number and the signs of the markers on it."""

    number: int
    signs: str = ""

    @property
    def text(self) -> str:
        """The signs, then the number: '▲ 10', or '7' for a card without a marker."""
        return f"{self.signs} {self.number}" if self.signs else str(self.number)


@dataclass(frozen=True, slots=True)
class LayoutTags:
    """The tag of every card of a layout, shaped like its mainline and sidelines."""

    mainline: tuple[CardTag, ...]
    sidelines: tuple[tuple[CardTag, ...], ...]

    def cut(self, start: int, stop: int) -> LayoutTags:
        """The tags of mainline cards `start` to `stop` (excluded) and their sidelines."""
        return LayoutTags(self.mainline[start:stop], self.sidelines[start:stop])


def sideline_step(count: int) -> float:
    """How far apart (top to top) the cards of a sideline of `count` cards are drawn."""
    height = card_height(SIDE_WIDTH)
    step = height * OVERLAP_SHOW
    if count > 1 and height + (count - 1) * step > MAX_COLUMN:
        step = (MAX_COLUMN - height) / (count - 1)
    return step


def shown_tags(tags: Sequence[CardTag], step: float) -> list[bool]:
    """Which tags of a sideline drawn `step` apart print: all where they fit, else those with
    a sign and as many others as keep clear of every tag printed.

    >>> shown_tags([CardTag(9), CardTag(10, "▲"), CardTag(11), CardTag(12)], 5.0)
    [False, True, False, True]
    """
    if step >= TAG_SPACING:
        return [True] * len(tags)
    chosen = [n for n, tag in enumerate(tags) if tag.signs]
    for n in range(len(tags)):
        if all(abs(n - other) * step >= TAG_SPACING for other in chosen):
            chosen.append(n)
    return [n in chosen for n in range(len(tags))]


def _draw_tag(canvas: Canvas, tag: CardTag, x: float, y: float, *, align: str) -> None:
    """A card's tag on the baseline y: in ink and bold with a marker's sign, else muted."""
    canvas.setFillColor(INK if tag.signs else MUTED)
    font = FONT_BOLD if tag.signs else FONT
    draw_text(canvas, x, y, tag.text, font=font, size=TAG_SIZE, align=align)


def _column_height(count: int) -> float:
    if not count:
        return 0.0
    return DROP + card_height(SIDE_WIDTH) + (count - 1) * sideline_step(count)


def draw_sideline_card(
    canvas: Canvas, card: Card, x: float, y: float, width: float, *, language: str = "en"
) -> None:
    """A rejected card, shaded, with its rank and suit on one line at the top."""
    register_fonts()
    canvas.saveState()
    height = draw_card_outline(canvas, x, y, width, fill=SHADE)
    size = width * 0.34
    centre = x + width / 2
    label_y = y + height - size * 1.1
    label = printed_label(card, language)
    draw_card_text(canvas, card, centre, label_y, label, font=FONT_BOLD, size=size)
    suit_size = width * 0.5
    suit_y = y + height * 0.16
    draw_card_text(canvas, card, centre, suit_y, card.suit.glyph, font=FONT, size=suit_size)
    canvas.restoreState()


class LayoutRow(Flowable):  # type: ignore[misc, unused-ignore]  # reportlab has no type hints
    """One row of the layout: mainline cards numbered from `first` and the sidelines under
    them; with `tags`, every card, sideline cards included, is printed with its tag."""

    def __init__(
        self,
        first: int,
        mainline: Sequence[Card],
        sidelines: Sequence[Sequence[Card]],
        *,
        language: str = "en",
        tags: LayoutTags | None = None,
    ) -> None:
        super().__init__()
        self.language = language
        self.first = first
        self.mainline = tuple(mainline)
        self.sidelines = tuple(tuple(side) for side in sidelines)
        self.tags = tags
        self.gap = GAP if tags is None else TAGGED_GAP
        # Tagged, the first column too leaves a gap on its left for its sideline's tags.
        self.lead = 0.0 if tags is None else TAGGED_GAP
        self.spaceAfter = ROW_GAP

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        """The row's height: labels, mainline cards and its deepest sideline."""
        deepest = max((_column_height(len(s)) for s in self.sidelines), default=0.0)
        self.height = LABEL + card_height(CARD_WIDTH) + deepest
        return availWidth, self.height

    def draw(self) -> None:
        """Draw each column: position number, mainline card, sideline below."""
        canvas: Canvas = self.canv
        top = self.height - LABEL
        main_y = top - card_height(CARD_WIDTH)
        for i, (card, side) in enumerate(zip(self.mainline, self.sidelines, strict=True)):
            x = self.lead + i * (CARD_WIDTH + self.gap)
            tag = CardTag(self.first + i) if self.tags is None else self.tags.mainline[i]
            _draw_tag(canvas, tag, x + CARD_WIDTH / 2, top + 3, align="centre")
            draw_card(canvas, card, x, main_y, CARD_WIDTH, language=self.language)
            side_tags = None if self.tags is None else self.tags.sidelines[i]
            self._draw_sideline(canvas, side, side_tags, x + (CARD_WIDTH - SIDE_WIDTH) / 2, main_y)

    def _draw_sideline(
        self,
        canvas: Canvas,
        side: Sequence[Card],
        tags: Sequence[CardTag] | None,
        x: float,
        below: float,
    ) -> None:
        step = sideline_step(len(side))
        top = below - DROP
        if side:
            canvas.setStrokeColor(colors.Color(0.6, 0.6, 0.6))
            canvas.setLineWidth(0.6)
            canvas.line(x + SIDE_WIDTH / 2, below, x + SIDE_WIDTH / 2, top)
        shown = [False] * len(side) if tags is None else shown_tags(tags, step)
        for n, card in enumerate(side):
            y = top - n * step - card_height(SIDE_WIDTH)
            if tags is not None and shown[n]:
                # By the card's top edge, the part a card laid on it leaves visible.
                baseline = y + card_height(SIDE_WIDTH) - TAG_SIZE
                _draw_tag(canvas, tags[n], x - 1.5, baseline, align="right")
            draw_sideline_card(canvas, card, x, y, SIDE_WIDTH, language=self.language)


def layout_rows(
    mainline: Sequence[Card],
    sidelines: Sequence[Sequence[Card]],
    width: float,
    *,
    language: str = "en",
    tags: LayoutTags | None = None,
) -> list[LayoutRow]:
    """The layout cut into rows that fit `width`, numbered from 1 (the starter), or each card
    by its tag in `tags`."""
    gap, lead = (GAP, 0.0) if tags is None else (TAGGED_GAP, TAGGED_GAP)
    per_row = max(1, int((width - lead + gap) // (CARD_WIDTH + gap)))
    return [
        LayoutRow(
            start + 1,
            mainline[start : start + per_row],
            sidelines[start : start + per_row],
            language=language,
            tags=None if tags is None else tags.cut(start, start + per_row),
        )
        for start in range(0, len(mainline), per_row)
    ]
