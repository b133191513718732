"""The language a document is printed in, and its texts from the kit's catalogs.

A document builder is given a `language` and prints inside `speaking(language)`; every text
of the document goes through this module's `gettext` (imported as `_`, so the catalogs' extraction
finds it), which reads the catalog of the language being spoken. The language is held in a
context variable rather than passed down, so the helpers deep inside a document (a table header,
a footer callback) need no extra parameter, and two documents built at once in two threads each
keep their own language. English is the source: its texts are the message ids themselves.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from babel.core import Locale, UnknownLocaleError
from babel.numbers import format_decimal
from babel.support import NullTranslations, Translations

__all__ = [
    "LANGUAGES",
    "QUOTES",
    "TRANSLATIONS",
    "current_language",
    "gettext",
    "language_of",
    "local_number",
    "ngettext",
    "quote",
    "speaking",
    "translations",
]

#: The languages documents print in; English is the source, the others have catalogs.
LANGUAGES = ("en", "ja", "pl", "ru")
#: The kit's catalogs, shared with the web app (compiled by `make catalogs`).
TRANSLATIONS = Path(__file__).resolve().parents[2] / "classroom" / "translations"

#: Each language's opening and closing quotation marks.
QUOTES = {"en": ("“", "”"), "ja": ("「", "」"), "pl": ("„", "”"), "ru": ("«", "»")}

_spoken: ContextVar[str] = ContextVar("printables_language", default="en")


def language_of(tag: str | None) -> str:
    """The supported language of a locale tag such as 'pl_PL' or 'ja-JP'; English otherwise.

    >>> language_of("pl_PL"), language_of("ja-JP"), language_of("de"), language_of(None)
    ('pl', 'ja', 'en', 'en')
    """
    primary = (tag or "").replace("-", "_").split("_")[0].lower()
    return primary if primary in LANGUAGES else "en"


@cache
def translations(language: str) -> NullTranslations:
    """The compiled catalog of `language`; the English source texts when it has none."""
    primary = language_of(language)
    if primary == "en":
        return NullTranslations()
    return Translations.load(str(TRANSLATIONS), [primary])


@contextmanager
def speaking(language: str | None) -> Iterator[str]:
    """Within this block documents print in `language` (English when it is not supported)."""
    token = _spoken.set(language_of(language))
    try:
        yield _spoken.get()
    finally:
        _spoken.reset(token)


def current_language() -> str:
    """The language documents print in here ('en' outside any `speaking` block)."""
    return _spoken.get()


def gettext(message: str) -> str:
    """`message` in the language being spoken."""
    return translations(_spoken.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for `n`, in the language being spoken."""
    return translations(_spoken.get()).ngettext(singular, plural, n)


def _locale() -> Locale:
    try:
        return Locale.parse(_spoken.get())
    except (ValueError, UnknownLocaleError):
        return Locale.parse("en")


def local_number(number: float) -> str:
    """A number written as the language being spoken writes it (separators, minus sign)."""
    return format_decimal(number, locale=_locale())


def quote(text: str) -> str:
    """`text` in the quotation marks of the language being spoken.

    >>> with speaking("ru"):
    ...     quote("да")
    '«да»'
    """
    opening, closing = QUOTES[_spoken.get()]
    return f"{opening}{text}{closing}"
