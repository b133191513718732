"""Lesson plans: the page rendered from Markdown, its PDF, the book of every lesson, each in
the language chosen.

The app and the class are shared by the module's tests (fixtures in conftest.py); a test that
changes them takes the own_* ones.
"""

from __future__ import annotations

import re

from classroom.core.rules.library import find_rule
from printables.lessons.html_page import lesson_html
from printables.lessons.library import load_lessons
from tests.unit.test_printables_languages import squeezed, translated
from tests.unit.test_printables_support import text_of


def test_lesson_page_renders_the_markdown_with_a_print_button(print_client):
    response = print_client.get("/teacher/print/lessons/first-lesson")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<h1>First lesson" in html
    assert 'href="/teacher/print/lessons/first-lesson.pdf"' in html
    assert "<h2 " in html and "<li>" in html
    assert "/teacher/print/rule-cards.pdf?ids=" in html
    # The CSP forbids inline styles and scripts.
    assert " style=" not in html and not re.search(r"<script(?![^>]*\ssrc=)", html)


def test_unknown_lessons_are_not_found(print_client):
    assert print_client.get("/teacher/print/lessons/no-such-lesson").status_code == 404
    assert print_client.get("/teacher/print/lessons/no-such-lesson.pdf").status_code == 404


def test_lesson_html_escapes_every_piece_of_text():
    html = lesson_html('# <script>alert(1)</script>\n\n**<b>bold</b>** and `<i>` and "quotes" & 7♦')
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "<strong>&lt;b&gt;bold&lt;/b&gt;</strong>" in html
    assert "<code>&lt;i&gt;</code>" in html and "&amp;" in html
    assert '<span class="suit-red">♦</span>' in html


def test_the_lesson_page_speaks_the_language_chosen(print_client):
    html = print_client.get("/teacher/print/lessons/first-lesson?lang=pl").get_data(as_text=True)
    assert "Pytania do omówienia" in html and "Debrief questions" not in html
    assert '<article class="lesson" lang="pl">' in html
    assert find_rule("alternate-colors").title_in("pl") in html
    assert translated("pl", "Score sheet") in html


def test_the_lesson_pdf_follows_the_language_kept_from_the_switch(print_client):
    print_client.get("/teacher/print/lessons/first-lesson?lang=ru")
    text = squeezed(text_of(print_client.get("/teacher/print/lessons/first-lesson.pdf").data))
    assert squeezed(translated("ru", "Duration")) in text and "Duration" not in text


def test_the_index_lists_the_lessons_in_the_language_chosen(print_client):
    html = print_client.get("/teacher/print/?lang=ja").get_data(as_text=True)
    titles = {lesson.name: lesson.title for lesson in load_lessons(language="ja")}
    assert titles["first-lesson"] in html and 'lang="ja"' in html
    assert "First lesson" not in html


def test_index_offers_every_lesson_plan_in_one_book(print_client):
    html = print_client.get("/teacher/print/").get_data(as_text=True)
    assert 'href="/teacher/print/lessons/all.pdf"' in html
