"""Helpers for the class pack tests: the address printed, pages read once per document, the
pages a pack should have. The class and its pack are fixtures in conftest.py. No tests here."""

from __future__ import annotations

import functools

from printables.documents import worksheet_pdf
from tests.unit.test_printables_support import reader, unhyphenated

BASE = "http://192.168.1.20:5000"


BLANK = "This page is intentionally left blank."


WORDS_RULE = "Red after black, and never two hearts in a row"


@functools.cache
def worksheet_pages(variant: str = "older", paper: str = "a4") -> int:
    """Pages of one worksheet, as the worksheet printable lays it out."""
    return len(reader(worksheet_pdf(variant=variant, paper=paper)).pages)


def even(pages: int) -> int:
    """The pages a part takes printed on both sides: a blank back after an odd last page."""
    return pages + pages % 2


def expected_pages(groups, worksheets, *, variant="older", paper="a4", duplex=True):
    """The overview, a join card per group, then the worksheets, each part on whole sheets."""
    sheet = worksheet_pages(variant, paper)
    if not duplex:
        return 1 + groups + groups * worksheets * sheet
    return even(1) + groups * even(1) + groups * worksheets * even(sheet)


@functools.cache
def page_texts(pdf: bytes) -> tuple[str, ...]:
    """Every page's text, white space collapsed. Read once per document: the class pack has
    some thirty pages, and parsing it again for each page read made its tests the slowest."""
    return tuple(" ".join(unhyphenated(page.extract_text()).split()) for page in reader(pdf).pages)


def page_text(pdf: bytes, number: int) -> str:
    """The text of one page (1-based), white space collapsed."""
    return page_texts(pdf)[number - 1]
