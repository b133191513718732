"""What each play taught, in the printed game report: the section read back from the PDF in each
of the four languages, its figures a brute-force count of the candidates consistent."""

from __future__ import annotations

import pytest

from classroom.core.robots.evidence import trials
from printables.documents import game_report_pdf
from printables.report.plan import RoundInfo, game_report
from tests.unit.test_printables_support import render, text_of
from tests.unit.test_robot_candidates import CANDIDATES, brute_force, robot_free_round

INFO = RoundInfo("7B", "Otters", 1, "card.color != prev.color", "alternate-colors")
NAMES = {"Ana": "Ana", "Ben": "さくら", "Chen": "Łucja"}
HEADINGS = {
    "en": "What each play taught",
    "ja": "各プレイから学べたこと",
    "pl": "Czego nauczyło każde zagranie",
    "ru": "Чему научил каждый ход",
}
SEPARATOR = {"en": ",", "ja": ",", "pl": "\xa0", "ru": "\xa0"}


@pytest.mark.parametrize("language", ["en", "ja", "pl", "ru"])
def test_the_report_says_what_each_play_taught_in_its_language(language: str) -> None:
    events = list(robot_free_round("card.color != prev.color", 7, 6).events)
    report = game_report(events, INFO, NAMES, language=language)
    words = text_of(game_report_pdf(report, language=language))
    assert HEADINGS[language] in words
    assert (HEADINGS["en"] in words) == (language == "en")
    total = f"{len(CANDIDATES):,}".replace(",", SEPARATOR[language])
    # pypdf may read a no-break space as a plain one: compare without separators.
    flat = words.replace("\xa0", " ")
    assert f"{total} → ".replace("\xa0", " ") in flat
    seen = list(trials(events))
    for upto in range(1, len(seen) + 1):
        before = brute_force(seen[: upto - 1]).bit_count()
        after = brute_force(seen[:upto]).bit_count()
        pair = f"{before:,} → {after:,}".replace(",", SEPARATOR[language]).replace("\xa0", " ")
        assert pair in flat, (language, pair)
    if language == "en":
        assert "This card ruled out" in words and "Ideal scientists" in words
        render(game_report_pdf(report, language=language), "report-information", resolution=60)


def test_a_rule_in_plain_words_prints_no_ideal_line() -> None:
    events = list(robot_free_round("card.color != prev.color", 7, 4).events)
    info = RoundInfo("7B", "Otters", 1, "reds and blacks take turns", rule_kind="free")
    report = game_report(events, info, NAMES)
    assert report.information is not None and report.information.ideal is None
    words = text_of(game_report_pdf(report))
    assert "What each play taught" in words and "named the rule at play" not in words
