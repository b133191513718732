"""Proofreading a printed PDF the way a teacher would, for the typography tests. No tests here.

Every text operation of a page is read back with pypdf's visitor: its text, its font and its
size as printed (the font size times the scale of the text and graphics matrices). Pieces up to
a line end make a line, in the order the page draws them, so a paragraph's lines follow each
other. The checks:

- `split_words`: a line whose last fragment and the next line's first fragment join into a
  known word, with no hyphen at the end of the first: a word split without a hyphen.
- `kinsoku_breaks`: a Japanese line that starts with a mark that may not start a line (。、）」
  ー, small kana...), ends with one that may not end it (（「『), or splits a katakana word.
- `small_text`: text printed under a size floor.
- `english_words`: a Latin word on a ja/pl/ru page that is English and not allowed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from io import BytesIO

from babel.messages.pofile import read_po
from pypdf import PdfReader

from classroom.core.rules.library import load_library
from printables.kit.i18n import TRANSLATIONS
from printables.kit.typeset import CANNOT_END, CANNOT_START
from printables.lessons.library import lesson_folder

__all__ = [
    "Line",
    "english_words",
    "kinsoku_breaks",
    "known_words",
    "lines_of",
    "small_text",
    "split_words",
]

_KATAKANA = re.compile("[\u30a1-\u30fa\u30fc]")
_WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")
_LATIN_WORD = re.compile(r"(?<!\w)[A-Za-z]{2,}(?!\w)")
_URL = re.compile(r"\S+://\S+")
_CITATION = re.compile(r"\((19|20)\d\d\)")
_EDGE_PUNCTUATION = "()[]{}«»„”“\"'‘’.,;:!?…–—/·*"


@dataclass(frozen=True, slots=True)
class Line:
    """One printed line: its text, the page it is on, where it starts (its baseline's y), its
    smallest size, and the faces it is set in (code in the rule language is in a Mono face)."""

    text: str
    page: int
    y: float
    size: float
    font: str

    def follows(self, previous: Line) -> bool:
        """Whether this line is the next line of the same paragraph as `previous`: on the same
        page, at the same size, one line's leading lower."""
        drop = previous.y - self.y
        same_size = abs(self.size - previous.size) < 0.1
        return self.page == previous.page and same_size and 0.8 * self.size < drop < 2 * self.size


def _times(tm: list[float], cm: list[float]) -> list[float]:
    a, b, c, d, e, f = tm
    ca, cb, cc, cd, ce, cf = cm
    return [
        a * ca + b * cc,
        a * cb + b * cd,
        c * ca + d * cc,
        c * cb + d * cd,
        e * ca + f * cc + ce,
        e * cb + f * cd + cf,
    ]


class _PageReader:
    """Collects a page's text pieces (text, printed size, face, y) as pypdf visits them."""

    def __init__(self) -> None:
        self.pieces: list[tuple[str, float, str, float]] = []

    def visit(self, text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if not text:
            return
        m = _times(tm, cm)
        scale = abs(m[0] * m[3] - m[1] * m[2]) ** 0.5
        name = str(font.get("/BaseFont", "")) if isinstance(font, dict) else ""
        for i, part in enumerate(text.split("\n")):
            if i:
                self.pieces.append(("\n", 0.0, "", 0.0))
            if part:
                self.pieces.append((part, size * scale, name, m[5]))

    def lines(self, page: int) -> list[Line]:
        found: list[Line] = []
        current: list[tuple[str, float, str, float]] = []
        for piece in [*self.pieces, ("\n", 0.0, "", 0.0)]:
            if piece[0] != "\n":
                current.append(piece)
                continue
            printed = [p for p in current if p[0].strip()]
            if printed:
                text = "".join(p[0] for p in current)
                size = min(p[1] for p in printed)
                fonts = ",".join(sorted({p[2] for p in printed}))
                line = Line(text, page, printed[0][3], size, fonts)
                # Runs drawn one by one on one baseline (a change of script) are one line.
                if found and abs(found[-1].y - line.y) < 0.5:
                    last = found.pop()
                    line = Line(
                        last.text + text,
                        page,
                        last.y,
                        min(last.size, size),
                        ",".join(sorted({*last.font.split(","), *fonts.split(",")})),
                    )
                found.append(line)
            current = []
        return found


def lines_of(pdf: bytes) -> list[Line]:
    """Every printed line of the document, page by page in drawing order."""
    lines: list[Line] = []
    for number, page in enumerate(PdfReader(BytesIO(pdf)).pages, start=1):
        reading = _PageReader()
        page.extract_text(visitor_text=reading.visit)
        lines += reading.lines(number)
    return lines


def _bare(fragment: str) -> str:
    return fragment.strip(_EDGE_PUNCTUATION + " \u00ad").lower()


def split_words(
    lines: Iterable[Line], words: set[str], pairs: frozenset[str] = frozenset()
) -> list[str]:
    """Each pair of following lines that split a known word with no hyphen, as 'head|tail'
    (unless the two are written apart in the texts too: `pairs`, "word word")."""
    found = []
    previous: Line | None = None
    for line in lines:
        if previous is not None and line.follows(previous):
            before, after = previous.text.rstrip(), line.text.lstrip()
            if before and after and not before.endswith(("-", "\u00ad", "‐")):
                head = _bare(before.split()[-1])
                tail = _bare(after.split()[0])
                joined = head + tail
                # A word keeps its case across a break: "TAK" and "i" are two words.
                shouted = before.split()[-1].isupper() and not after.split()[0].isupper()
                # "то | же" are two words in the text itself ("то же"), "тоже" another word.
                apart = f"{head} {tail}".lower() in pairs
                if (
                    head
                    and tail
                    and joined in words
                    and tail not in words
                    and not shouted
                    and not apart
                ):
                    found.append(f"{before.split()[-1]}|{after.split()[0]}")
        previous = line
    return found


def kinsoku_breaks(lines: Iterable[Line]) -> list[str]:
    """Each Japanese line break against the rules: a line that starts with what may not start a
    line or ends with what may not end one, and a katakana word split over two lines."""
    found = []
    previous: Line | None = None
    for line in lines:
        text = line.text.strip()
        if "Mono" in line.font:  # code in the rule language breaks as code does
            previous = line
            continue
        if text[0] in CANNOT_START:
            found.append(f"starts with {text[0]}: {text}")
        if text[-1] in CANNOT_END:
            found.append(f"ends with {text[-1]}: {text}")
        if previous is not None and line.follows(previous):
            before = previous.text.rstrip()
            if _KATAKANA.match(before[-1:]) and _KATAKANA.match(text[0]):
                found.append(f"katakana split: {before[-6:]}|{text[:6]}")
        previous = line
    return found


def small_text(lines: Iterable[Line], floor: float) -> list[str]:
    """Each line printed under `floor` points, with its size."""
    return [
        f"{line.size:.1f} pt: {line.text.strip()[:40]}"
        for line in lines
        if line.size < floor - 0.01
    ]


def english_words(lines: Iterable[Line], english: set[str], allowed: set[str]) -> list[str]:
    """Each English word (one of `english`, not in `allowed`) printed outside code and outside
    a citation of an English source (a line with a year in brackets: "Gardner, M. (1959).")."""
    found = []
    citation: Line | None = None
    carried = ""
    for line in lines:
        if _CITATION.search(line.text) or (citation is not None and line.follows(citation)):
            citation = line
            continue
        citation = None
        if "Mono" in line.font:
            carried = ""
            continue
        words = _LATIN_WORD.findall(_URL.sub("", line.text))
        if carried and words and line.text.lstrip().startswith(words[0]):
            words[0] = carried + words[0]  # the rest of a word hyphenated at the line's end
        carried = ""
        if words and line.text.rstrip().endswith(("-", "\u00ad")):
            carried, words = words[-1], words[:-1]  # "ideal-" is the start of "idealny"
        for word in words:
            if word.lower() in english and word not in allowed and word.lower() not in allowed:
                found.append(f"{word}: {line.text.strip()[:50]}")
    return found


@cache
def _catalog_texts(language: str) -> tuple[str, ...]:
    """The catalog's texts in `language`: the translations, or for English the message ids."""
    path = TRANSLATIONS / ("pl" if language == "en" else language) / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as source:
        catalog = read_po(source, locale="pl" if language == "en" else language)
    texts: list[str] = []
    for message in catalog:
        texts_of = message.id if language == "en" else message.string
        texts += [str(t) for t in (texts_of if isinstance(texts_of, tuple) else (texts_of,)) if t]
    return tuple(texts)


@cache
def _texts(language: str) -> tuple[str, ...]:
    """What documents in `language` print: the catalogs', the lesson plans' and the rule
    library's texts."""
    texts = list(_catalog_texts(language))
    folder, _language = lesson_folder(language)
    texts += [path.read_text(encoding="utf-8") for path in sorted(folder.glob("*.md"))]
    for rule in load_library():
        texts += [rule.title_in(language), rule.text_in(language)]
    return tuple(texts)


@cache
def known_words(language: str) -> frozenset[str]:
    """The words a document in `language` may print (longer than two letters)."""
    words = {w.lower() for text in _texts(language) for w in _WORD.findall(text)}
    return frozenset(w for w in words if len(w) > 2)


@cache
def known_pairs(language: str) -> frozenset[str]:
    """Two words written one after the other in those texts ("то же"), in lower case."""
    pairs = set()
    for text in _texts(language):
        for first, second in re.findall(r"([^\W\d_]+)[ \u00a0]+(?=([^\W\d_]+))", text):
            pairs.add(f"{first} {second}".lower())
    return frozenset(pairs)
