"""A lesson's prose made ready for its language's paper: rule ids named by their titles, and
quotation marks as the language writes them."""

from __future__ import annotations

import re
from collections.abc import Mapping

from printables.kit.i18n import QUOTES
from printables.lessons import markdown as md

__all__ = ["localized", "quoted"]
_QUOTED = re.compile(r"[\"“„«]([^\"“”„«»]+)[\"”»]")
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
    (`titles` by id) reads as the rule's title, and quotes take the language's marks."""
    return tuple(_span(span, language, titles) for span in inline)


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
        return md.Emphasis(localized(span.inline, language, titles))
    if isinstance(span, md.Link):
        return md.Link(span.href, localized(span.inline, language, titles))
    return span
