"""Setting text on paper: where a line may break, in every language the kit prints.

Every paragraph of every document is made by `paragraph` here (`scripts.script_paragraph`
calls it). It breaks lines the way a typesetter would:

- Polish, Russian and English break between words, and inside a word only at a hyphenation
  point of Liang's patterns (the ones TeX and LibreOffice use, through `pyphen`), with a hyphen
  printed. A word is never cut anywhere else: ReportLab's `splitLongWords` is off, and a word
  that fits nowhere is recorded as an overflow (see `overflows`) for the document to give it
  more room, never a smaller font.
- Japanese breaks between the phrases BudouX finds, so a katakana word in a narrow cell stays
  whole, and follows the line-breaking rules of JIS X 4051 and the W3C's Requirements for
  Japanese Text Layout (kinsoku): no line starts with a closing bracket, a full stop or comma,
  a prolonged sound mark or small kana, none ends with an opening bracket. What may not start a
  line is pushed to the next line together with the character before it.
- Japanese has one weight in the kit (IPAexGothic); its bold is the same face drawn stroked
  (text render mode 2 with a thin outline), which `StrokingTextObject` switches on and off.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import Any

import budoux
import pyphen
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.textobject import PDFTextObject
from reportlab.platypus import Paragraph
from reportlab.platypus import paragraph as rl_paragraph

__all__ = [
    "CANNOT_END",
    "CANNOT_START",
    "STROKED_FONTS",
    "StrokingTextObject",
    "TypesetParagraph",
    "break_points",
    "hyphenate",
    "hyphenator",
    "overflows",
    "phrases",
    "record_overflow",
    "typeset_style",
    "unbroken_pieces",
]

#: What may not start a line (JIS X 4051 classes 2-7 and 11, JLReq cl-02..cl-07, cl-11):
#: closing brackets, hyphens, dividing and middle punctuation, full stops and commas,
#: iteration marks, the prolonged sound mark and small kana.
CANNOT_START = frozenset(
    ")]}）］｝〕〉》」』】〙〗〟’”｠»"
    "‐゠–〜～"
    "！？!?‼⁇⁈⁉"
    "・：；:;"
    "。.．、,，"
    "ヽヾゝゞ々〻ー"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
    "…‥"
)
#: What may not end a line (JLReq cl-01): opening brackets and quotes.
CANNOT_END = frozenset("([{（［｛〔〈《「『【〘〖〝‘“｟«")

#: The face each Japanese face is stroked into for bold, by name (registered in scripts).
STROKED_FONTS: dict[str, str] = {}
#: The outline drawn around stroked type, as a share of its size.
STROKE_SHARE = 0.035

_PYPHEN_LANGUAGE = {"en": "en_US", "pl": "pl_PL", "ru": "ru_RU"}
#: A word keeps at least this many letters before and after a hyphenation point.
_MIN_HEAD, _MIN_TAIL = 2, 2
_KATAKANA = re.compile("[\u30a0-\u30ff\u31f0-\u31ff]")
_JAPANESE = re.compile(
    "[\u2e80-\u2fdf\u3000-\u30ff\u31f0-\u31ff\u3200-\u33ff\u3400-\u4dbf"
    "\u4e00-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]"
)

#: How far past its box a line may reach before it counts as overflowing (ReportLab measures a
#: line of several coloured runs, such as red suit signs, a few points short; a word that does
#: not fit is far wider).
_OVERFLOW_SLACK = 4.0

#: A box narrower than this many characters breaks Japanese only between phrases.
_NARROW_EMS = 14
#: In a wider box a phrase break is taken unless it would leave the line less than this full
#: (a long phrase), when the line breaks between characters instead.
_FULL = 0.5

_overflows: ContextVar[list[str] | None] = ContextVar("typeset_overflows", default=None)


def _widen_reportlab_letters() -> None:
    """ReportLab hyphenates only words of the letters it knows, and its Cyrillic stops at я:
    any word with ё (отклонённые, счёт) would never be hyphenated. Its patterns are module
    globals read at each call, so widening them to all of Cyrillic is enough."""
    letters = rl_paragraph._hy_letters + "\u0400-\u04ff"
    rl_paragraph._hy_letters_pat = re.compile(f"^[{letters}]+$")
    rl_paragraph._hy_shy_letters_pat = re.compile(f"^[{rl_paragraph._hy_shy}{letters}]+$")


_widen_reportlab_letters()


@cache
def _dictionary(language: str) -> pyphen.Pyphen | None:
    name = _PYPHEN_LANGUAGE.get(language)
    return pyphen.Pyphen(lang=name, left=_MIN_HEAD, right=_MIN_TAIL) if name else None


def hyphenator(language: str) -> Callable[[str], Iterator[tuple[str, str]]] | None:
    """The (head, tail) splits of a word at its hyphenation points, longest head first, as
    ReportLab's paragraphs ask for them; None for a language not hyphenated (Japanese)."""
    dictionary = _dictionary(language)
    if dictionary is None:
        return None

    def splits(word: str) -> Iterator[tuple[str, str]]:
        # Liang's patterns are lower case; the split points hold for the word as written.
        for head, _tail in dictionary.iterate(word.lower()):
            yield word[: len(head)], word[len(head) :]

    return splits


