"""The query parameters of the printables' downloads, read from the request: whole numbers,
words, yes/no flags, the paper and player names. A bad one raises BadParameter, which the
download turns into a 400 saying why."""

from __future__ import annotations

import re

from flask import request
from flask_babel import gettext as _

__all__ = ["BadParameter", "flag", "names", "number", "paper", "word"]


class BadParameter(ValueError):
    """A query parameter that is not what the document needs."""


def number(name: str) -> int | None:
    """A whole-number query parameter; None when absent or empty."""
    text = request.args.get(name, "").strip()
    if not text:
        return None
    if not re.fullmatch(r"\d{1,4}", text):
        raise BadParameter(
            _("%(name)s must be a whole number, not %(text)s.", name=name, text=text[:20])
        )
    return int(text)


def word(name: str, default: str | None = None) -> str | None:
    """A text query parameter; `default` when absent or empty."""
    return request.args.get(name, "").strip() or default


def flag(name: str) -> bool:
    """A yes/no query parameter (a ticked checkbox sends '1' or 'on'); absent is no."""
    return word(name, "") in ("1", "on", "yes", "true")


def paper() -> str:
    """The paper asked for, A4 unless told otherwise; the document checks that it knows it."""
    return word("paper", "a4") or "a4"


def names() -> list[str] | None:
    """Player names from ?names=, one per line or separated by commas (also 、 and ，);
    None when there are none."""
    parts = re.split(r"[\n,、，]", request.args.get("names", ""))
    return [part.strip() for part in parts if part.strip()] or None
