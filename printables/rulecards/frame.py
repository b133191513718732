"""What every sheet of rule cards shares, filled in or blank: the sheet's heading, the card
strips, and on each card the cut line, the fold and the framed secret half with its band.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printables.kit.drawing import Box
from printables.kit.i18n import gettext as _
from printables.kit.scripts import FONT, FONT_BOLD, draw_text, text_width
from printables.kit.styles import INK, MUTED, READING_SIZE, RULE_GREY, base_styles, readable
from printables.kit.textfit import StoryBuilder, draw_in_box, fit_story
from printables.rulecards.plan import CARDS_PER_SHEET, MAX_DIFFICULTY

__all__ = [
    "card_boxes",
    "card_halves",
    "difficulty_marks",
    "draw_card_frame",
    "draw_sheet_header",
    "fill_box",
    "rule_card_styles",
    "stars_markup",
]


MARGIN: float = 12 * mm
#: Room for the sheet's heading and, in languages that say more, its cutting hint under it.
HEADER = 36.0
GAP = 16.0
#: The least room between the sheet's heading and its cutting hint.
HEADER_GAP = 12.0
PAD = 10.0
BAND = 18.0
DASH = (4, 3)
#: The secret half's frame: a solid line, unlike the dashed cut and the dotted fold.
FRAME_LINE = 1.2


def card_boxes(page: tuple[float, float], per_sheet: int = CARDS_PER_SHEET) -> tuple[Box, ...]:
    """Where the cards of one sheet go: full width strips, top to bottom, GAP apart."""
    width, height = page
    usable = height - 2 * MARGIN - HEADER - GAP * (per_sheet - 1)
    card_height = usable / per_sheet
    top = height - MARGIN - HEADER
    return tuple(
        Box(MARGIN, top - (i + 1) * card_height - i * GAP, width - 2 * MARGIN, card_height)
        for i in range(per_sheet)
    )


def difficulty_marks(difficulty: int) -> str:
    """Filled and empty stars for a difficulty from 1 to 5, e.g. '★★☆☆☆'."""
    return "★" * difficulty + "☆" * (MAX_DIFFICULTY - difficulty)


def card_halves(box: Box) -> tuple[Box, Box]:
    """The half of a card the table sees (left of the fold) and the secret half (right)."""
    half = box.width / 2
    return Box(box.x, box.y, half, box.height), Box(box.x + half, box.y, half, box.height)


def draw_card_frame(canvas: Canvas, box: Box) -> Box:
    """Draw a card's cut line, its fold and the framed secret half with its 'keep secret' band;
    return the box inside the secret half, under the band."""
    _public, secret = card_halves(box)
    canvas.saveState()
    canvas.setStrokeColor(RULE_GREY)
    canvas.setLineWidth(0.7)
    canvas.setDash(*DASH)
    canvas.rect(box.x, box.y, box.width, box.height)
    canvas.setDash(1, 2)
    canvas.line(secret.x, box.y, secret.x, box.y + box.height)
    canvas.setDash()
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(FRAME_LINE)
    inset = PAD / 2
    canvas.rect(secret.x + inset, secret.y + inset, secret.width - PAD, secret.height - PAD)
    band_y = secret.y + secret.height - PAD - BAND
    canvas.setFillColor(INK)
    canvas.rect(secret.x + PAD, band_y, secret.width - 2 * PAD, BAND, stroke=0, fill=1)
    canvas.setFillColor(colors.white)
    label = _("Keep secret").upper() + " · " + _("dealer only")
    x, y = secret.x + secret.width / 2, band_y + 5.5
    draw_text(canvas, x, y, label, font=FONT_BOLD, size=9.5, align="centre")
    canvas.restoreState()
    return Box(
        secret.x + PAD, secret.y + PAD, secret.width - 2 * PAD, secret.height - 3 * PAD - BAND
    )


def rule_card_styles(scale: float) -> dict[str, ParagraphStyle]:
    """The paragraph styles of a rule card, font sizes times `scale`."""
    base = base_styles(scale)
    return {
        "title": ParagraphStyle("rc_title", parent=base["h1"], spaceBefore=0),
        "kicker": ParagraphStyle("rc_kicker", parent=base["small"], spaceAfter=2 * scale),
        "meta": ParagraphStyle(
            "rc_meta", parent=base["small"], spaceAfter=6 * scale, autoLeading="max"
        ),
        "text": ParagraphStyle(
            "rc_text",
            parent=base["body"],
            fontSize=readable(11 * scale),
            leading=readable(11 * scale) * 1.27,
            spaceAfter=6 * scale,
        ),
        "label": ParagraphStyle(
            "rc_label", parent=base["small"], fontName=FONT_BOLD, spaceAfter=3 * scale
        ),
        "note": ParagraphStyle(
            "rc_note",
            parent=base["body"],
            fontSize=readable(9 * scale),
            leading=readable(9 * scale) * 1.28,
            spaceAfter=3 * scale,
        ),
        "code": ParagraphStyle("rc_code", parent=base["code"], leading=12 * scale),
    }


def stars_markup(difficulty: int, size: float) -> str:
    """The difficulty as stars and words, in paragraph markup."""
    marks = difficulty_marks(difficulty)
    stars = f'<font color="#b8860b" size="{size:.1f}">{marks}</font>'
    words = _("difficulty {n} of {top}").format(n=difficulty, top=MAX_DIFFICULTY)
    return f"{stars} {escape(words)}"


def draw_sheet_header(
    canvas: Canvas, page: tuple[float, float], number: int, total: int, *, heading: str = ""
) -> None:
    """The sheet's heading on the left and how to cut and fold it on the right."""
    width, height = page
    y = height - MARGIN - 12
    heading = heading or _("Eleusis Express · Rule cards for dealers")
    hint = _("✂ Cut along the dashed lines, fold along the middle. Sheet {n} of {total}")
    line = hint.format(n=number, total=total)
    # Some languages say it at greater length: then the hint goes on a line of its own under
    # the heading, never in smaller type.
    size = READING_SIZE
    needed = text_width(heading, FONT_BOLD, 11) + HEADER_GAP + text_width(line, FONT, size)
    canvas.setFillColor(INK)
    draw_text(canvas, MARGIN, y, heading, font=FONT_BOLD, size=11)
    canvas.setFillColor(MUTED)
    if needed <= width - 2 * MARGIN:
        draw_text(canvas, width - MARGIN, y, line, font=FONT, size=size, align="right")
    else:
        draw_text(canvas, MARGIN, y - 12, line, font=FONT, size=size)


def fill_box(canvas: Canvas, build: StoryBuilder, box: Box) -> None:
    """Draw the story `build` makes, shrunk as far as needed to fit `box`."""
    story, _scale = fit_story(build, box.width, box.height)
    draw_in_box(canvas, story, box.x, box.y, box.width, box.height)
