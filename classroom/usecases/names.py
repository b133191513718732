"""Join codes, friendly group names and nicknames."""

from __future__ import annotations

import secrets
import unicodedata

from classroom.core.text import Text, _
from classroom.usecases.errors import Invalid

__all__ = [
    "JOIN_ALPHABET",
    "MAX_NICKNAME",
    "MAX_NICKNAME_KEY",
    "clean_nickname",
    "friendly_group_names",
    "new_join_code",
    "nickname_key",
    "normalize_join_code",
]

#: No 0/O, 1/I/L: a code read off a projector must not be mistyped.
JOIN_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
JOIN_CODE_LENGTH = 6
MAX_NICKNAME = 20
#: The longest nickname_key of a cleaned nickname: folding can turn one character into four
#: (Greek "ᾂ" is "a", two accents and "i").
MAX_NICKNAME_KEY = 4 * MAX_NICKNAME
#: Said in the reader's language where a page offers them (see `friendly_group_names`).
_GROUP_NAMES = (
    _("Otters"),
    _("Falcons"),
    _("Comets"),
    _("Maples"),
    _("Dolphins"),
    _("Lynxes"),
    _("Ravens"),
    _("Pandas"),
    _("Glaciers"),
    _("Koalas"),
    _("Meteors"),
    _("Herons"),
)
# Characters a reader can take for a Latin letter or digit, after case folding, each mapped to
# the Latin letter it passes for. The idea is the "skeleton" of Unicode TR39 (confusable
# detection), cut down to the scripts the kit serves: Cyrillic and Greek letters whose lower or
# upper case looks Latin (where the cases look like different Latin letters, the upper case
# mostly wins, as names start with it: Greek Η is h, but υ is u so as not to merge with γ), a
# few Latin variants, and the digits 0 and 1. Fullwidth forms need no entry: compatibility
# normalization already turns them into plain Latin.
# Left out on purpose, so that real names stay apart: i and l (Ila, Lia), sequences such as rn/m
# (Arnie, Amie), accents (José, Jose), Polish ł (a letter of its own: Łucja and Lucja are two
# names), and kana, where hiragana and katakana spell different names (さくら, サクラ).
_LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic
        "а": "a", "в": "b", "г": "r", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o",
        "п": "n", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i",
        "ј": "j", "ԁ": "d", "һ": "h", "ӏ": "l", "ԛ": "q", "ԝ": "w",
        # Greek
        "α": "a", "β": "b", "γ": "y", "ε": "e", "ζ": "z", "η": "h", "ι": "i", "κ": "k",
        "μ": "m", "ν": "n", "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w",
        "ϲ": "c", "ϳ": "j",
        # Latin variants and digits
        "ı": "i", "ɑ": "a", "ɡ": "g", "ǀ": "l", "|": "l", "0": "o", "1": "l",
    }
)  # fmt: skip
# Invisible characters that still count as printable (fillers, joiners, variation selectors):
# a nickname with one of them added looks exactly like the one without.
_INVISIBLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F),
    (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)  # fmt: skip


def new_join_code() -> str:
    """A random 6-character code from the unambiguous alphabet."""
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def normalize_join_code(text: str) -> str:
    """Upper-case, without spaces or dashes, so '7hk-2mq' finds '7HK2MQ'."""
    return "".join(ch for ch in text.upper() if ch.isalnum())


def friendly_group_names(count: int) -> list[Text]:
    """Default names for `count` groups, in English until the edge says them in the reader's
    language."""
    return [_GROUP_NAMES[i % len(_GROUP_NAMES)] for i in range(count)]


def clean_nickname(text: str) -> str:
    """Normalize (NFKC: fullwidth "Ａｎａ" is "Ana"), trim and collapse spaces; refuse empty,
    invisible, over-long or unprintable nicknames."""
    name = " ".join(unicodedata.normalize("NFKC", text or "").split())
    if not nickname_key(name).strip():
        raise Invalid(_("Please type a nickname."))
    if len(name) > MAX_NICKNAME:
        raise Invalid(_("A nickname has at most %d characters.") % MAX_NICKNAME)
    if not all(ch.isprintable() for ch in name):
        raise Invalid(_("A nickname can only hold letters, digits, spaces and punctuation."))
    return name


def nickname_key(nickname: str) -> str:
    """What two nicknames share when one could be taken for the other: same key, same name.

    Case, compatibility forms (fullwidth letters), invisible characters and look-alike letters
    from Cyrillic and Greek do not count; accents and distinct letters do.

    >>> nickname_key("Ana") == nickname_key("ＡＮＡ") == nickname_key("Аna")  # Cyrillic А
    True
    >>> nickname_key("Ana") == nickname_key("Anna"), nickname_key("Вася") == nickname_key("Ваня")
    (False, False)
    """
    # Compatibility caseless matching (Unicode D146), then the look-alikes. TR39 ends in NFD;
    # NFC gives the same equalities and a shorter key (it is stored: at most twice the
    # nickname's length, as case folding turns a few letters into two, like ß into ss).
    folded = unicodedata.normalize("NFD", nickname).casefold()
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", folded).casefold())
    visible = "".join(ch for ch in folded if not _invisible(ch))
    skeleton = " ".join(visible.translate(_LOOK_ALIKES).split())
    return unicodedata.normalize("NFC", skeleton)


def _invisible(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in _INVISIBLE)
