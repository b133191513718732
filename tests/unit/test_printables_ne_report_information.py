"""What each play taught, in the printed New Eleusis report: the Express report's section, read
back from the PDF in each of the four languages, its figures a brute-force count of the
candidates consistent with the strings played."""

from __future__ import annotations

import pytest

from classroom.core.robots.evidence import trials
from tests.unit.test_printables_ne_report import _report_pdf, _round_with_a_prophet
from tests.unit.test_printables_report_information import HEADINGS, SEPARATOR
from tests.unit.test_printables_support import fonts_of, text_of
from tests.unit.test_robot_candidates import CANDIDATES, brute_force

IDEAL = {
    "en": "Ideal scientists",
    "ja": "理想の科学者",
    "pl": "Idealni naukowcy",
    "ru": "Идеальные учёные",
}


def _figure(number: int, language: str) -> str:
    return f"{number:,}".replace(",", SEPARATOR[language]).replace("\xa0", " ")


@pytest.mark.parametrize("language", ["en", "ja", "pl", "ru"])
def test_the_new_eleusis_report_says_what_each_play_taught_in_its_language(
    language: str,
) -> None:
    game = _round_with_a_prophet()
    pdf = _report_pdf(game.events, language)
    assert all(fonts_of(pdf).values())  # the chart's drawing names no font the PDF lacks
    words = text_of(pdf)
    assert HEADINGS[language] in words
    assert (HEADINGS["en"] in words) == (language == "en")
    assert IDEAL[language] in words
    # pypdf may read a no-break space as a plain one: compare with plain spaces.
    flat = words.replace("\xa0", " ")
    assert f"{_figure(len(CANDIDATES), language)} → " in flat
    seen = list(trials(game.events))
    assert any(len(trial.cards) > 1 for trial in seen)  # strings of several cards, kept whole
    for upto in range(1, len(seen) + 1):
        before = brute_force(seen[: upto - 1]).bit_count()
        after = brute_force(seen[:upto]).bit_count()
        pair = f"{_figure(before, language)} → {_figure(after, language)}"
        assert pair in flat, (language, upto, pair)
