"""Setting up a class: the form, its rows, library and written rules, the live rule check."""

from __future__ import annotations

import re
import time

import pytest
from flask import Flask

from classroom.usecases import UseCases
from tests.web.conftest import Browser, class_form, text


def test_form_shows_one_row_per_group_with_friendly_names(client: Browser, teacher: int) -> None:
    page = text(client.get("/teacher/classes/new?groups=3"))
    assert page.count("data-row>") == 3
    for name in ("Otters", "Falcons", "Comets"):
        assert f'value="{name}"' in page
    assert 'name="groups-3-name"' not in page


def test_library_rule_class_is_saved_and_opens_on_its_page(
    client: Browser, teacher: int, service: UseCases
) -> None:
    client.get("/teacher/classes/new?groups=2")
    data = class_form("7B Tuesday", ["alternate-colors", "suit-cycle"], wrong_guess_penalty="y")
    response = client.post("/teacher/classes/new", data)
    assert response.status_code == 302
    (period,) = service.classes.classes_of(teacher)
    assert response.location == f"/teacher/classes/{period.id}"
    snapshot = service.reading.class_snapshot(teacher, period.id)
    assert [g.rule_id for g in snapshot.groups] == ["alternate-colors", "suit-cycle"]
    assert snapshot.groups[0].rule_text == "card.color != prev.color"
    assert snapshot.wrong_guess_penalty is True
    page = text(client.get(response.location))
    assert "The class is ready." in page
    assert "After a red card play a black card" in page


def test_the_form_offers_revealing_the_rule_after_a_right_guess_checked(
    client: Browser, teacher: int
) -> None:
    page = text(client.get("/teacher/classes/new?groups=1"))
    checkbox = re.search(r"<input[^>]*name=\"reveal_after_guess\"[^>]*>", page)
    assert checkbox is not None and "checked" in checkbox.group(0)
    assert "Reveal the rule to the group after a right guess" in page


@pytest.mark.parametrize(("sent", "saved"), [({"reveal_after_guess": "y"}, True), ({}, False)])
def test_revealing_after_a_right_guess_is_saved_as_the_box_was_left(
    client: Browser, teacher: int, service: UseCases, sent: dict[str, str], saved: bool
) -> None:
    client.get("/teacher/classes/new?groups=1")
    response = client.post("/teacher/classes/new", class_form("8A", ["alternate-colors"], **sent))
    assert response.status_code == 302
    (period,) = service.classes.classes_of(teacher)
    assert period.reveal_after_guess is saved
    assert service.reading.class_snapshot(teacher, period.id).groups[0].reveal_after_guess is saved


def test_custom_rule_is_saved_in_canonical_text(
    client: Browser, teacher: int, service: UseCases
) -> None:
    client.get("/teacher/classes/new?groups=1")
    data = class_form("8A", ["CARD.rank  >  prev.rank or card.face"], stock_out="end")
    assert client.post("/teacher/classes/new", data).status_code == 302
    (period,) = service.classes.classes_of(teacher)
    snapshot = service.reading.class_snapshot(teacher, period.id)
    assert snapshot.groups[0].rule_text == "card.rank > prev.rank or card.face"
    assert snapshot.groups[0].rule_id is None
    assert snapshot.stock_out == "end"


def test_rule_that_does_not_compile_shows_the_caret_and_saves_nothing(
    client: Browser, teacher: int, service: UseCases
) -> None:
    client.get("/teacher/classes/new?groups=2")
    data = class_form("7B", ["alternate-colors", "card.colour == red"])
    response = client.post("/teacher/classes/new", data)
    assert response.status_code == 400
    page = text(response)
    assert "Line 1, column 6: unknown attribute &#39;colour&#39;" in page
    excerpt = re.search(r'<pre class="rule-excerpt">(.*?)</pre>', page, re.S)
    assert excerpt is not None
    assert excerpt.group(1) == "    card.colour == red\n         ^^^^^^"
    assert "card.colour == red</textarea>" in page  # what the teacher wrote stays
    assert service.classes.classes_of(teacher) == []


def test_unknown_library_rule_is_a_row_error(
    client: Browser, teacher: int, service: UseCases
) -> None:
    client.get("/teacher/classes/new")
    response = client.post("/teacher/classes/new", class_form("7B", ["no-such-rule"]))
    assert response.status_code == 400
    assert "Choose a rule from the library." in text(response)
    assert service.classes.classes_of(teacher) == []


@pytest.mark.parametrize("count", [0, 13])
def test_group_count_outside_one_to_twelve_is_refused(
    client: Browser, teacher: int, service: UseCases, count: int
) -> None:
    page = client.get(f"/teacher/classes/new?groups={count}")
    assert page.status_code == 400
    assert "A class has 1 to 12 groups." in text(page)
    response = client.post("/teacher/classes/new", class_form("7B", ["alternate-colors"] * count))
    assert response.status_code == 400
    assert "A class has 1 to 12 groups." in text(response)
    assert service.classes.classes_of(teacher) == []


