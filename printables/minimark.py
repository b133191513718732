"""The small Markdown subset the lesson plans use, read into blocks for the PDF renderer.

Headings (#, ##, ###), paragraphs, bullet lists (- or *), numbered lists (1.), pipe tables,
block quotes (>), and inline **bold**, *italic* and `code`. Anything else is paragraph text.

>>> parse("# Plan\\n\\nSome *words*.\\n\\n- one\\n- two")[1:]
(Paragraph(text='Some *words*.'), ListBlock(ordered=False, items=('one', 'two')))
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypeAlias
from xml.sax.saxutils import escape

__all__ = [
    "Block",
    "Heading",
    "ListBlock",
    "Paragraph",
    "Quote",
    "TableBlock",
    "inline_markup",
    "parse",
]


@dataclass(frozen=True, slots=True)
class Heading:
    """A heading of level 1 to 3."""

    level: int
    text: str


@dataclass(frozen=True, slots=True)
class Paragraph:
    """Running text; its lines joined by spaces."""

    text: str


@dataclass(frozen=True, slots=True)
class Quote:
    """A block quote: text set apart, such as words to read aloud."""

    text: str


@dataclass(frozen=True, slots=True)
class ListBlock:
    """A bullet list or a numbered list, one string per item."""

    ordered: bool
    items: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TableBlock:
    """A pipe table: the header cells, then the body rows."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


Block: TypeAlias = Heading | Paragraph | Quote | ListBlock | TableBlock

_HEADING = re.compile(r"^(#{1,3})\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^\s*[-*]\s+(.*)$")
_NUMBER = re.compile(r"^\s*\d+[.)]\s+(.*)$")
_TABLE_RULE = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$")


def parse(text: str) -> tuple[Block, ...]:
    """Read Markdown text into blocks, top to bottom."""
    blocks: list[Block] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
        elif match := _HEADING.match(line):
            blocks.append(Heading(len(match.group(1)), match.group(2)))
            i += 1
        elif _BULLET.match(line) or _NUMBER.match(line):
            block, i = _read_list(lines, i)
            blocks.append(block)
        elif line.lstrip().startswith("|"):
            table, i = _read_table(lines, i)
            blocks.append(table)
        elif line.lstrip().startswith(">"):
            quote, i = _read_quote(lines, i)
            blocks.append(quote)
        else:
            paragraph, i = _read_paragraph(lines, i)
            blocks.append(paragraph)
    return tuple(blocks)


def _starts_block(line: str) -> bool:
    stripped = line.lstrip()
    return bool(
        not stripped
        or _HEADING.match(line)
        or _BULLET.match(line)
        or _NUMBER.match(line)
        or stripped.startswith(("|", ">"))
    )


def _read_paragraph(lines: list[str], i: int) -> tuple[Paragraph, int]:
    parts = [lines[i].strip()]
    i += 1
    while i < len(lines) and not _starts_block(lines[i]):
        parts.append(lines[i].strip())
        i += 1
    return Paragraph(" ".join(parts)), i


def _read_quote(lines: list[str], i: int) -> tuple[Quote, int]:
    parts: list[str] = []
    while i < len(lines) and lines[i].lstrip().startswith(">"):
        parts.append(lines[i].lstrip()[1:].strip())
        i += 1
    return Quote(" ".join(p for p in parts if p)), i


def _read_list(lines: list[str], i: int) -> tuple[ListBlock, int]:
    pattern = _NUMBER if _NUMBER.match(lines[i]) else _BULLET
    items: list[str] = []
    while i < len(lines):
        match = pattern.match(lines[i])
        if match:
            items.append(match.group(1).strip())
        elif lines[i].startswith((" ", "\t")) and lines[i].strip() and items:
            items[-1] += " " + lines[i].strip()
        else:
            break
        i += 1
    return ListBlock(pattern is _NUMBER, tuple(items)), i


def _cells(line: str) -> tuple[str, ...]:
    return tuple(cell.strip() for cell in line.strip().strip("|").split("|"))


def _read_table(lines: list[str], i: int) -> tuple[TableBlock, int]:
    header = _cells(lines[i])
    i += 1
    if i < len(lines) and _TABLE_RULE.match(lines[i].strip()):
        i += 1
    rows: list[tuple[str, ...]] = []
    while i < len(lines) and lines[i].lstrip().startswith("|"):
        row = _cells(lines[i])
        rows.append((row + ("",) * len(header))[: len(header)])
        i += 1
    return TableBlock(header, tuple(rows)), i


_CODE = re.compile(r"`([^`]+)`")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_RED_SUITS = re.compile("[♥♦]")
_ITALIC = re.compile(r"(?<![\w*])[*_](?![\s*])(.+?)(?<![\s*])[*_](?![\w*])")


def inline_markup(text: str, *, code_font: str, code_back: str = "#ececec", red: str = "") -> str:
    """ReportLab paragraph markup for Markdown inline text; everything else is escaped.

    With `red`, the glyphs ♥ and ♦ are printed in that colour, as on the cards.

    >>> inline_markup("**Ask** *why* & `x < 3`", code_font="F")
    '<b>Ask</b> <i>why</i> &amp; <font face="F" backColor="#ececec">x &lt; 3</font>'
    """
    pieces = _CODE.split(text)
    out: list[str] = []
    for n, piece in enumerate(pieces):
        if n % 2:
            out.append(f'<font face="{code_font}" backColor="{code_back}">{escape(piece)}</font>')
            continue
        marked = _ITALIC.sub(r"<i>\1</i>", _BOLD.sub(r"<b>\1</b>", escape(piece)))
        if red:
            marked = _RED_SUITS.sub(rf'<font color="{red}">\g<0></font>', marked)
        out.append(marked)
    return "".join(out)
