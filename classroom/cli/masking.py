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

__all__ = ["HIDDEN", "HiddenTokens", "hide_passwords", "hide_tokens", "shown_url"]

HIDDEN = "***"
# The projector page's address is its credential: /projector/<token>.
# scheme://user:PASSWORD@host: the password up to the last @ (of the whole string, or of the
# address as quoted in a message, which ends at a space).
_WHOLE_URL_PASSWORD = re.compile(r"^(?P<head>[A-Za-z][\w+.-]*://[^:/@]*):.*@")
_QUOTED_URL_PASSWORD = re.compile(r"(?P<head>\b[A-Za-z][\w+.-]*://[^:/@\s]*):\S*@")
_PROJECTOR_TOKEN = re.compile(r"(/projector/)[^/\s?\"']+")


def shown_url(url: str) -> str:
    """`url` with its password, and any password in its query, replaced by ***.

    The password runs from the colon after the user name to the last `@`, as the database
    driver reads it: a password holding `/`, `?`, `#` or `@` is hidden whole.

    >>> shown_url("postgresql+psycopg://classroom:s3cret@db:5432/classroom")
    'postgresql+psycopg://classroom:***@db:5432/classroom'
    >>> shown_url("redis://:s3c@ret@redis:6379/0")
    'redis://:***@redis:6379/0'
    >>> shown_url("postgresql+psycopg://classroom:a/b?c#d@db/classroom")
    'postgresql+psycopg://classroom:***@db/classroom'
    >>> shown_url("postgresql+psycopg://classroom:s3cret@[db/classroom")
    'postgresql+psycopg://classroom:***@[db/classroom'
    >>> shown_url("postgresql://db/classroom?user=classroom&password=s3cret")
    'postgresql://db/classroom?user=classroom&password=***'
    >>> shown_url("sqlite:////srv/classroom/classroom.db")
    'sqlite:////srv/classroom/classroom.db'
    """
    url = _WHOLE_URL_PASSWORD.sub(rf"\g<head>:{HIDDEN}@", url, count=1)
    try:
        parts = urlsplit(url)
    except ValueError:  # not a URL urllib can split (a stray bracket): hide any query whole
        head, question, _query = url.partition("?")
        return f"{head}?{HIDDEN}" if question and "password" in url.lower() else url
    pairs = parse_qsl(parts.query, keep_blank_values=True)
    if not any("password" in key.lower() for key, _ in pairs):
        return url
    query = urlencode(
        [(key, HIDDEN if "password" in key.lower() else value) for key, value in pairs],
        safe="*",
    )
    return urlunsplit((parts.scheme, parts.netloc, parts.path, query, parts.fragment))


def hide_passwords(text: str) -> str:
    """`text` (an error message) with the password of every address it quotes replaced by ***.

    >>> hide_passwords("Could not parse URL from string 'postgresql://u:p/w@h:x/db'")
    "Could not parse URL from string 'postgresql://u:***@h:x/db'"
    >>> hide_passwords("Error connecting to redis://:pw@redis:6379/0. Refused.")
    'Error connecting to redis://:***@redis:6379/0. Refused.'
    """
    return _QUOTED_URL_PASSWORD.sub(rf"\g<head>:{HIDDEN}@", text)


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
