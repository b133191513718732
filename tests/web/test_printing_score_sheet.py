"""The score sheet form: names and paper asked for, printed, and checked in the reader's
language.

The app and the class are shared by the module's tests (fixtures in conftest.py); a test that
changes them takes the own_* ones.
"""

from __future__ import annotations

import pytest

from tests.unit.test_printables_languages import translated
from tests.unit.test_printables_support import reader, text_of


def test_score_sheet_form_asks_for_names_and_paper(print_client):
    html = print_client.get("/teacher/print/").get_data(as_text=True)
    assert '<textarea id="names" name="names"' in html
    assert '<option value="letter">' in html and '<option value="a4">' in html


@pytest.mark.parametrize(
    "names", ["Ana\r\nBen\nChen\n\nDia", "Ana, Ben,Chen , Dia", "Ana、Ben，Chen,Dia"]
)
def test_score_sheet_prints_the_names_written_on_the_form(print_client, names):
    response = print_client.get(
        "/teacher/print/score-sheet.pdf",
        query_string={"names": names, "players": "5", "rounds": "4", "paper": "letter"},
    )
    assert response.status_code == 200
    document = reader(response.data)
    assert {(round(p.mediabox.width), round(p.mediabox.height)) for p in document.pages} == {
        (792, 612)
    }
    text = text_of(response.data)
    assert all(name in text for name in ("Ana", "Ben", "Chen", "Dia")) and "Seat 5" not in text


@pytest.mark.parametrize(
    ("query", "language", "message"),
    [
        ({"names": ",".join(f"P{n}" for n in range(11))}, "en", "11 names given"),
        ({"names": "Ana\nBen"}, "en", "2 names given"),
        ({"names": "Ana\nBen\n" + "X" * 30}, "en", "at most 24 characters"),
        ({"players": "4", "paper": "a3"}, "en", "Unknown paper size"),
        ({"names": ",".join(f"P{n}" for n in range(11))}, "pl", "11"),
    ],
)
def test_score_sheet_form_input_is_checked_in_the_readers_language(
    print_client, query, language, message
):
    response = print_client.get(
        "/teacher/print/score-sheet.pdf",
        query_string=query,
        headers={"Accept-Language": language},
    )
    assert response.status_code == 400
    body = response.get_data(as_text=True)
    assert message in body
    if language != "en":
        expected = translated(language, "This document cannot be made: %(error)s")
        assert expected.split("%")[0].strip() in body and "names given" not in body
