"""The library documents (rule cards, worksheet, score sheet, lesson PDF) download as PDFs
in the browser's language.

The app and the class are shared by the module's tests (fixtures in conftest.py); a test that
changes them takes the own_* ones.
"""

from __future__ import annotations

import pytest

from tests.unit.test_printables_languages import squeezed, translated
from tests.unit.test_printables_support import text_of
from tests.web.printing_support import PDF, disposition


@pytest.mark.parametrize(
    ("url", "filename", "expected"),
    [
        ("/rule-cards.pdf?ids=alternate-colors", "rule-cards.pdf", "Alternate colors"),
        ("/worksheet.pdf?variant=young", "worksheet-young.pdf", "Card detective sheet"),
        ("/score-sheet.pdf?players=4&rounds=2", "score-sheet.pdf", "Seat 4"),
        ("/lessons/first-lesson.pdf", "lesson-first-lesson.pdf", "First lesson"),
    ],
)
def test_library_documents_download_as_pdfs(print_client, url, filename, expected):
    response = print_client.get("/teacher/print" + url)
    assert response.status_code == 200 and response.mimetype == PDF
    assert disposition(response) == ("inline", filename)
    assert expected in text_of(response.data)


@pytest.mark.parametrize(
    ("url", "heading"),
    [
        ("/rule-cards.pdf?ids=alternate-colors", "In the rule language:"),
        ("/worksheet.pdf?variant=young", "Card detective sheet"),
        ("/score-sheet.pdf?players=4", "Score sheet"),
    ],
)
def test_every_download_speaks_the_browsers_language(print_client, print_class, url, heading):
    path = "/teacher/print" + url.format(group_id=print_class.group_ids[0])
    response = print_client.get(path, headers={"Accept-Language": "ru-RU,ru;q=0.9"})
    assert response.status_code == 200
    text = squeezed(text_of(response.data))
    assert squeezed(translated("ru", heading)) in text and squeezed(heading) not in text
