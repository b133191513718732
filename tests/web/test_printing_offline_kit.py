"""The offline kit (rules sheet, dealer's aid, layout mat, guess slips): downloads on either
paper, in the browser's language, offered on the index.

The app and the class are shared by the module's tests (fixtures in conftest.py); a test that
changes them takes the own_* ones.
"""

from __future__ import annotations

import pytest

from tests.unit.test_printables_languages import squeezed, translated
from tests.unit.test_printables_support import reader, text_of
from tests.web.printing_support import PDF, disposition

#: The offline kit's documents, their pages, and a heading each prints.
OFFLINE_KIT = {
    "rules-sheet": (1, "How to play Eleusis Express"),
    "dealer-aid": (2, "Dealer's aid"),
    "layout-mat": (2, "Layout mat"),
    "guess-slips": (1, "Guess slip"),
}


@pytest.mark.parametrize("name", sorted(OFFLINE_KIT))
def test_the_offline_kit_downloads_on_either_paper(print_client, name):
    pages, heading = OFFLINE_KIT[name]
    response = print_client.get(f"/teacher/print/{name}.pdf")
    assert response.status_code == 200 and response.mimetype == PDF
    assert disposition(response) == ("inline", f"{name}.pdf")
    assert len(reader(response.data).pages) == pages
    assert heading in text_of(response.data)
    letter = reader(print_client.get(f"/teacher/print/{name}.pdf?paper=letter").data).pages[0]
    assert {round(letter.mediabox.width), round(letter.mediabox.height)} == {612, 792}


@pytest.mark.parametrize("name", sorted(OFFLINE_KIT))
def test_the_offline_kit_speaks_the_browsers_language(print_client, name):
    heading = OFFLINE_KIT[name][1]
    response = print_client.get(f"/teacher/print/{name}.pdf", headers={"Accept-Language": "ja"})
    text = squeezed(text_of(response.data))
    assert squeezed(translated("ja", heading)) in text and squeezed(heading) not in text


def test_the_offline_kit_needs_a_login_and_a_paper_it_knows(print_app, print_client):
    anonymous = print_app.test_client().get("/teacher/print/dealer-aid.pdf")
    assert anonymous.status_code == 302 and "/teacher/login" in anonymous.location
    response = print_client.get("/teacher/print/layout-mat.pdf?paper=a3")
    assert response.status_code == 400
    assert "Unknown paper size" in response.get_data(as_text=True)
    assert print_client.get("/teacher/print/poster.pdf").status_code == 404


def test_index_offers_the_offline_kit_on_both_papers(print_client):
    html = print_client.get("/teacher/print/?lang=pl").get_data(as_text=True)
    for name in OFFLINE_KIT:
        assert f'href="/teacher/print/{name}.pdf"' in html
        assert f'href="/teacher/print/{name}.pdf?paper=letter"' in html
    assert translated("pl", "Dealer's aid") in html
