"""What the commands print of a setting that holds a secret: where it points, never the secret.

Database and Redis addresses carry their password (`postgresql+psycopg://classroom:PW@host/db`,
`redis://:PW@host:6379/0`); a projector's link carries its token in the path. Whatever a command
prints or logs goes through here first, so a screenshot of the terminal or a log shipped to a
help desk gives no way in.
"""

from __future__ import annotations

import logging
import re
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

__all__ = ["HIDDEN", "HiddenTokens", "hide_tokens", "shown_url"]

HIDDEN = "***"
# The projector page's address is its credential: /projector/<token>.
_PROJECTOR_TOKEN = re.compile(r"(/projector/)[^/\s?\"']+")


def shown_url(url: str) -> str:
    """`url` with its password, and any password in its query, replaced by ***.

    >>> shown_url("postgresql+psycopg://classroom:s3cret@db:5432/classroom")
    'postgresql+psycopg://classroom:***@db:5432/classroom'
    >>> shown_url("redis://:s3c@ret@redis:6379/0")
    'redis://:***@redis:6379/0'
    >>> shown_url("postgresql://db/classroom?user=classroom&password=s3cret")
    'postgresql://db/classroom?user=classroom&password=***'
    >>> shown_url("sqlite:////srv/classroom/classroom.db")
    'sqlite:////srv/classroom/classroom.db'
    """
    parts = urlsplit(url)
    userinfo, at, host = parts.netloc.rpartition("@")
    changed = False
    netloc = parts.netloc
    if at and ":" in userinfo:
        netloc = f"{userinfo.split(':', 1)[0]}:{HIDDEN}@{host}"
        changed = True
    pairs = parse_qsl(parts.query, keep_blank_values=True)
    if any("password" in key.lower() for key, _ in pairs):
        query = urlencode(
            [(key, HIDDEN if "password" in key.lower() else value) for key, value in pairs],
            safe="*",
        )
        changed = True
    else:
        query = parts.query
    if not changed:
        return url
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


def hide_tokens(text: str) -> str:
    """`text` (a request line of a log) with a projector link's token replaced by ***.

    >>> hide_tokens('"GET /projector/Zq8-hs2 HTTP/1.1" 200')
    '"GET /projector/*** HTTP/1.1" 200'
    """
    return _PROJECTOR_TOKEN.sub(rf"\g<1>{HIDDEN}", text)


class HiddenTokens(logging.Filter):
    """A log filter that writes each record's message with its tokens hidden."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        hidden = hide_tokens(message)
        if hidden != message:
            record.msg, record.args = hidden, ()
        return True
