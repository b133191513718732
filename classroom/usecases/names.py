"""Join codes, friendly group names and nicknames."""

from __future__ import annotations

import secrets
import unicodedata
from gettext import gettext as _

from classroom.usecases.errors import Invalid

__all__ = [
    "JOIN_ALPHABET",
    "MAX_NICKNAME",
    "clean_nickname",
    "friendly_group_names",
    "new_join_code",
]

#: No 0/O, 1/I/L: a code read off a projector must not be mistyped.
JOIN_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
JOIN_CODE_LENGTH = 6
MAX_NICKNAME = 20
_GROUP_NAMES = (
    "Otters",
    "Falcons",
    "Comets",
    "Maples",
    "Dolphins",
    "Lynxes",
    "Ravens",
    "Pandas",
    "Glaciers",
    "Koalas",
    "Meteors",
    "Herons",
)


def new_join_code() -> str:
    """A random 6-character code from the unambiguous alphabet."""
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def normalize_join_code(text: str) -> str:
    """Upper-case, without spaces or dashes, so '7hk-2mq' finds '7HK2MQ'."""
    return "".join(ch for ch in text.upper() if ch.isalnum())


def friendly_group_names(count: int) -> list[str]:
    """Default names for `count` groups."""
    return [_GROUP_NAMES[i % len(_GROUP_NAMES)] for i in range(count)]


def clean_nickname(text: str) -> str:
    """Trim and collapse spaces; refuse empty, over-long or unprintable nicknames."""
    name = " ".join(unicodedata.normalize("NFC", text or "").split())
    if not name:
        raise Invalid(_("Please type a nickname."))
    if len(name) > MAX_NICKNAME:
        raise Invalid(_("A nickname has at most %d characters.") % MAX_NICKNAME)
    if not all(ch.isprintable() for ch in name):
        raise Invalid(_("A nickname can only hold letters, digits, spaces and punctuation."))
    return name


def nickname_key(nickname: str) -> str:
    """Two nicknames with the same key cannot sit at one table."""
    return nickname.casefold()
