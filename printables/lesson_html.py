"""Lesson plans as HTML for the app: the same Markdown subset the PDF reads (`minimark`), every
piece of text escaped. The page's <h1> is the lesson's title, so a '#' heading becomes <h2>,
like the lessons' own '##' sections.

>>> print(lesson_html("# Plan\\n\\nAsk **why** & `x < 3`, with 7♥."))
<h2>Plan</h2>
<p>Ask <strong>why</strong> &amp; <code>x &lt; 3</code>, with 7<span class="suit-red">♥</span>.</p>
"""

from __future__ import annotations

from html import escape

from printables import minimark
from printables.minimark import _BOLD, _CODE, _ITALIC, _RED_SUITS

__all__ = ["block_html", "inline_html", "lesson_html"]


def inline_html(text: str) -> str:
    """HTML for Markdown inline text: **bold**, *italic*, `code`, red suit glyphs; all escaped."""
    out: list[str] = []
    for n, piece in enumerate(_CODE.split(text)):
        if n % 2:
            out.append(f"<code>{escape(piece)}</code>")
            continue
        marked = _BOLD.sub(r"<strong>\1</strong>", escape(piece, quote=False))
        marked = _ITALIC.sub(r"<em>\1</em>", marked)
        out.append(_RED_SUITS.sub(r'<span class="suit-red">\g<0></span>', marked))
    return "".join(out)


def _table_html(block: minimark.TableBlock) -> str:
    head = "".join(f'<th scope="col">{inline_html(cell)}</th>' for cell in block.header)
    rows = "".join(
        "<tr>" + "".join(f"<td>{inline_html(cell)}</td>" for cell in row) + "</tr>"
        for row in block.rows
    )
    table = f'<table class="lesson-table"><thead><tr>{head}</tr></thead>'
    return f"{table}<tbody>{rows}</tbody></table>"


def block_html(block: minimark.Block) -> str:
    """One block as an HTML element."""
    if isinstance(block, minimark.Heading):
        level = max(block.level, 2)
        return f"<h{level}>{inline_html(block.text)}</h{level}>"
    if isinstance(block, minimark.Paragraph):
        return f"<p>{inline_html(block.text)}</p>"
    if isinstance(block, minimark.Quote):
        return f"<blockquote><p>{inline_html(block.text)}</p></blockquote>"
    if isinstance(block, minimark.ListBlock):
        tag = "ol" if block.ordered else "ul"
        items = "".join(f"<li>{inline_html(item)}</li>" for item in block.items)
        return f"<{tag}>{items}</{tag}>"
    return _table_html(block)


def lesson_html(body: str) -> str:
    """A lesson's Markdown body as HTML, one block a line."""
    return "\n".join(block_html(block) for block in minimark.parse(body))
