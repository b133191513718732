"""The tablet's page speaks the reader's language: the library's words and the rank letters of
that country's decks."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from classroom.core.rules.library import find_rule
from tests.web.conftest import Browser


def page_json(page: str, element_id: str) -> Any:
    """The JSON block with this id on the page."""
    found = re.search(
        rf'<script type="application/json" id="{element_id}">(.*?)</script>', page, re.S
    )
    assert found, element_id
    return json.loads(found.group(1))


def play_page(client: Browser, **headers: str) -> str:
    response = client.get("/play" + headers.pop("query", ""), headers=headers)
    assert response.status_code == 200
    return response.get_data(as_text=True)


@pytest.mark.parametrize(
    ("query", "language", "letters"),
    [
        ("?lang=pl", "pl", "AWDK"),
        ("?lang=ru", "ru", "ТВДК"),
        ("?lang=ja", "ja", "AJQK"),
        ("", "en", "AJQK"),
    ],
)
def test_the_revealed_rule_and_the_rank_letters_follow_the_chosen_language(
    client: Browser, query: str, language: str, letters: str
) -> None:
    page = play_page(client, query=query)
    texts = page_json(page, "rule-texts")
    words = page_json(page, "tablet-text")
    rule = find_rule("alternate-colors")
    assert texts["alternate-colors"] == rule.text_in(language)
    assert "".join(str(words[f"letter_{rank}"]) for rank in "AJQK") == letters


def test_the_browsers_language_is_spoken_without_a_choice(client: Browser) -> None:
    page = play_page(client, **{"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"})
    texts = page_json(page, "rule-texts")
    assert texts["same-suit"] == find_rule("same-suit").text_in("ru")
    assert page_json(page, "tablet-text")["letter_Q"] == "Д"


def test_a_student_dealer_picks_from_the_library_in_their_language(client: Browser) -> None:
    page = play_page(client, query="?lang=ja")
    library = page_json(page, "rule-library")
    assert isinstance(library, list)
    titles = {entry["id"]: entry["title"] for entry in library}
    assert titles["alternate-colors"] == "赤と黒を交互に"
    assert "one-higher" not in titles
