"""A lesson's prose made ready for its language's paper: rule ids named by their titles, and
quotation marks as the language writes them."""

from __future__ import annotations

import re
from collections.abc import Mapping

from printables.kit.i18n import QUOTES
from printables.lessons import markdown as md

__all__ = ["localized", "quoted"]
_QUOTED = re.compile(r"[\"“„«]([^\"“”„«»]+)[\"”»]")
_CJK = re.compile("[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")
_RULE_ID = re.compile(r"\b[a-z]+(?:-[a-z]+)+\b")


def quoted(text: str, language: str) -> str:
    """`text` with each quotation in the language's own marks.

    >>> quoted('Say "yes" or "no".', "ja")
    'Say 「yes」 or 「no」.'
    """
    opening, closing = QUOTES.get(language, QUOTES["en"])
    return _QUOTED.sub(lambda m: f"{opening}{m[1]}{closing}", text)


def localized(inline: md.Inline, language: str, titles: Mapping[str, str]) -> md.Inline:
    """`inline` in `language`'s words: in a translated lesson each rule id of the library
    (`titles` by id) reads as the rule's title, and quotes take the language's marks. In
    Japanese the spaces that set an English id apart go with it ("は **id** を" reads
    "は**title**を")."""
    spans = [_span(span, language, titles) for span in inline]
    if language == "ja":
        spans = _tight(spans)
    return tuple(spans)


def _tight(spans: list[md.Span]) -> list[md.Span]:
    """Text spans without the spaces between them and a Japanese neighbour."""
    out = list(spans)
    for i, span in enumerate(out):
        if not isinstance(span, md.Text):
            continue
        text = span.text
        before = md.plain_text(tuple(out[:i]))[-1:]
        after = md.plain_text(tuple(out[i + 1 :]))[:1]
        if text.endswith(" ") and _CJK.match(after) and _CJK.match(text.rstrip()[-1:] or before):
            text = text.rstrip()
        if text.startswith(" ") and _CJK.match(before) and _CJK.match(text.lstrip()[:1] or after):
            text = text.lstrip()
        out[i] = md.Text(text)
    return out


def _named(text: str, language: str, titles: Mapping[str, str]) -> str:
    if language == "en":
        return text
    return _RULE_ID.sub(lambda m: titles.get(m[0], m[0]), text)


def _span(span: md.Span, language: str, titles: Mapping[str, str]) -> md.Span:
    if isinstance(span, md.Text):
        return md.Text(quoted(_named(span.text, language, titles), language))
    if isinstance(span, md.Code):
        named = _named(span.text, language, titles)
        return md.Text(named) if named != span.text else span
    if isinstance(span, md.Strong):
        return md.Strong(localized(span.inline, language, titles))
    if isinstance(span, md.Emphasis):
        inner = localized(span.inline, language, titles)
        # Japanese has no italics: its emphasis is set bold (the stroked face).
        return md.Strong(inner) if language == "ja" else md.Emphasis(inner)
    if isinstance(span, md.Link):
        return md.Link(span.href, localized(span.inline, language, titles))
    return span
