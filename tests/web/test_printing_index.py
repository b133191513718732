"""The printing index: the teacher's classes with their packs, reports and rule cards.

The app and the class are shared by the module's tests (fixtures in conftest.py); a test that
changes them takes the own_* ones.
"""

from __future__ import annotations


def test_index_lists_lessons_documents_and_the_teachers_classes(print_client, print_class):
    html = print_client.get("/teacher/print/").get_data(as_text=True)
    assert 'href="/teacher/print/lessons/first-lesson"' in html
    assert f'href="/teacher/print/classes/{print_class.class_id}/pack.pdf"' in html
    report = f"/teacher/print/groups/{print_class.group_ids[0]}/report.pdf?round=1"
    assert f'href="{report}"' in html
    assert f"/groups/{print_class.group_ids[1]}/report.pdf" not in html
    assert 'action="/teacher/print/score-sheet.pdf"' in html


def test_index_offers_the_rule_cards_beside_the_pack_and_the_blank_cards(print_client, print_class):
    html = print_client.get("/teacher/print/").get_data(as_text=True)
    assert f'href="/teacher/print/classes/{print_class.class_id}/rule-cards.pdf"' in html
    assert f"/classes/{print_class.class_id}/pack.pdf?one_sided=1" in html
    assert 'href="/teacher/print/blank-rule-card.pdf"' in html
    assert 'name="public_hint"' in html
