"""Lesson plans' Markdown, read by markdown-it-py (CommonMark with pipe tables, raw HTML off)
into a small tree of blocks and inline spans that the PDF and the HTML renderers both draw.

>>> parse("# Plan\\n\\nSome *words*.")
(Heading(level=1, inline=(Text(text='Plan'),), anchor=''), Paragraph(inline=(Text(text='Some '), \
Emphasis(inline=(Text(text='words'),)), Text(text='.'))))
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeAlias

from markdown_it import MarkdownIt
from markdown_it.token import Token

__all__ = [
    "Block",
    "Code",
    "CodeBlock",
    "Emphasis",
    "Heading",
    "Inline",
    "LineBreak",
    "Link",
    "ListBlock",
    "Paragraph",
    "Quote",
    "Rule",
    "Span",
    "Strong",
    "TableBlock",
    "Text",
    "parse",
    "plain_text",
]

# Raw HTML is read as text, so a lesson can never put markup of its own into a page.
_MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")
_ANCHOR = re.compile(r"\s*\{#([a-z0-9]+(?:-[a-z0-9]+)*)\}\s*$")


@dataclass(frozen=True, slots=True)
class Text:
    """Plain text (a line break inside a paragraph is a space)."""

    text: str


@dataclass(frozen=True, slots=True)
class Code:
    """A `code` span: shown in the monospaced font, never marked up."""

    text: str


@dataclass(frozen=True, slots=True)
class Strong:
    """**Bold** text."""

    inline: Inline


@dataclass(frozen=True, slots=True)
class Emphasis:
    """*Italic* text."""

    inline: Inline


@dataclass(frozen=True, slots=True)
class Link:
    """A [link](address) to an address markdown-it accepts (no javascript: and the like)."""

    href: str
    inline: Inline


@dataclass(frozen=True, slots=True)
class LineBreak:
    """A hard line break (two spaces or a backslash at the end of a line)."""


Span: TypeAlias = Text | Code | Strong | Emphasis | Link | LineBreak
Inline: TypeAlias = tuple[Span, ...]


@dataclass(frozen=True, slots=True)
class Heading:
    """A heading, level 1 to 6; `anchor` is the name a trailing `{#name}` gives it.

    Anchors name a lesson's sections the same way in every language, so a page can link to a
    section and a test can find it without reading the words.
    """

    level: int
    inline: Inline
    anchor: str = ""


@dataclass(frozen=True, slots=True)
class Paragraph:
    """Running text."""

    inline: Inline


@dataclass(frozen=True, slots=True)
class Quote:
    """A block quote: text set apart, such as words to read aloud."""

    blocks: tuple[Block, ...]


@dataclass(frozen=True, slots=True)
class ListBlock:
    """A bullet list, or a numbered list counting from `start`; each item is a run of blocks."""

    ordered: bool
    items: tuple[tuple[Block, ...], ...]
    start: int = 1


@dataclass(frozen=True, slots=True)
class TableBlock:
    """A pipe table: the header cells, then the body rows (as long as the header)."""

    header: tuple[Inline, ...]
    rows: tuple[tuple[Inline, ...], ...]


@dataclass(frozen=True, slots=True)
class CodeBlock:
    """Indented or fenced lines, shown as they are."""

    text: str


@dataclass(frozen=True, slots=True)
class Rule:
    """A thematic break (---)."""


Block: TypeAlias = Heading | Paragraph | Quote | ListBlock | TableBlock | CodeBlock | Rule


#: A line break inside a paragraph of the source, until `_joined` decides what it prints as.
_SOFT_BREAK = "\u2028"
_CJK = re.compile("[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")


def parse(text: str) -> tuple[Block, ...]:
    """Read Markdown text into blocks, top to bottom."""
    blocks, _ = _blocks(_MARKDOWN.parse(text), 0, until="")
    return blocks


def plain_text(inline: Inline) -> str:
    """The words of inline content without their markup.

    >>> plain_text(parse("A **bold** `move`")[0].inline)
    'A bold move'
    """
    parts: list[str] = []
    for span in inline:
        if isinstance(span, Text | Code):
            parts.append(span.text)
        elif isinstance(span, LineBreak):
            parts.append(" ")
        else:
            parts.append(plain_text(span.inline))
    return "".join(parts)


def _blocks(tokens: Sequence[Token], i: int, *, until: str) -> tuple[tuple[Block, ...], int]:
    """The blocks from token i up to the closing token `until`; the index after that token."""
    blocks: list[Block] = []
    while i < len(tokens) and tokens[i].type != until:
        block, i = _block(tokens, i)
        if block is not None:
            blocks.append(block)
    return tuple(blocks), i + 1


def _block(tokens: Sequence[Token], i: int) -> tuple[Block | None, int]:
    token = tokens[i]
    kind = token.type
    if kind == "heading_open":
        inline, anchor = _anchored(_inline_of(tokens[i + 1]))
        return Heading(int(token.tag[1:]), inline, anchor), i + 3
    if kind == "paragraph_open":
        return Paragraph(_inline_of(tokens[i + 1])), i + 3
    if kind == "blockquote_open":
        blocks, i = _blocks(tokens, i + 1, until="blockquote_close")
        return Quote(blocks), i
    if kind in ("bullet_list_open", "ordered_list_open"):
        return _list(tokens, i)
    if kind == "table_open":
        return _table(tokens, i)
    if kind in ("code_block", "fence"):
        return CodeBlock(token.content.rstrip("\n")), i + 1
    if kind == "hr":
        return Rule(), i + 1
    return None, i + 1


def _anchored(inline: Inline) -> tuple[Inline, str]:
    """A heading's spans without a trailing `{#name}`, and that name ('' without one)."""
    last = inline[-1] if inline else None
    if not isinstance(last, Text) or (found := _ANCHOR.search(last.text)) is None:
        return inline, ""
    kept = last.text[: found.start()].rstrip()
    return (*inline[:-1], *((Text(kept),) if kept else ())), found.group(1)


