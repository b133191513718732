"""Lesson plans as HTML for the app, from the same blocks the PDF draws (`lesson_markdown`),
every piece of text escaped. The page's <h1> is the lesson's title, so a '#' heading becomes
<h2>, like the lessons' own '##' sections; a heading's anchor is its id, for links to a section.

>>> print(lesson_html("# Plan\\n\\nAsk **why** & `x < 3`, with 7♥."))
<h2>Plan</h2>
<p>Ask <strong>why</strong> &amp; <code>x &lt; 3</code>, with 7<span class="suit-red">♥</span>.</p>
"""

from __future__ import annotations

import re
from html import escape

from printables.lessons import markdown as md

__all__ = ["block_html", "inline_html", "lesson_html"]

_RED_SUITS = re.compile("[♥♦]")


def inline_html(inline: md.Inline) -> str:
    """HTML for inline spans: bold, italic, code, links, red suit glyphs; all text escaped."""
    return "".join(_span_html(span) for span in inline)


def _span_html(span: md.Span) -> str:
    if isinstance(span, md.Text):
        return _RED_SUITS.sub(
            r'<span class="suit-red">\g<0></span>', escape(span.text, quote=False)
        )
    if isinstance(span, md.Code):
        return f"<code>{escape(span.text)}</code>"
    if isinstance(span, md.Strong):
        return f"<strong>{inline_html(span.inline)}</strong>"
    if isinstance(span, md.Emphasis):
        return f"<em>{inline_html(span.inline)}</em>"
    if isinstance(span, md.Link):
        return f'<a href="{escape(span.href)}">{inline_html(span.inline)}</a>'
    return "<br>"


def _table_html(block: md.TableBlock) -> str:
    head = "".join(f'<th scope="col">{inline_html(cell)}</th>' for cell in block.header)
    rows = "".join(
        "<tr>" + "".join(f"<td>{inline_html(cell)}</td>" for cell in row) + "</tr>"
        for row in block.rows
    )
    table = f'<table class="lesson-table"><thead><tr>{head}</tr></thead>'
    return f"{table}<tbody>{rows}</tbody></table>"


def _list_html(block: md.ListBlock) -> str:
    tag = "ol" if block.ordered else "ul"
    start = f' start="{block.start}"' if block.ordered and block.start != 1 else ""
    items = "".join(f"<li>{_item_html(item)}</li>" for item in block.items)
    return f"<{tag}{start}>{items}</{tag}>"


def _item_html(blocks: tuple[md.Block, ...]) -> str:
    # An item of one paragraph is written without <p>, as markdown-it does for a tight list.
    if len(blocks) == 1 and isinstance(blocks[0], md.Paragraph):
        return inline_html(blocks[0].inline)
    return "".join(block_html(block) for block in blocks)


def block_html(block: md.Block) -> str:
    """One block as an HTML element."""
    if isinstance(block, md.Heading):
        level = min(max(block.level, 2), 6)
        name = f' id="{block.anchor}"' if block.anchor else ""
        return f"<h{level}{name}>{inline_html(block.inline)}</h{level}>"
    if isinstance(block, md.Paragraph):
        return f"<p>{inline_html(block.inline)}</p>"
    if isinstance(block, md.Quote):
        return f"<blockquote>{''.join(block_html(b) for b in block.blocks)}</blockquote>"
    if isinstance(block, md.ListBlock):
        return _list_html(block)
    if isinstance(block, md.TableBlock):
        return _table_html(block)
    if isinstance(block, md.CodeBlock):
        return f"<pre><code>{escape(block.text)}</code></pre>"
    return "<hr>"


def lesson_html(body: str) -> str:
    """A lesson's Markdown body as HTML, one block a line."""
    return "\n".join(block_html(block) for block in md.parse(body))
