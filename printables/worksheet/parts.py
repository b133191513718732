"""Drawn parts of the worksheet: the scientific method as a cycle of five stations, and the
ruled lines that fill what is left of a page."""

from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from printables.kit.scripts import FONT, FONT_BOLD, draw_text, text_width
from printables.kit.styles import INK, MUTED, RULE_GREY, SHADE, readable

__all__ = ["MethodCycle", "RuledLines"]

ARROW_HEAD = 4.5


class MethodCycle(Flowable):  # type: ignore[misc, unused-ignore]  # reportlab has no type hints
    """Five labelled stations round an oval, each with an arrow to the next: the method is a
    loop, and the last step leads back to the first."""

    def __init__(self, names: tuple[str, ...], width: float, height: float, *, size: float) -> None:
        super().__init__()
        self.names = names
        self.width = width
        self.height = height
        # Every station in one size, never below the reading size: a long name goes on a line
        # of its own under its number, and the cycle grows wide enough for its stations.
        self.size = readable(size)
        labels = [f"{n}. {name}" for n, name in enumerate(names, 1)]
        widest = max(text_width(label, FONT_BOLD, self.size) for label in labels) + 10
        self.two_lines = _width_for(widest) > width
        if self.two_lines:
            widest = max(text_width(name, FONT_BOLD, self.size) for name in names) + 10
        self.box = (max(width * 0.33, widest), self.size * (3.6 if self.two_lines else 2.4))
        self.width = max(width, _width_for(self.box[0]))

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        """Take the size it was made with."""
        return self.width, self.height

    def centres(self) -> list[tuple[float, float]]:
        """Each station's centre, the first at the top, going clockwise."""
        box_w, box_h = self.box
        rx, ry = (self.width - box_w) / 2, (self.height - box_h) / 2
        cx, cy = self.width / 2, self.height / 2
        turns = [math.pi / 2 - 2 * math.pi * n / len(self.names) for n in range(len(self.names))]
        return [(cx + rx * math.cos(t), cy + ry * math.sin(t)) for t in turns]

    def draw(self) -> None:
        """The arrows first, then the stations over their ends."""
        canvas: Canvas = self.canv
        centres = self.centres()
        canvas.saveState()
        for n, start in enumerate(centres):
            self._arrow(canvas, start, centres[(n + 1) % len(centres)])
        for n, (name, centre) in enumerate(zip(self.names, centres, strict=True), start=1):
            self._station(canvas, n, name, centre)
        canvas.restoreState()

    def _station(self, canvas: Canvas, number: int, name: str, centre: tuple[float, float]) -> None:
        box_w, box_h = self.box
        x, y = centre[0] - box_w / 2, centre[1] - box_h / 2
        canvas.setFillColor(SHADE)
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.8)
        canvas.roundRect(x, y, box_w, box_h, box_h / 3, stroke=1, fill=1)
        size = self.size
        canvas.setFillColor(INK)
        lines = [f"{number}.", name] if self.two_lines else [f"{number}. {name}"]
        baseline = centre[1] - size * 0.35 + (len(lines) - 1) * size * 0.6
        for line in lines:
            draw_text(canvas, centre[0], baseline, line, font=FONT_BOLD, size=size, align="centre")
            baseline -= size * 1.2

    def _arrow(self, canvas: Canvas, start: tuple[float, float], end: tuple[float, float]) -> None:
        """A line from the edge of one station to the edge of the next, with its head."""
        (x0, y0), (x1, y1) = self._edge(start, end), self._edge(end, start)
        angle = math.atan2(y1 - y0, x1 - x0)
        canvas.setStrokeColor(MUTED)
        canvas.setFillColor(MUTED)
        canvas.setLineWidth(1.1)
        canvas.line(x0, y0, x1, y1)
        path = canvas.beginPath()
        path.moveTo(x1, y1)
        for side in (-1, 1):
            spread = angle + math.pi - side * 0.45
            path.lineTo(x1 + ARROW_HEAD * math.cos(spread), y1 + ARROW_HEAD * math.sin(spread))
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)

    def _edge(
        self, centre: tuple[float, float], towards: tuple[float, float]
    ) -> tuple[float, float]:
        """Where the line from `centre` to `towards` leaves the station's box (plus a gap)."""
        box_w, box_h = self.box
        dx, dy = towards[0] - centre[0], towards[1] - centre[1]
        reach = min(
            (box_w / 2 + 2) / abs(dx) if dx else math.inf,
            (box_h / 2 + 2) / abs(dy) if dy else math.inf,
        )
        return centre[0] + dx * reach, centre[1] + dy * reach


class RuledLines(Flowable):  # type: ignore[misc, unused-ignore]  # reportlab has no type hints
    """A prompt and writing lines filling the rest of the frame: the page ends in room to
    write, never in blank paper. Draws nothing where fewer than `least` lines would fit."""

    def __init__(self, prompt: str, *, spacing: float, size: float, least: int = 2) -> None:
        super().__init__()
        self.prompt = prompt
        self.spacing = spacing
        self.size = size
        self.least = least
        self.width = 0.0
        self.height = 0.0

    @property
    def lines(self) -> int:
        """How many lines fit under the prompt in the height the frame gave."""
        count = int((self.height - self.size * 1.6) // self.spacing)
        return count if count >= self.least else 0

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        """All the height there is (measured alone, with no frame: none)."""
        self.width = availWidth
        self.height = availHeight if availHeight < 10_000 else 0.0
        return self.width, self.height

    def draw(self) -> None:
        """The prompt at the top, then the lines down to the bottom of the frame."""
        if not self.lines:
            return
        canvas: Canvas = self.canv
        canvas.saveState()
        top = self.height - self.size * 1.2
        canvas.setFillColor(INK)
        draw_text(canvas, 0, top, self.prompt, font=FONT, size=self.size)
        canvas.setStrokeColor(RULE_GREY)
        canvas.setLineWidth(0.5)
        for n in range(1, self.lines + 1):
            y = top - n * self.spacing
            canvas.line(0, y, self.width, y)
        canvas.restoreState()


def _width_for(box: float) -> float:
    """The narrowest cycle whose stations, `box` wide, stand 4 points apart side by side: the
    two lower ones sit cos(54°) of the half-width left beside a station either side of the
    middle, the upper side ones cos(18°) of it from the top one."""
    lower = box + (box + 4) / math.cos(math.radians(54))
    upper = box + 2 * (box + 4) / math.cos(math.radians(18))
    return max(lower, upper) + 1