def _list(tokens: Sequence[Token], i: int) -> tuple[ListBlock, int]:
    opening = tokens[i]
    items: list[tuple[Block, ...]] = []
    i += 1
    while tokens[i].type == "list_item_open":
        item, i = _blocks(tokens, i + 1, until="list_item_close")
        items.append(item)
    start = int(opening.attrGet("start") or 1)
    return ListBlock(opening.type == "ordered_list_open", tuple(items), start), i + 1


def _table(tokens: Sequence[Token], i: int) -> tuple[TableBlock, int]:
    rows: list[list[Inline]] = []
    while tokens[i].type != "table_close":
        if tokens[i].type == "tr_open":
            rows.append([])
        elif tokens[i].type == "inline":
            rows[-1].append(_inline_of(tokens[i]))
        i += 1
    header, *body = (tuple(row) for row in rows)
    return TableBlock(header, tuple(body)), i + 1


def _inline_of(token: Token) -> Inline:
    spans, _ = _spans(token.children or [], 0, until="")
    return spans


_WRAPPERS = {"strong_open": "strong_close", "em_open": "em_close", "link_open": "link_close"}


def _spans(tokens: Sequence[Token], i: int, *, until: str) -> tuple[Inline, int]:
    """The spans from token i up to the closing token `until`; the index after that token."""
    spans: list[Span] = []
    while i < len(tokens) and tokens[i].type != until:
        token = tokens[i]
        if token.type in _WRAPPERS:
            inner, i = _spans(tokens, i + 1, until=_WRAPPERS[token.type])
            spans.append(_wrapped(token, inner))
            continue
        spans.append(_leaf(token))
        i += 1
    return _joined(spans), i + 1


def _wrapped(opening: Token, inner: Inline) -> Span:
    if opening.type == "strong_open":
        return Strong(inner)
    if opening.type == "em_open":
        return Emphasis(inner)
    return Link(str(opening.attrGet("href") or ""), inner)


def _leaf(token: Token) -> Span:
    if token.type == "code_inline":
        return Code(token.content)
    if token.type == "softbreak":
        return Text(_SOFT_BREAK)
    if token.type == "hardbreak":
        return LineBreak()
    if token.type == "image":  # paper and lesson pages show the image's description
        return Text(plain_text(_inline_of(token)))
    return Text(token.content)


def _joined(spans: list[Span]) -> Inline:
    """Neighbouring pieces of text as one, so equal text reads into equal spans; each line
    break of the source a space, or nothing between two Japanese characters (Japanese puts no
    space between words)."""
    out: list[Span] = []
    for span in spans:
        if isinstance(span, Text) and out and isinstance(out[-1], Text):
            out[-1] = Text(out[-1].text + span.text)
        elif not (isinstance(span, Text) and not span.text):
            out.append(span)
    for i, span in enumerate(out):
        if isinstance(span, Text) and _SOFT_BREAK in span.text:
            before = plain_text(tuple(out[:i]))[-1:]
            after = plain_text(tuple(out[i + 1 :]))[:1]
            out[i] = Text(_unbroken(span.text, before, after))
    return tuple(out)


def _unbroken(text: str, before: str, after: str) -> str:
    """`text` with its soft line breaks dropped between Japanese characters, spaces elsewhere;
    `before` and `after` are the characters around it."""
    pieces = text.split(_SOFT_BREAK)
    out = pieces[0]
    for piece in pieces[1:]:
        left = out[-1:] or before
        right = piece[:1] or after
        out += ("" if _CJK.match(left) and _CJK.match(right) else " ") + piece
    return out
