"""Downloading a group's round report: only for a round played, with the hypothesis journal.

The app and the class are shared by the module's tests (fixtures in conftest.py); a test that
changes them takes the own_* ones.
"""

from __future__ import annotations

from tests.live_class import RIGHT_GUESS
from tests.unit.test_printables_support import text_of
from tests.web.printing_support import PDF, disposition


def test_report_is_a_pdf_of_the_groups_round(print_client, print_class):
    url = f"/teacher/print/groups/{print_class.group_ids[0]}/report.pdf"
    response = print_client.get(f"{url}?round=1")
    assert response.status_code == 200 and response.mimetype == PDF
    assert disposition(response) == ("inline", "report-otters-round-1.pdf")
    text = text_of(response.data)
    assert RIGHT_GUESS in text and "Alternate colors" in text
    assert print_client.get(f"{url}?round=2").status_code == 404


def test_a_group_that_never_played_has_no_report(print_client, print_class):
    response = print_client.get(f"/teacher/print/groups/{print_class.group_ids[1]}/report.pdf")
    assert response.status_code == 404


def test_report_download_carries_the_groups_hypothesis_journal(own_client, own_class):
    from classroom.usecases import JournalNote

    group = own_class.group_ids[0]
    seat = own_class.seats[group][1]
    own_class.service.journal.write_journal(
        seat, JournalNote("Red and black take turns, I think", confidence=7)
    )
    response = own_client.get(f"/teacher/print/groups/{group}/report.pdf?round=1")
    assert response.status_code == 200
    text = text_of(response.data)
    assert "Hypothesis journal" in text and "Red and black take turns, I think" in text
