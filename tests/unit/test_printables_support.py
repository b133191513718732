"""Helpers for the printables tests: read PDFs back, render pages, measure ink. No tests here."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from pypdf import PdfReader

OUTPUT = Path(__file__).resolve().parents[1] / "output" / "printables"
A4 = (595, 842)
LETTER = (612, 792)
#: A page with less ink than this (a share of its pixels) counts as blank.
MIN_INK = 0.004


def reader(pdf: bytes) -> PdfReader:
    """A pypdf reader over PDF bytes."""
    return PdfReader(BytesIO(pdf))


def page_sizes(pdf: bytes) -> set[tuple[int, int]]:
    """The distinct (width, height) of the pages, rounded to whole points."""
    return {(round(p.mediabox.width), round(p.mediabox.height)) for p in reader(pdf).pages}


def unhyphenated(text: str) -> str:
    """Extracted text with each word hyphenated at a line's end joined again."""
    return re.sub(r"(?<=\w)[-\u00ad] *\n *(?=\w)", "", text)


def text_of(pdf: bytes) -> str:
    """All text of the document, hyphenated words joined, with runs of white space made single
    spaces."""
    pages = (unhyphenated(page.extract_text()) for page in reader(pdf).pages)
    return re.sub(r"\s+", " ", " ".join(pages))


def words_of(pdf: bytes) -> set[str]:
    """Every white-space separated word in the document."""
    return set(text_of(pdf).split())


def fonts_of(pdf: bytes) -> dict[str, bool]:
    """Each font used on any page, and whether its file is embedded (FontFile2)."""
    found: dict[str, bool] = {}
    for page in reader(pdf).pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            descriptor = font.get("/FontDescriptor")
            embedded = descriptor is not None and "/FontFile2" in descriptor.get_object()
            found[str(font["/BaseFont"])] = embedded
    return found


def require_pdftoppm() -> None:
    """Skip without pdftoppm, except in CI, where a missing tool is a failure."""
    if shutil.which("pdftoppm") is None:
        message = "pdftoppm is not installed (make system-packages)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)


def render(
    pdf: bytes, name: str, *, resolution: int = 40, output: Path = OUTPUT, page: int | None = None
) -> list[float]:
    """Render every page (or only page number `page`) to OUTPUT/NAME-N.png; return each
    rendered page's ink share."""
    require_pdftoppm()
    output.mkdir(parents=True, exist_ok=True)
    for old in output.glob(f"{name}-*.png"):
        old.unlink()
    only = [] if page is None else ["-f", str(page), "-l", str(page)]
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "doc.pdf"
        source.write_bytes(pdf)
        command = [
            "pdftoppm",
            "-r",
            str(resolution),
            *only,
            "-png",
            str(source),
            str(output / name),
        ]
        subprocess.run(command, check=True, capture_output=True)
    pages = sorted(output.glob(f"{name}-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    return [ink_share(path) for path in pages]


def ink_share(path: Path) -> float:
    """The share of pixels that are not (nearly) white."""
    with Image.open(path) as image:
        grey = image.convert("L")
        histogram = grey.histogram()
    return sum(histogram[:240]) / (grey.width * grey.height)


def text_by_font(pdf: bytes) -> dict[str, str]:
    """Every character shown in the document, gathered by the base name of the font showing it.

    ReportLab names subset fonts like 'AAAAAA+IPAexGothic'; the subset tag is dropped.
    """
    found: dict[str, list[str]] = {}

    def visit(text: str, _cm: object, _tm: object, font: Any, _size: object) -> None:
        if font is not None and text.strip():
            name = str(font.get("/BaseFont", "")).split("+")[-1].lstrip("/")
            found.setdefault(name, []).append(text)

    for page in reader(pdf).pages:
        page.extract_text(visitor_text=visit)
    return {name: "".join(texts) for name, texts in found.items()}