def test_twelve_groups_are_allowed(client: Browser, teacher: int, service: UseCases) -> None:
    client.get("/teacher/classes/new?groups=12")
    response = client.post("/teacher/classes/new", class_form("7B", ["alternate-colors"] * 12))
    assert response.status_code == 302
    assert (
        len(
            service.reading.class_snapshot(
                teacher, service.classes.classes_of(teacher)[0].id
            ).groups
        )
        == 12
    )


def test_library_lists_can_be_filtered_by_difficulty_and_concept(
    client: Browser, teacher: int
) -> None:
    page = text(client.get("/teacher/classes/new?groups=1&difficulty=1&concept=color"))
    select = page.partition('name="groups-0-library_rule">')[2].partition("</select>")[0]
    listed = re.findall(r'value="([a-z0-9-]+)"', select)
    assert listed == ["alternate-colors", "red-cards-only", "same-color"]
    assert re.findall(r"\(difficulty (\d)", select) == ["1", "1", "1"]


def test_chosen_library_rule_shows_its_figures_and_example(client: Browser, teacher: int) -> None:
    page = text(client.get("/teacher/classes/new?groups=1"))
    assert "Accepted on average" in page
    assert "Example mainline" in page
    assert 'class="pcard red"' in page or 'class="pcard black"' in page


def test_rule_check_answers_with_figures_for_a_good_rule(client: Browser, teacher: int) -> None:
    client.get("/teacher/classes/new")
    response = client.post_json("/teacher/rules/check", {"text": "card.color != prev.color"})
    assert response.status_code == 200
    report = response.get_json()
    assert report["ok"] is True
    assert report["canonical"] == "card.color != prev.color"
    assert report["figures"] == {"mean": 50, "min": 50, "max": 50, "dead_ends": 0.0}
    assert report["warnings"] == []
    assert len(report["example"]) == 10


def test_rule_check_past_its_time_out_says_so_and_answers_later(
    app: Flask, client: Browser, teacher: int
) -> None:
    client.get("/teacher/classes/new")
    computing = app.extensions["use_cases"].context.computing
    assert not computing.in_process  # the figures are measured in a worker process
    # Every worker is busy for longer than the page waits: the measure is queued behind.
    busy = [computing.submit(time.sleep, 3.0) for _ in range(computing.workers)]
    app.config["COMPUTE_TIMEOUT_S"] = 0.5
    rule = "card.rank != prev.rank or card.suit == hearts"  # measured by no other test
    report = client.post_json("/teacher/rules/check", {"text": rule}).get_json()
    assert report == {
        "ok": False,
        "error": "This rule could not be measured in time. Please try again in a moment.",
        "line": None,
        "column": None,
    }
    assert all(future.result(30.0) is None for future in busy)
    app.config["COMPUTE_TIMEOUT_S"] = 30.0
    again = client.post_json("/teacher/rules/check", {"text": rule}).get_json()
    assert again["ok"] is True and again["canonical"] == rule


def test_rule_check_answers_with_the_error_and_caret_for_a_bad_rule(
    client: Browser, teacher: int
) -> None:
    client.get("/teacher/classes/new")
    response = client.post_json("/teacher/rules/check", {"text": "card.rank >"})
    assert response.status_code == 200
    assert response.get_json() == {
        "ok": False,
        "error": "expected a value here, but found the end of the rule",
        "line": 1,
        "column": 12,
        "excerpt": "    card.rank >\n               ^",
    }


def test_rule_check_without_the_csrf_token_is_refused(client: Browser, teacher: int) -> None:
    response = client.post_json("/teacher/rules/check", {"text": "card.odd"}, csrf=False)
    assert response.status_code == 400


def test_library_json_lists_every_rule_and_one_rule_has_figures(
    client: Browser, teacher: int
) -> None:
    rules = client.get("/teacher/rules/library.json").get_json()
    assert len(rules) == 50
    assert {"id", "title", "text", "difficulty", "concepts"} <= set(rules[0])
    one = client.get("/teacher/rules/library/alternate-colors.json").get_json()
    assert one["ok"] is True
    assert one["figures"]["mean"] == 50
    assert client.get("/teacher/rules/library/nothing.json").status_code == 404


def test_rule_check_of_nothing_is_a_bad_request(client: Browser, teacher: int) -> None:
    response = client.post_json("/teacher/rules/check", {"text": ""})
    assert response.status_code == 400
    assert response.get_json()["ok"] is False
