"""A teacher reads a rule's compile error in their own language, caret and place included."""

from __future__ import annotations

import pytest
from flask import Flask

from classroom.core.rules import RuleError, compile_rule
from classroom.web import messages
from classroom.web.messages import say

FAKE_JAPANESE = {
    "unknown attribute '%(name)s'; did you mean '%(suggestion)s'?": (
        "「%(name)s」という属性はありません。「%(suggestion)s」のことですか?"
    ),
}


def error_for(text: str) -> RuleError:
    with pytest.raises(RuleError) as caught:
        compile_rule(text)
    return caught.value


def test_a_japanese_reader_gets_the_place_in_japanese_and_the_caret_under_the_rule(
    app: Flask,
) -> None:
    error = error_for("card.color == red and\n  card.colour == red")
    with app.test_request_context("/join?lang=ja"):
        said = say(error)
    sentence, quoted, caret = said.splitlines()
    assert sentence.startswith("2 行 8 列: ")  # the catalog's own translation of the place
    assert quoted == "      card.colour == red"
    assert quoted[caret.index("^") : caret.rindex("^") + 1] == "colour"


def test_the_message_goes_through_the_readers_catalog(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []

    def gettext(msgid: str) -> str:
        asked.append(msgid)
        return FAKE_JAPANESE.get(msgid, msgid)

    monkeypatch.setattr(messages, "gettext", gettext)
    error = error_for("card.colour == red")
    with app.test_request_context("/join?lang=ja"):
        said = say(error)
    assert error.message.msgid in asked
    assert said.splitlines()[0].endswith("「colour」という属性はありません。「color」のことですか?")
    assert said.splitlines()[1:] == str(error).splitlines()[1:]


def test_an_english_reader_gets_the_sentence_as_written(app: Flask) -> None:
    error = error_for("card.colour == red")
    with app.test_request_context("/join?lang=en"):
        said = say(error)
    assert said.splitlines()[0] == (
        "Line 1, column 6: unknown attribute 'colour'; did you mean 'color'?"
    )
