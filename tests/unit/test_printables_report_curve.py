"""The learning curve in the printed game report: a drawn chart and a sentence per student, in
each of the four languages; no section when nobody predicted."""

from __future__ import annotations

import random

import pytest

from classroom.core.games.express import Event, Round
from classroom.projections.journal_view import JournalRecord
from printables.documents import game_report_pdf
from printables.report.plan import RoundInfo, game_report
from tests.unit.test_game_support import Alternate
from tests.unit.test_printables_support import fonts_of, render, text_of

INFO = RoundInfo("7B", "Otters", 1, "card.color != prev.color", "alternate-colors")
NAMES = {"Ana": "Ana", "Ben": "さくら", "Chen": "Łucja"}
HEADINGS = {"en": "Learning curve", "ja": "学習曲線", "pl": "Krzywa uczenia się",
            "ru": "Кривая обучения"}  # fmt: skip


class Same:
    """A checker's answer: the secret rule."""

    verdict, detail, needs_more_decks = "same", "", False


def predicting_round(*, predict: bool = True) -> tuple[list[Event], int]:
    """Twelve plays of a real round on the alternating rule: Ben learns (wrong on the first two
    plays, right after), Chen always says "accepted", Ana is right every other play; returns the
    log and the seq after play 6, when Ben writes the rule down."""
    game = Round.deal(["Ana", "Ben", "Chen"], random.Random(3))
    rule = Alternate()
    written = 0
    for number in range(12):
        state = game.state
        seat = state.turn
        assert seat is not None
        hand, mainline = state.hand(seat), state.layout.mainline
        card = next((c for c in hand if rule.allows(mainline, c) == (number % 3 != 2)), hand[0])
        game.play(seat, card)
        truth = rule.allows(mainline, card)
        forecasts = {"Ana": truth == bool(number % 2), "Ben": truth == (number >= 2), "Chen": True}
        for other in state.seats if predict else ():
            if other != seat:
                game.predict(other, accepted=forecasts[other])
        game.judge_play(truth)
        if game.state.phase == "guess_window" and game.state.guesser is not None:
            game.pass_guess(game.state.guesser)
        if number == 5:
            written = game.state.seq
    return list(game.events), written


@pytest.mark.parametrize("language", ["en", "ja", "pl", "ru"])
def test_the_report_draws_the_curve_and_says_it_in_words(language: str) -> None:
    events, written = predicting_round()
    journal = [JournalRecord("Ben", written, "card.color != prev.color", 9, None, None, "")]
    report = game_report(
        events, INFO, NAMES, journal=journal, checker=lambda text: Same(),
        language=language,
    )  # fmt: skip
    pdf = game_report_pdf(report, language=language)
    words = text_of(pdf)
    assert HEADINGS[language] in words
    assert ("Each line: one student's" in words) == (language == "en")
    if language == "en":
        assert (
            "さくら: 7 of 7 right in the last 10 plays. Got it! First correct hypothesis at"
            " play 6." in words
        )
        assert "Łucja: " in words and "No correct hypothesis this round." in words
        render(pdf, "report-curve", resolution=50)
    if language == "ja":
        assert "わかった" in words


def test_a_round_without_predictions_prints_no_curve() -> None:
    plain, _ = predicting_round(predict=False)
    assert "Learning curve" not in text_of(game_report_pdf(game_report(plain, INFO, NAMES)))


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_font_of_a_report_with_predictions_is_embedded(language: str) -> None:
    # The chart's drawing starts in a font of its own: it must be one of the kit's too.
    events, _written = predicting_round()
    pdf = game_report_pdf(game_report(events, INFO, NAMES, language=language), language=language)
    fonts = fonts_of(pdf)
    assert fonts
    assert [name for name, embedded in fonts.items() if not embedded] == []
