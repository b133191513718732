"""Words that children and teachers in Poland and Russia read as they should: numbers agree with
their nouns, a student of unknown gender is not addressed as a boy, one word for one thing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from babel.support import Translations

ROOT = Path(__file__).resolve().parents[2]
TABLE = (
    "The table: %(right)d of %(predicted)d predictions right over the last %(num)d play"
    " (%(percent)d %%)."
)
TABLE_PLURAL = TABLE.replace(" play ", " plays ")


def catalog(language: str) -> Catalog:
    with (ROOT / "classroom" / "translations" / language / "LC_MESSAGES" / "messages.po").open(
        "rb"
    ) as file:
        return read_po(file)


def said(language: str, msgid: str) -> str:
    message = catalog(language).get(msgid)
    assert message is not None and message.string, msgid
    # Every plural form of a sentence with a number, one after another.
    return " | ".join(message.string) if isinstance(message.string, tuple) else message.string


def table_line(language: str, plays: int) -> str:
    with (ROOT / "classroom" / "translations" / language / "LC_MESSAGES" / "messages.mo").open(
        "rb"
    ) as file:
        translations = Translations(file)
    arguments = {"right": 1, "predicted": 1, "num": plays, "percent": 100}
    return translations.ngettext(TABLE, TABLE_PLURAL, plays) % arguments


@pytest.mark.parametrize(
    ("plays", "words"),
    [
        (1, "за последний 1 ход "),
        (3, "за последние 3 хода "),
        (5, "за последние 5 ходов "),
        (21, "за последний 21 ход "),
    ],
)
def test_russian_plays_agree_with_their_number(plays: int, words: str) -> None:
    assert words in table_line("ru", plays)


@pytest.mark.parametrize(
    ("plays", "words"), [(1, "w ostatnim 1 zagraniu"), (4, "w ostatnich 4 zagraniach")]
)
def test_polish_plays_agree_with_their_number(plays: int, words: str) -> None:
    assert words in table_line("pl", plays)


def test_how_many_predicted_right_needs_no_verb_agreement() -> None:
    assert said("pl", "{right} of {of} predicted right.") == "Trafne przewidywania: {right} z {of}."
    assert said("ru", "{right} of {of} predicted right.") == "Верных предсказаний: {right} из {of}."


@pytest.mark.parametrize(
    ("language", "msgid", "unwanted"),
    [
        ("ru", "You are out of this round. Watch the others play.", "выбыл "),
        ("ru", "Remove %(name)s? Their tablet leaves the class.", "Удалить %(name)s?"),
        ("ru", "Remove %(name)s", "Удалить %(name)s"),
        ("ru", "%(name)s made no prediction in the last %(window)d play.", "(а)"),
        ("pl", "%(name)s made no prediction in the last %(window)d play.", "(a)"),
        ("pl", "You have already been prophet in this round.", "byłeś"),
        (
            "pl",
            "A marker goes on the card you just played. Put your hand aside: the prophet does"
            " not play.",
            "zagrałeś",
        ),
    ],
)
def test_a_student_of_unknown_gender_is_not_addressed_as_a_boy(
    language: str, msgid: str, unwanted: str
) -> None:
    assert unwanted not in said(language, msgid)


def test_russian_words_for_the_change_button_and_a_new_deck() -> None:
    assert said("ru", "Change") == "Изменить"
    assert said("ru", "A new deck went into the stock.").count("колод") == 1


def test_russian_calls_the_prophets_marker_one_thing() -> None:
    strings = [
        text
        for message in catalog("ru")
        if message.id
        for text in (message.string if isinstance(message.string, tuple) else (message.string,))
    ]
    assert not [text for text in strings if "метк" in text.lower().replace("заметк", "")]
    assert said("ru", "marker") == "фишка"


def test_polish_no_play_button_is_in_polish() -> None:
    assert said("pl", "No play") == "Brak zagrania"


@pytest.mark.parametrize(("language", "slash"), [("ru", r"\w\(а\)"), ("pl", r"\w\(a\)")])
def test_no_sentence_hedges_a_students_gender_with_a_bracketed_ending(
    language: str, slash: str
) -> None:
    hedged = [
        message.id
        for message in catalog(language)
        if message.id
        for text in (message.string if isinstance(message.string, tuple) else (message.string,))
        if re.search(slash, text)
    ]
    assert hedged == []


def window_line(language: str, msgid: str, window: int) -> str:
    with (ROOT / "classroom" / "translations" / language / "LC_MESSAGES" / "messages.mo").open(
        "rb"
    ) as file:
        translations = Translations(file)
    singular = msgid.replace("%(window)d plays", "%(window)d play")
    return translations.ngettext(singular, msgid, window) % {
        "name": "Ana", "right": 1, "predicted": 1, "window": window, "share": 60, "least": 3,
        "group": "A", "n": 1,
    }  # fmt: skip


WINDOW_SENTENCES = (
    "%(name)s: %(right)d of %(predicted)d right in the last %(window)d plays.",
    "The whole group: %(right)d of %(predicted)d right in the last %(window)d plays.",
    "“Got it”: at least %(share)d %% right over the last %(window)d plays, "
    "with at least %(least)d predictions.",
    "Right predictions in the last %(window)d plays",
    "Learning curve of %(group)s, round %(n)d: right predictions over the last "
    "%(window)d plays, play after play.",
)


@pytest.mark.parametrize("msgid", WINDOW_SENTENCES)
@pytest.mark.parametrize(
    ("language", "window", "words"),
    [
        ("ru", 1, "последний 1 ход"),
        ("ru", 3, "последние 3 хода"),
        ("ru", 5, "последние 5 ходов"),
        ("ru", 22, "последние 22 хода"),
        ("pl", 1, "ostatnim 1 zagraniu"),
        ("pl", 5, "ostatnich 5 zagraniach"),
    ],
)
def test_the_curves_window_of_plays_agrees_with_its_number(
    msgid: str, language: str, window: int, words: str
) -> None:
    assert words in window_line(language, msgid, window)
