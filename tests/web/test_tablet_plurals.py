"""The tablet's words with a number (what a mistake costs) come in every plural form of the
page's language: ngettext's form for each sample number, which the script sorts into the
language's plural categories."""

from __future__ import annotations

import pytest

from tests.web.conftest import Browser
from tests.web.test_languages import page_json, play_page

COST_KEYS = {
    "no_play_cost",
    "ev_wrong",
    "ev_no_play_right",
    "ev_no_play_wrong",
    "ev_wrong_me",
    "ev_no_play_right_me",
    "ev_no_play_wrong_me",
    "out_wrong",
    "out_no_play_wrong",
    "ne_string_cost",
    "ne_out_wrong",
    "ne_string_full",
}


@pytest.mark.parametrize(
    ("query", "one", "few", "many"),
    [
        ("", "{n} penalty card.", "{n} penalty cards.", "{n} penalty cards."),
        ("?lang=pl", "{n} kartę karną.", "{n} karty karne.", "{n} kart karnych."),
        ("?lang=ru", "{n} штрафную карту.", "{n} штрафные карты.", "{n} штрафных карт."),
        ("?lang=ja", "ペナルティカードを{n}枚引きます。", "を{n}枚引きます。", "を{n}枚引きます。"),
    ],
)
def test_the_no_play_warning_has_each_plural_form_of_the_language(
    client: Browser, query: str, one: str, few: str, many: str
) -> None:
    samples = page_json(play_page(client, query=query), "tablet-plurals")
    assert samples["1"]["no_play_cost"].endswith(one)
    assert samples["2"]["no_play_cost"].endswith(few)
    assert samples["5"]["no_play_cost"].endswith(many)
    assert samples["21"]["no_play_cost"] == samples["1" if "ru" in query else "5"]["no_play_cost"]


def test_every_sample_holds_every_text_with_its_number(client: Browser) -> None:
    samples = page_json(play_page(client, query="?lang=ru"), "tablet-plurals")
    assert {"0", "1", "2", "5", "21", "22"} <= set(samples)
    for sample, words in samples.items():
        assert set(words) == COST_KEYS, sample
        assert all("{n}" in text for text in words.values()), sample


def test_the_words_without_a_number_no_longer_say_one_card(client: Browser) -> None:
    words = page_json(play_page(client), "tablet-text") | page_json(play_page(client), "ne-text")
    assert not [text for text in words.values() if "one card" in text or "a penalty card" in text]