def hyphenate(word: str, language: str) -> list[str]:
    """The pieces of `word` between its hyphenation points.

    >>> hyphenate("уверенность", "ru")
    ['уве', 'рен', 'ность']
    >>> hyphenate("Przewidywanie", "pl")
    ['Prze', 'wi', 'dy', 'wa', 'nie']
    """
    dictionary = _dictionary(language)
    if dictionary is None:
        return [word]
    return dictionary.inserted(word, hyphen="\u00ad").split("\u00ad")


@cache
def _parser() -> Any:
    return budoux.load_default_japanese_parser()


@cache
def phrases(text: str) -> tuple[str, ...]:
    """Japanese text cut into the phrases BudouX finds (a line may break between them).

    >>> phrases("ラウンドの得点")
    ('ラウンドの', '得点')
    """
    return tuple(_parser().parse(text)) if text else ()


def _japanese(char: str) -> bool:
    return _JAPANESE.match(char) is not None


def _word_char(char: str) -> bool:
    return not char.isspace() and not _japanese(char)


def _may_break(text: str, at: int) -> bool:
    """Whether the rules allow a break before text[at] at all (kinsoku, and never inside a
    Latin or Cyrillic word or a katakana word)."""
    before, after = text[at - 1], text[at]
    if after in CANNOT_START or before in CANNOT_END:
        return False
    if _word_char(before) and _word_char(after):
        return False
    return not (_KATAKANA.match(before) and _KATAKANA.match(after))


def break_points(text: str) -> tuple[set[int], set[int]]:
    """Where a line of `text` may break: (preferred, fallback) sets of indexes, each a break
    before that character. Preferred: after a space and between BudouX phrases; fallback:
    between any two characters the rules allow, for a phrase wider than its line.

    >>> sorted(break_points("「はい」と言う。")[0])
    [5]
    """
    preferred: set[int] = set()
    at = 0
    for phrase in phrases(text)[:-1]:
        at += len(phrase)
        preferred.add(at)
    for i in range(1, len(text)):
        if text[i - 1].isspace() and not text[i].isspace():
            preferred.add(i)
    fallback = {i for i in range(1, len(text)) if _may_break(text, i)}
    preferred = {i for i in preferred if 0 < i < len(text) and _allowed_after_spaces(text, i)}
    return preferred, fallback


