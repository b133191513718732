"""The printing pages are a logged-in teacher's, for their own classes only; bad parameters
are a 400 that says why.

The app and the class are shared by the module's tests (fixtures in conftest.py); a test that
changes them takes the own_* ones.
"""

from __future__ import annotations

import pytest

from tests.live_class import LiveClass
from tests.web.printing_support import logged_in


def urls(live: LiveClass) -> list[str]:
    return [
        f"/teacher/print/classes/{live.class_id}/pack.pdf",
        f"/teacher/print/groups/{live.group_ids[0]}/report.pdf",
        "/teacher/print/rule-cards.pdf",
        "/teacher/print/worksheet.pdf",
        "/teacher/print/score-sheet.pdf",
        "/teacher/print/lessons/first-lesson.pdf",
        "/teacher/print/lessons/first-lesson",
        "/teacher/print/",
    ]


def test_every_printing_page_needs_a_teacher_login(print_app, print_class):
    client = print_app.test_client()
    for url in urls(print_class):
        response = client.get(url)
        assert response.status_code == 302, url
        assert "/teacher/login" in response.location


def test_another_teachers_class_and_group_are_not_found(own_app, own_service, own_class):
    other = logged_in(
        own_app, own_service.teachers.create_teacher("other", "correct horse battery")
    )
    assert other.get(f"/teacher/print/classes/{own_class.class_id}/pack.pdf").status_code == 404
    url = f"/teacher/print/groups/{own_class.group_ids[0]}/report.pdf"
    assert other.get(url).status_code == 404
    index = other.get("/teacher/print/").get_data(as_text=True)
    assert f"/classes/{own_class.class_id}/pack.pdf" not in index


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("/classes/{class_id}/pack.pdf?variant=middle", "young or older"),
        ("/classes/{class_id}/pack.pdf?paper=a3", "Unknown paper size"),
        ("/classes/{class_id}/pack.pdf?worksheets=99", "0 to 8"),
        ("/classes/{class_id}/pack.pdf?worksheets=two", "worksheets must be a whole number"),
        ("/groups/{group_id}/report.pdf?round=0", "numbered from 1"),
        ("/groups/{group_id}/report.pdf?round=last", "round must be a whole number"),
        ("/rule-cards.pdf?ids=no-such-rule", "no-such-rule"),
        ("/rule-cards.pdf?difficulty=5&age_band=5-7", "No rule"),
        ("/worksheet.pdf?variant=middle", "young or older"),
        ("/score-sheet.pdf?players=20", "3 to 9"),
        ("/score-sheet.pdf?rounds=-1", "rounds must be a whole number"),
        ("/lessons/first-lesson.pdf?paper=tabloid", "Unknown paper size"),
    ],
)
def test_bad_parameters_are_a_400_saying_why(print_client, print_class, url, message):
    ids = {"class_id": print_class.class_id, "group_id": print_class.group_ids[0]}
    response = print_client.get("/teacher/print" + url.format(**ids))
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
