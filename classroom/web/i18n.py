"""Which language a page speaks.

In order: the reader's own choice (the language switch on every page, kept in a cookie, so a
student who switched their tablet keeps it); then what the page is about (a class's language on
its tablets, projector and debrief; the teacher's own language on the teacher's pages), which a
view sets with `speak`; then the browser's preferred languages; English last.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask, Response, g, request

__all__ = ["LANGUAGES", "LANGUAGE_NAMES", "choose_language", "init_app", "speak"]

#: English is the source language; the others have catalogs in classroom/translations.
LANGUAGES = ("en", "ja", "pl", "ru")
#: Each language named in itself, for the switch.
LANGUAGE_NAMES = {"en": "English", "ja": "日本語", "pl": "Polski", "ru": "Русский"}
COOKIE = "lang"
COOKIE_SECONDS = 365 * 24 * 60 * 60
TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"


def choose_language(
    chosen: str | None, page: str | None, accepted: list[tuple[str, float]]
) -> str:
    """The language for a reader who `chosen` one (or not), on a page about something that
    speaks `page` (or nothing in particular), whose browser accepts `accepted` (with weights).

    >>> choose_language(None, None, [("pl-PL", 1.0), ("en", 0.5)])
    'pl'
    >>> choose_language("ru", "ja", [("pl", 1.0)])
    'ru'
    >>> choose_language("xx", "ja", [("pl", 1.0)])
    'ja'
    >>> choose_language(None, None, [("de", 1.0)])
    'en'
    """
    for candidate in (chosen, page):
        if candidate in LANGUAGES:
            return candidate
    for tag, _quality in sorted(accepted, key=lambda pair: -pair[1]):
        primary = tag.split("-")[0].split("_")[0].lower()
        if primary in LANGUAGES:
            return primary
    return LANGUAGES[0]


def speak(language: str | None) -> None:
    """This page is about something in `language` (a class's, a teacher's)."""
    g.page_language = language


def select_locale() -> str:
    """Flask-Babel's locale for this request."""
    asked = request.args.get(COOKIE) or request.cookies.get(COOKIE)
    accepted = [(tag, quality) for tag, quality in request.accept_languages]
    return choose_language(asked, g.get("page_language"), accepted)


def _remember_choice(response: Response) -> Response:
    """A language picked with ?lang= is kept for the next pages of this browser."""
    asked = request.args.get(COOKIE)
    if asked in LANGUAGES and request.cookies.get(COOKIE) != asked:
        response.set_cookie(COOKIE, asked, max_age=COOKIE_SECONDS, samesite="Lax", httponly=True)
    return response


def init_app(app: Flask) -> None:
    """Catalogs from classroom/translations; the cookie kept after a switch."""
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))
    app.after_request(_remember_choice)
    app.jinja_env.globals["LANGUAGE_NAMES"] = LANGUAGE_NAMES