def unbroken_pieces(text: str) -> tuple[str, ...]:
    """The pieces a line of Japanese `text` keeps whole when it can: what lies between its
    preferred break points, spaces left out. A box as wide as the widest holds the text
    without breaking a phrase.

    >>> unbroken_pieces("12 − 残りの枚数")
    ('12', '−', '残りの', '枚数')
    """
    preferred, _fallback = break_points(text)
    cuts = [0, *sorted(preferred), len(text)]
    found = (text[a:b].strip() for a, b in itertools.pairwise(cuts))
    return tuple(piece for chunk in found for piece in chunk.split() if piece)


def _allowed_after_spaces(text: str, at: int) -> bool:
    """The kinsoku rules for a break at `at`, looking past the spaces on either side."""
    before = text[:at].rstrip()
    after = text[at:].lstrip()
    if not before or not after:
        return False
    if after[0] in CANNOT_START or before[-1] in CANNOT_END:
        return False
    if text[at - 1].isspace() or text[at].isspace():
        return True
    return _may_break(text, at)


@contextmanager
def overflows() -> Iterator[list[str]]:
    """Within this block, each text too wide for its box even after every allowed break is
    listed in the list yielded (a word longer than its cell)."""
    found: list[str] = []
    token = _overflows.set(found)
    try:
        yield found
    finally:
        _overflows.reset(token)


def record_overflow(text: str) -> None:
    """Note, inside an `overflows` block, a text too wide for its box."""
    found = _overflows.get()
    if found is not None:
        found.append(text)


def typeset_style(style: ParagraphStyle, language: str, *, japanese: bool) -> ParagraphStyle:
    """`style` with the line breaking of `language`: hyphenation by Liang's patterns and no word
    split without a hyphen, or Japanese breaking."""
    if japanese:
        return ParagraphStyle(
            f"{style.name}-ja", parent=style, wordWrap="CJK", splitLongWords=0, hyphenationLang=""
        )
    return ParagraphStyle(
        f"{style.name}-{language}",
        parent=style,
        wordWrap=None,
        splitLongWords=0,
        hyphenationLang=hyphenator(language) or "",
        # 2, not 1: a word that cannot be hyphenated into the rest of a line is tried again at
        # the start of the next one (ReportLab's "hyphenation2"), rather than set there whole
        # and overflowing; it also lets a word break after a hyphen it already has.
        embeddedHyphenation=2,
        uriWasteReduce=0.3,
    )


class StrokingTextObject(PDFTextObject):  # type: ignore[misc, unused-ignore]  # untyped base
    """A text object that draws the stroked faces (Japanese bold) in text render mode 2, fill
    and outline, and every other face filled only."""

    _stroking = False

    def setFillColor(self, aColor: Any, alpha: float | None = None) -> None:
        """The fill colour, and the same colour for the outline of stroked type."""
        super().setFillColor(aColor, alpha)
        super().setStrokeColor(aColor, alpha)

    def _set_stroking(self, font: str, size: float) -> None:
        stroking = font in STROKED_FONTS.values()
        if stroking:
            self._code.append(f"2 Tr {size * STROKE_SHARE:.3f} w")
        elif self._stroking:
            self._code.append("0 Tr")
        self._stroking = stroking

    def _setFont(self, psfontname: str, size: float) -> None:  # ReportLab's name
        super()._setFont(psfontname, size)
        self._set_stroking(psfontname, size)

    def setFont(self, psfontname: str, size: float, leading: float | None = None) -> None:
        super().setFont(psfontname, size, leading)
        self._set_stroking(psfontname, size)


