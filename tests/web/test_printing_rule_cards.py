"""Downloading rule cards: the class's secret rules apart from the pack, hints in public,
blank cards for rules of the students' own.

The app and the class are shared by the module's tests (fixtures in conftest.py); a test that
changes them takes the own_* ones.
"""

from __future__ import annotations

from tests.unit.test_printables_languages import squeezed, translated
from tests.unit.test_printables_support import reader, text_of
from tests.web.printing_support import PDF, disposition, logged_in


def test_class_rule_cards_download_apart_with_every_groups_rule(print_client, print_class):
    url = f"/teacher/print/classes/{print_class.class_id}/rule-cards.pdf"
    response = print_client.get(f"{url}?paper=letter")
    assert response.status_code == 200 and response.mimetype == PDF
    assert disposition(response) == ("inline", "rule-cards-7b-science.pdf")
    assert "no-store" in response.headers["Cache-Control"]
    text = text_of(response.data)
    assert "Otters" in text and "card.color != prev.color" in text
    assert "Falcons" in text and "card.rank > prev.rank" in text
    assert round(reader(response.data).pages[0].mediabox.width) == 612


def test_class_rule_cards_are_only_the_teachers_own(own_app, own_service, own_class):
    other = logged_in(
        own_app, own_service.teachers.create_teacher("other", "correct horse battery")
    )
    url = f"/teacher/print/classes/{own_class.class_id}/rule-cards.pdf"
    assert other.get(url).status_code == 404
    assert own_app.test_client().get(url).status_code == 302


def test_rule_cards_print_the_hint_in_public_only_when_asked(print_client):
    url = "/teacher/print/rule-cards.pdf?ids=alternate-colors"
    assert "Hint you may give:" in text_of(print_client.get(url).data)
    public = text_of(print_client.get(f"{url}&public_hint=1").data)
    assert "Hint:" in public and "Hint you may give:" not in public


def test_blank_rule_cards_download_in_the_readers_language(print_client):
    response = print_client.get(
        "/teacher/print/blank-rule-card.pdf?paper=letter", headers={"Accept-Language": "ru"}
    )
    assert response.status_code == 200
    assert disposition(response) == ("inline", "blank-rule-card.pdf")
    text = squeezed(text_of(response.data))
    assert squeezed(translated("ru", "Tested on 3 sample cards:")) in text
