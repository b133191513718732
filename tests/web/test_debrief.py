"""The debrief page for the projector, and the group timeline."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask

from classroom.usecases import UseCases
from tests.web.conftest import Browser, Lesson, play_a_round, text


def test_debrief_reveals_the_rule_draws_the_table_and_marks_the_first_correct_hypothesis(
    app: Flask, client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    play_a_round(service, teacher, lesson)
    first = text(client.get(f"/teacher/groups/{lesson.group_id}/debrief?round=1"))
    assert first.count('data-verdict="checking"') == 1  # the rule-language journal entry
    assert '<meta http-equiv="refresh"' in first  # the projector looks again by itself
    assert app.extensions["checks"].wait_idle(30.0)
    page = text(client.get(f"/teacher/groups/{lesson.group_id}/debrief?round=1"))
    assert 'data-verdict="same"' in page and "the same rule (proved)" in page
    assert '<meta http-equiv="refresh"' not in page
    assert '<code class="rule-code">card.color != prev.color</code>' in page
    assert 'class="rule-words"' in page  # the library's plain words
    assert page.count('class="pcard red') + page.count('class="pcard black') >= 3
    assert re.search(r'class="pcard red[^"]*" title="[^"]+"><span aria-hidden="true">\w+[♥♦]', page)
    strip = page.partition('<ol class="strip">')[2].partition("</ol>")[0]
    items = strip.split("<li ")[1:]
    assert len(items) == 4
    assert ["first-correct" in item for item in items] == [False, False, True, False]
    assert "prev.color != card.color" in items[2] and "さくら" in items[2]
    assert re.findall(r'data-play="(\d+)"', strip) == ["0", "1", "1", "2"]
    assert "before the first play" in items[0] and "at play 1" in items[2]
    assert "The first correct hypothesis came at play 1 of 2, from さくら." in page
    figures = page.partition('class="figures-big"')[2].partition("</ul>")[0]
    numbers = re.findall(r'class="big-number">(\d+)<', figures)
    assert numbers == ["4", "2", "1"]  # hypotheses, plays testing a prediction, tests to fail
    words = " ".join(re.sub(r"<[^>]+>", " ", figures).split())
    assert "hypotheses: 2 written in journals, 2 said as guesses." in words
    assert "2 of the 2 plays tested a prediction from a journal." in words
    assert "1 test was designed to fail: its card was expected to be rejected." in words


def test_debrief_type_is_big_enough_for_the_projector(app) -> None:
    css = (Path(app.static_folder) / "css" / "projector.css").read_text(encoding="utf-8")
    size = re.search(r"body\.debrief \{ font-size: max\((\d+)px, [\d.]+vh\);", css)
    assert size is not None and int(size.group(1)) >= 28
    # Cards and the rule are drawn larger than the text, never smaller (sizes in em of it).
    for rule in (
        ".debrief .pcard {",
        ".debrief .pcard.rejected {",
        ".debrief .rule-words {",
        ".debrief .rule-code {",
    ):
        block = css.partition(rule)[2].partition("}")[0]
        em = re.search(r"font-size: ([\d.]+)em", block)
        assert em is not None and float(em.group(1)) >= 1, rule


def test_debrief_without_rounds_says_so(client: Browser, lesson: Lesson) -> None:
    response = client.get(f"/teacher/groups/{lesson.group_id}/debrief")
    assert response.status_code == 200
    assert "This group has not played a round yet." in text(response)


@pytest.mark.parametrize(
    ("query", "status", "message"),
    [
        ("round=abc", 400, "A round is a number"),
        ("round=-1", 400, "A round is a number"),
        ("round=7", 404, "This group has no round 7."),
    ],
)
@pytest.mark.parametrize("page", ["debrief", "timeline"])
def test_a_bad_round_is_a_message(
    client: Browser,
    service: UseCases,
    teacher: int,
    lesson: Lesson,
    page: str,
    query: str,
    status: int,
    message: str,
) -> None:
    service.rounds.start_round(teacher, lesson.group_id)
    response = client.get(f"/teacher/groups/{lesson.group_id}/{page}?{query}")
    assert response.status_code == status
    assert message in text(response)


def test_timeline_merges_events_and_journal_entries_in_order(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    play_a_round(service, teacher, lesson)
    page = text(client.get(f"/teacher/groups/{lesson.group_id}/timeline?round=1"))
    kinds = re.findall(r'<li class="moment kind-(\w+)" data-seq="(\d+)">', page)
    assert kinds == [
        ("dealt", "1"),
        ("journal", "1"),
        ("played", "2"),
        ("judged", "3"),
        ("guessed", "4"),
        ("guess_judged", "5"),
        ("journal", "5"),
        ("played", "6"),
        ("judged", "7"),
        ("guessed", "8"),
        ("guess_judged", "9"),
        ("round_ended", "10"),
    ]
    assert "reds come after blacks" in page and "confidence 5/10" in page
    assert "predicted rejected" in page and "was accepted" in page and "not as predicted" in page
    assert "Round over: the rule was guessed." in page