class TypesetParagraph(Paragraph):  # type: ignore[misc, unused-ignore]  # reportlab has no hints
    """A Paragraph whose Japanese lines break between phrases by the kinsoku rules, whose other
    lines break only between words or at hyphenation points, and which records what overflows."""

    def beginText(self, x: float, y: float) -> StrokingTextObject:  # ReportLab's
        return StrokingTextObject(self.canv, x, y)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        """Lay the lines out in `availWidth`; record any line wider than that."""
        size = super().wrap(availWidth, availHeight)
        widest = max(self.getActualLineWidths0(), default=0.0)
        if widest > availWidth + _OVERFLOW_SLACK:
            record_overflow(
                f"{self.getPlainText()[:60]!r} needs {widest:.0f} of {availWidth:.0f} pt"
            )
        return size

    def breakLinesCJK(self, maxWidths: float | Sequence[float]) -> Any:
        """Japanese lines broken between phrases and by the kinsoku rules."""
        widths: list[float] = (
            [float(w) for w in maxWidths] if isinstance(maxWidths, Sequence) else [maxWidths]
        )
        if hasattr(self, "blPara") and getattr(self, "_splitpara", False):
            return self.blPara
        self.height = 0
        rl_paragraph._handleBulletWidth(self.bulletText, self.style, widths)
        leading: str = getattr(self, "autoLeading", getattr(self.style, "autoLeading", ""))
        return _japanese_lines(self.frags, widths, leading not in ("", "off"))


def _japanese_lines(frags: Sequence[Any], widths: list[float], bounds: bool) -> Any:
    """The paragraph's frags set into lines at most `widths` wide (one width per line, the last
    repeating), breaking where `break_points` allows and preferring phrase boundaries."""
    glyphs: list[Any] = []
    for frag in frags:
        text = frag.text if isinstance(frag.text, str) else frag.text.decode("utf8")
        if text:
            glyphs += [rl_paragraph.cjkU(char, frag, "utf8") for char in text]
        else:
            glyphs.append(rl_paragraph.cjkU(text, frag, "utf8"))
    text = "".join(str(g) or "\n" for g in glyphs)
    preferred, fallback = break_points(text)
    lines: list[Any] = []
    start = 0
    while start < len(glyphs):
        width_for = widths[min(len(lines), len(widths) - 1)]
        end, hard = _line_end(glyphs, text, start, width_for, preferred, fallback)
        shown = glyphs[start:end]
        while shown and str(shown[-1]).isspace():
            shown.pop()
        used = sum(g.width for g in shown)
        if used > width_for + _OVERFLOW_SLACK:
            record_overflow(f"{''.join(shown)[:40]!r} needs {used:.0f} of {width_for:.0f} pt")
        lines.append(
            rl_paragraph.makeCJKParaLine(shown, width_for, used, width_for - used, hard, bounds)
        )
        start = end
        while start < len(glyphs) and str(glyphs[start]).isspace() and str(glyphs[start]):
            start += 1
    return rl_paragraph.ParaLines(kind=1, lines=lines)


def _line_end(
    glyphs: list[Any],
    text: str,
    start: int,
    width: float,
    preferred: set[int],
    fallback: set[int],
) -> tuple[int, bool]:
    """Where the line starting at `start` ends (exclusive), and whether at a forced break.

    In a narrow box the line ends between phrases, so that no word is cut; in a wide one, where
    a phrase break would leave much of the line empty, it ends between any two characters the
    rules allow, as Japanese text is set, except inside a katakana or Latin word."""
    used = 0.0
    reach = [0.0]  # the line's width up to each glyph
    narrow = width < _NARROW_EMS * max(
        (g.frag.fontSize for g in glyphs[start : start + 1]), default=9
    )
    for i in range(start, len(glyphs)):
        glyph = glyphs[i]
        if hasattr(glyph.frag, "lineBreak"):
            return i + 1, True
        used += glyph.width
        reach.append(used)
        if used > width + 0.01 and i > start and not str(glyph).isspace():
            phrase = max((b for b in preferred if start < b <= i), default=None)
            if phrase is not None and (narrow or reach[phrase - start] >= _FULL * width):
                return phrase, False
            for choices in (fallback, preferred):
                best = max((b for b in choices if start < b <= i), default=None)
                if best is not None:
                    return best, False
            # No break the rules allow: the box is too narrow for this word. Break here so
            # nothing prints outside the box, and report it for the box to be widened.
            record_overflow(f"{text[start : i + 1]!r} does not fit {width:.0f} pt")
            return i, False
    return len(glyphs), False
