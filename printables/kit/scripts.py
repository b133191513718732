"""Text in every script the kit prints: the embedded fonts, and the font each run of text needs.

DejaVu prints Latin and Cyrillic; IPAexGothic prints Japanese (it has Cyrillic too, but
full-width, so it never prints it). A line that mixes scripts ("さくら, Łucja, Вася") is cut into
runs, each printed in the font that has its glyphs: as `<font>` markup in paragraphs, and run by
run on the canvas.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from printables.kit.i18n import current_language
from printables.kit.typeset import (
    STROKED_FONTS,
    StrokingTextObject,
    TypesetParagraph,
    typeset_style,
)

__all__ = [
    "FONT",
    "FONT_BOLD",
    "FONT_ITALIC",
    "FONT_JAPANESE",
    "FONT_JAPANESE_BOLD",
    "FONT_MONO",
    "draw_text",
    "font_for",
    "has_glyph",
    "has_japanese",
    "is_japanese",
    "missing_glyphs",
    "register_fonts",
    "script_markup",
    "script_paragraph",
    "script_runs",
    "text_width",
]

FONT = "DejaVuSans"
FONT_BOLD = "DejaVuSans-Bold"
FONT_ITALIC = "DejaVuSans-Oblique"
FONT_MONO = "DejaVuSansMono"
FONT_JAPANESE = "IPAexGothic"
#: IPAexGothic has one weight: its bold is the same face drawn stroked (see kit.typeset).
FONT_JAPANESE_BOLD = "IPAexGothic-Stroked"
_FONT_FILES = {
    FONT: "DejaVuSans.ttf",
    FONT_BOLD: "DejaVuSans-Bold.ttf",
    FONT_ITALIC: "DejaVuSans-Oblique.ttf",
    FONT_MONO: "DejaVuSansMono.ttf",
    FONT_JAPANESE: "ipaexg.ttf",
    FONT_JAPANESE_BOLD: "ipaexg.ttf",
}
_BOLD_FACES = {FONT_BOLD, FONT_JAPANESE_BOLD}
_JAPANESE_FACES = {FONT_JAPANESE, FONT_JAPANESE_BOLD}
_FONT_DIR = Path(__file__).resolve().parent / "fonts"

#: Kana, CJK punctuation and symbols, ideographs, and full- and half-width forms.
_JAPANESE = re.compile(
    "[\u2e80-\u2fdf\u3000-\u30ff\u31f0-\u31ff\u3200-\u33ff\u3400-\u4dbf"
    "\u4e00-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\U00020000-\U0003ffff]"
)
_TAG = re.compile(r"(<[^>]*>)")


@cache
def register_fonts() -> str:
    """Register the bundled fonts with ReportLab once; return the main family's name."""
    for name, filename in _FONT_FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(_FONT_DIR / filename)))
    pdfmetrics.registerFontFamily(
        FONT, normal=FONT, bold=FONT_BOLD, italic=FONT_ITALIC, boldItalic=FONT_BOLD
    )
    # IPAexGothic has one weight: <b> around Japanese prints its stroked copy, so bold shows
    # without a face that lacks the glyphs. Japanese sets no italics: <i> keeps it upright.
    STROKED_FONTS[FONT_JAPANESE] = FONT_JAPANESE_BOLD
    pdfmetrics.registerFontFamily(
        FONT_JAPANESE,
        normal=FONT_JAPANESE,
        bold=FONT_JAPANESE_BOLD,
        italic=FONT_JAPANESE,
        boldItalic=FONT_JAPANESE_BOLD,
    )
    pdfmetrics.registerFontFamily(
        FONT_JAPANESE_BOLD,
        normal=FONT_JAPANESE_BOLD,
        bold=FONT_JAPANESE_BOLD,
        italic=FONT_JAPANESE_BOLD,
        boldItalic=FONT_JAPANESE_BOLD,
    )
    return FONT


def has_glyph(font: str, char: str) -> bool:
    """Whether the registered TrueType `font` has a glyph for `char`."""
    register_fonts()
    return ord(char) in pdfmetrics.getFont(font).face.charToGlyph


def is_japanese(char: str) -> bool:
    """Whether `char` is kana, a CJK ideograph or CJK punctuation.

    >>> [is_japanese(c) for c in "さ漢。Łд"]
    [True, True, True, False, False]
    """
    return _JAPANESE.match(char) is not None


def has_japanese(text: str) -> bool:
    """Whether any character of `text` is Japanese."""
    return _JAPANESE.search(text) is not None


