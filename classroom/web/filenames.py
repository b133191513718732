"""File names for downloads: safe in any script, and kept in the reader's script (RFC 6266)."""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import quote

__all__ = ["content_disposition", "file_stem"]


def file_stem(text: str, default: str = "document") -> str:
    """A name made safe for a file name in any script: 'Klasse 7ä / B' -> 'Klasse-7ä-B'.

    Letters and digits of every script stay; each run of anything else becomes one hyphen.
    """
    return re.sub(r"[\W_]+", "-", text).strip("-") or default


#: Letters with no Latin base letter to fall back on: Russian (as on passports) and a few more.
_ROMAN_PAIRS = (
    "а:a б:b в:v г:g д:d е:e ё:e ж:zh з:z и:i й:i к:k л:l м:m н:n о:o п:p р:r с:s т:t"
    " у:u ф:f х:kh ц:ts ч:ch ш:sh щ:shch ъ:ie ы:y ь: э:e ю:iu я:ia ł:l ø:o đ:d ß:ss"
)
_ROMAN = dict(pair.split(":") for pair in _ROMAN_PAIRS.split())
_CAPITALS = {k.upper(): v.capitalize() for k, v in _ROMAN.items() if len(k.upper()) == 1}
_LATIN = str.maketrans(_ROMAN | _CAPITALS)


def _ascii_name(filename: str) -> str:
    """The file name in ASCII for old browsers: accents dropped, other scripts left out."""
    stem, dot, extension = filename.rpartition(".")
    plain = unicodedata.normalize("NFKD", stem.translate(_LATIN)).encode("ascii", "ignore").decode()
    return f"{file_stem(plain, 'download')}{dot}{extension}"


def content_disposition(disposition: str, filename: str) -> str:
    """A Content-Disposition value that keeps a non-ASCII file name (RFC 6266, RFC 8187).

    >>> print(content_disposition("attachment", "Łódź-events.csv"))
    attachment; filename="Lodz-events.csv"; filename*=UTF-8''%C5%81%C3%B3d%C5%BA-events.csv
    """
    if filename.isascii():
        return f'{disposition}; filename="{filename}"'
    fallback = _ascii_name(filename)
    return f"{disposition}; filename=\"{fallback}\"; filename*=UTF-8''{quote(filename, safe='')}"
