"""Which language a page speaks.

In order: the reader's own choice (the language switch on every page, kept in a cookie, so a
student who switched their tablet keeps it); then what the page is about (a class's language on
its tablets, projector, debrief and printouts; the teacher's own language on the teacher's
pages), found once per request from the request itself or set by a view with `speak`; then the
browser's preferred languages; English last.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from flask import (
    Flask,
    Response,
    g,
    has_app_context,
    has_request_context,
    request,
    session,
    url_for,
)

from classroom.usecases import ServiceError, StoreUnavailable
from classroom.usecases.preferences import Preferences
from classroom.web.auth import current_teacher_id
from classroom.web.context import use_cases
from classroom.web.rooms import PLAY, TEACH

__all__ = [
    "COOKIE",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "account_language",
    "choose_language",
    "init_app",
    "language_url",
    "page_language",
    "speak",
]

#: English is the source language; the others have catalogs in classroom/translations.
LANGUAGES = ("en", "ja", "pl", "ru")
#: Each language named in itself, for the switch.
LANGUAGE_NAMES = {"en": "English", "ja": "日本語", "pl": "Polski", "ru": "Русский"}
COOKIE = "lang"
COOKIE_SECONDS = 365 * 24 * 60 * 60
TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"


def choose_language(chosen: str | None, page: str | None, accepted: list[tuple[str, float]]) -> str:
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


def page_language() -> str | None:
    """The language of what this request is about (None: nothing in particular), looked up
    once per request; an unknown class, seat or link is nothing in particular."""
    if "page_language" not in g:
        try:
            g.page_language = _about_this_request(use_cases().preferences)
        except (ServiceError, StoreUnavailable):
            # Unknown, or the database restarting: the reader's own language will do.
            g.page_language = None
    language: str | None = g.page_language
    return language


#: What a page is about, by endpoint: its class's language, from its URL or the tablet's seat.
_CLASS_PAGES: dict[str, Callable[[Preferences, Mapping[str, Any]], str | None]] = {
    "teacher.group_debrief": lambda p, args: p.group_language(args["group_id"]),
    "projector.show": lambda p, args: p.projector_language(args["token"]),
    "student.play": lambda p, _args: p.seat_language(_seat_token()),
    "student.join": lambda p, _args: p.join_code_language(request.values.get("code", "")),
    "student.take_seat": lambda p, _args: p.join_code_language(request.values.get("code", "")),
}


def _about_this_request(preferences: Preferences) -> str | None:
    namespace = getattr(request, "namespace", None)
    if namespace is not None:  # a Socket.IO handler, in the request context of its socket
        return _about_this_socket(preferences, namespace)
    endpoint, arguments = request.endpoint or "", request.view_args or {}
    if endpoint in _CLASS_PAGES:
        return _CLASS_PAGES[endpoint](preferences, arguments)
    if request.blueprint == "printing":
        # A class's own documents speak its language; the rest, the teacher's.
        if "class_id" in arguments:
            return preferences.class_language(arguments["class_id"])
        if "group_id" in arguments:
            return preferences.group_language(arguments["group_id"])
    if request.blueprint in ("teacher", "printing"):
        return _teachers_language(preferences)
    return None


def _about_this_socket(preferences: Preferences, namespace: str) -> str | None:
    if namespace == PLAY:
        return preferences.seat_language(_seat_token())
    if namespace == TEACH:
        return _teachers_language(preferences)
    return None


def _seat_token() -> str:
    token = session.get("play_token", "")
    return token if isinstance(token, str) else ""


def _teachers_language(preferences: Preferences) -> str | None:
    if "account_language" not in g:
        teacher_id = current_teacher_id()
        try:
            g.account_language = (
                preferences.teacher_language(teacher_id) if teacher_id is not None else None
            )
        except StoreUnavailable:
            g.account_language = None  # the database restarting: the browser's language
    language: str | None = g.account_language
    return language


def account_language() -> str | None:
    """The logged-in teacher's own language (None: none chosen, or nobody logged in)."""
    return _teachers_language(use_cases().preferences)


def select_locale() -> str:
    """Flask-Babel's locale for this request (outside one, as a background task or a timer
    pushing to tablets: the language set with `speak`, else English)."""
    if not has_request_context():
        return choose_language(None, g.get("page_language") if has_app_context() else None, [])
    asked = request.args.get(COOKIE) or request.cookies.get(COOKIE)
    accepted = [(tag, quality) for tag, quality in request.accept_languages]
    return choose_language(asked, page_language(), accepted)


def _remember_choice(response: Response) -> Response:
    """A language picked with ?lang= is kept for the next pages of this browser."""
    asked = request.args.get(COOKIE)
    if asked in LANGUAGES and request.cookies.get(COOKIE) != asked:
        response.set_cookie(COOKIE, asked, max_age=COOKIE_SECONDS, samesite="Lax", httponly=True)
    return response


def language_url(language: str) -> str:
    """This page again in `language` (its other query arguments kept)."""
    arguments = {**request.args.to_dict(), COOKIE: language}
    if request.endpoint is None:
        return "?" + "&".join(f"{key}={value}" for key, value in arguments.items())
    values: dict[str, Any] = {**(request.view_args or {}), **arguments}
    return url_for(request.endpoint, **values)


def init_app(app: Flask) -> None:
    """Catalogs from classroom/translations; the cookie kept after a switch; the switch."""
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))
    app.after_request(_remember_choice)
    app.jinja_env.globals["LANGUAGE_NAMES"] = LANGUAGE_NAMES
    app.jinja_env.globals["language_url"] = language_url
    app.jinja_env.globals["account_language"] = account_language
