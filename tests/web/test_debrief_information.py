"""What each play taught, on the debrief: the numbers shown are a brute-force count of the
candidate rules consistent with the table, play after play, in the reader's language."""

from __future__ import annotations

import re

import pytest

from classroom.core.robots.evidence import trials
from classroom.usecases import UseCases
from tests.unit.test_robot_candidates import CANDIDATES, brute_force
from tests.web.conftest import Browser, Lesson, play_a_round, text
from tests.web.ne_records_support import mixed_class


def _rows(page: str) -> dict[int, str]:
    table = page.partition('<table class="information-table">')[2].partition("</table>")[0]
    return {
        int(number): row
        for number, row in re.findall(r'<tr data-play="(\d+)"[^>]*>(.*?)</tr>', table, re.S)
    }


def _cell(row: str, name: str) -> str:
    found = re.search(rf'<td class="num {name}">([^<]*)</td>', row)
    assert found is not None, row
    return found.group(1)


def test_the_debrief_shows_what_each_play_taught_as_a_brute_force_count(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    play_a_round(service, teacher, lesson)
    page = text(client.get(f"/teacher/groups/{lesson.group_id}/debrief?round=1"))
    assert "What each play taught" in page
    assert '<svg class="information-curve"' in page
    assert 'class="information ideal"' in page  # the ideal scientists on the same deal
    record = service.records.class_record(teacher, lesson.class_id)
    seen = list(trials(record.groups[0].rounds[0].events))
    rows = _rows(page)
    assert sorted(rows) == [1, 2] and len(seen) == 2
    for number, row in rows.items():
        before = brute_force(seen[: number - 1]).bit_count()
        after = brute_force(seen[:number]).bit_count()
        assert _cell(row, "still") == f"{before:,} → {after:,}"
        assert _cell(row, "ruled-out") == f"{round(100 * (before - after) / before)}%"
    total = f"{len(CANDIDATES):,}"
    last = brute_force(seen).bit_count()
    assert f"still possible after the last play: {last:,} of {total}." in page
    # Play 1's player wrote plain words (not a rule); play 2's wrote the rule itself.
    assert 'data-test=""' in rows[1]
    assert 'data-test="survived"' in rows[2] and "the hypothesis survived" in rows[2]
    best = page.partition('<ol class="most-informative">')[2].partition("</ol>")[0]
    assert "This card ruled out" in best and "of what was still possible" in best


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("ja", "各プレイから学べたこと"),
        ("pl", "Czego nauczyło każde zagranie"),
        ("ru", "Чему научил каждый ход"),
    ],
)
def test_the_information_section_speaks_the_teachers_language_and_writes_its_numbers(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson, language: str, words: str
) -> None:
    play_a_round(service, teacher, lesson)
    url = f"/teacher/groups/{lesson.group_id}/debrief?round=1&lang={language}"
    page = text(client.get(url))
    section = page.partition('class="information-box"')[2].partition("</section>")[0]
    assert words in section
    assert "What each play taught" not in section and "Ruled out" not in section
    # Thousands as the language writes them: "1 737" in Polish and Russian (a no-break space).
    total = f"{len(CANDIDATES):,}"
    assert f"{total if language == 'ja' else total.replace(',', chr(0xA0))} →" in section


def test_a_new_eleusis_debrief_says_what_each_play_taught_too(
    client: Browser, service: UseCases, teacher: int
) -> None:
    played = mixed_class(service, teacher)
    page = text(client.get(f"/teacher/groups/{played.ne_group}/debrief?round=1"))
    record = service.records.class_record(teacher, played.class_id)
    (group,) = [g for g in record.groups if g.group_id == played.ne_group]
    seen = list(trials(group.rounds[0].events))
    rows = _rows(page)
    assert seen and sorted(rows) == list(range(1, len(seen) + 1))
    for number, row in rows.items():
        before = brute_force(seen[: number - 1]).bit_count()
        after = brute_force(seen[:number]).bit_count()
        assert _cell(row, "still") == f"{before:,} → {after:,}"