def font_for(char: str, font: str) -> str:
    """The font that prints `char` in text set in `font`: IPAexGothic for Japanese and for
    what `font` lacks but IPAexGothic has, else `font` itself."""
    if is_japanese(char) or (not has_glyph(font, char) and has_glyph(FONT_JAPANESE, char)):
        return FONT_JAPANESE_BOLD if font in _BOLD_FACES else FONT_JAPANESE
    return font


def missing_glyphs(text: str) -> set[str]:
    """The characters of `text` that would print as empty boxes, in regular, bold or italic.

    A paragraph picks the font by the regular face, so each face must have what that picks.

    >>> sorted(missing_glyphs("Zoë さくら \\ue000"))
    ['\\ue000']
    """
    missing = set()
    for char in set(text) - set(" \t\n\r"):
        faces = {font_for(char, FONT)}
        if FONT in faces:
            faces |= {FONT_BOLD, FONT_ITALIC}
        if not all(has_glyph(face, char) for face in faces):
            missing.add(char)
    return missing


def script_runs(text: str, font: str) -> list[tuple[str, str]]:
    """`text` cut into (font, run) pairs, each run printed in one font.

    >>> script_runs("さくら, Łucja", "DejaVuSans")
    [('IPAexGothic', 'さくら'), ('DejaVuSans', ', Łucja')]
    """
    runs: list[tuple[str, str]] = []
    for char in text:
        chosen = font_for(char, font)
        if runs and runs[-1][0] == chosen:
            runs[-1] = (chosen, runs[-1][1] + char)
        else:
            runs.append((chosen, char))
    return runs


def script_markup(markup: str, font: str = FONT) -> str:
    """Paragraph markup with each Japanese run wrapped in a `<font>` tag that prints it.

    Other runs keep the font the style and the surrounding tags give them; in a bold `font`,
    the Japanese runs are the stroked face.

    >>> script_markup("<b>ゆうき</b> &amp; Zoë")
    '<b><font name="IPAexGothic-Stroked">ゆうき</font></b> &amp; Zoë'
    """
    pieces = _TAG.split(markup)
    emphasis = 0  # how many <b> or <strong> are open here
    for i, piece in enumerate(pieces):
        if i % 2:
            emphasis += _emphasis_change(piece)
            continue
        face_of = FONT_BOLD if emphasis > 0 else font
        pieces[i] = "".join(
            f'<font name="{face}">{run}</font>' if face in _JAPANESE_FACES else run
            for face, run in script_runs(piece, face_of)
        )
    return "".join(pieces)


def _emphasis_change(tag: str) -> int:
    """+1 for a tag that opens bold text, -1 for one that closes it, else 0 (italics keep
    Japanese upright)."""
    match = re.fullmatch(r"<(/?)(b|strong)(\s[^>]*)?>", tag.lower())
    if match is None:
        return 0
    return -1 if match[1] else 1


def script_paragraph(markup: str, style: ParagraphStyle, **options: object) -> Paragraph:
    """A Paragraph of `markup` in every script, set by the kit's typesetting (kit.typeset):
    Japanese breaks between phrases by the kinsoku rules, other text hyphenates."""
    register_fonts()
    japanese = has_japanese(markup)
    if style.wordWrap not in (None, "CJK"):
        japanese = False
    typeset = typeset_style(style, current_language(), japanese=japanese)
    return TypesetParagraph(script_markup(markup, style.fontName), typeset, **options)


def text_width(text: str, font: str, size: float) -> float:
    """The width in points of `text` drawn with `draw_text` in `font` at `size`."""
    register_fonts()
    return sum(pdfmetrics.stringWidth(run, name, size) for name, run in script_runs(text, font))


def draw_text(
    canvas: Canvas, x: float, y: float, text: str, *, font: str, size: float, align: str = "left"
) -> None:
    """Draw `text` on the baseline y, run by run in the fonts that print it.

    `align` says where x is: at the 'left' end of the text, its 'centre' or its 'right' end.
    """
    offsets = {"left": 0.0, "centre": 0.5, "right": 1.0}
    x -= offsets[align] * text_width(text, font, size)
    for name, run in script_runs(text, font):
        if name in STROKED_FONTS.values():
            _draw_stroked(canvas, x, y, run, name, size)
        else:
            canvas.setFont(name, size)
            canvas.drawString(x, y, run)
        x += pdfmetrics.stringWidth(run, name, size)
    canvas.setFont(font, size)


def _draw_stroked(canvas: Canvas, x: float, y: float, text: str, font: str, size: float) -> None:
    """Japanese bold on the canvas: the one-weight face filled and outlined."""
    canvas.saveState()
    canvas.setStrokeColor(canvas._fillColorObj)  # the outline in the colour of the type
    line = StrokingTextObject(canvas, x, y)
    line.setFont(font, size)
    line.textOut(text)
    canvas.drawText(line)
    canvas.restoreState()
