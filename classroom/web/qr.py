"""QR codes as SVG: one <path>, no raster library, no inline style (the CSP forbids it)."""

from __future__ import annotations

import re

import qrcode
import qrcode.image.svg
from markupsafe import Markup, escape

__all__ = ["qr_svg", "qr_svg_document"]

_SIZE = re.compile(r'\s(width|height)="[^"]*"')


def qr_svg_document(text: str) -> str:
    """A standalone SVG file encoding `text` (with its XML declaration and a size in mm)."""
    image = qrcode.make(
        text,
        image_factory=qrcode.image.svg.SvgPathImage,
        error_correction=qrcode.constants.ERROR_CORRECT_M,
        border=2,
    )
    document: str = image.to_string(encoding="unicode")
    return document


def qr_svg(text: str, *, label: str = "") -> Markup:
    """An inline <svg> element encoding `text`, sized by CSS (the fixed mm size is removed).

    >>> str(qr_svg("http://example.org/join?code=ABC234", label="QR")).startswith("<svg")
    True
    """
    document = qr_svg_document(text)
    svg = _SIZE.sub("", document[document.index("<svg") :], count=2)
    attributes = f'<svg role="img" aria-label="{escape(label)}" '
    # The rest is the path drawn from `text` by qrcode: digits and letters only.
    return Markup(svg.replace("<svg ", attributes, 1))
