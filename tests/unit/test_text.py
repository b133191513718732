"""Messages keep what they are made of, so the edge can say them in the reader's language."""

from __future__ import annotations

import pytest

from classroom.core.games.express import NotYourTurn, deal, play, replay
from classroom.core.text import Seat, Text, _, render

FAKE_CATALOG = {
    "It is %s's turn, not yours.": "C'est au tour de %s.",
    "%(group)s has %(n)d %(who)s; a round needs 3 to 8.": "%(group)s : %(n)d %(who)s.",
    "players": "joueurs",
}


def translate(msgid: str) -> str:
    return FAKE_CATALOG.get(msgid, msgid)


def test_a_message_reads_as_english_and_keeps_its_msgid() -> None:
    message = _("It is %s's turn, not yours.") % Seat("3")
    assert message == "It is 3's turn, not yours."
    assert isinstance(message, Text) and message.msgid == "It is %s's turn, not yours."


def test_the_edge_translates_and_names_the_seat() -> None:
    message = _("It is %s's turn, not yours.") % Seat("3")
    assert render(message, translate, {"3": "Ana"}.get) == "C'est au tour de Ana."


def test_arguments_that_are_messages_are_translated_too() -> None:
    message = _("%(group)s has %(n)d %(who)s; a round needs 3 to 8.") % {
        "group": "Otters",
        "n": 2,
        "who": _("players"),
    }
    assert str(message) == "Otters has 2 players; a round needs 3 to 8."
    assert render(message, translate) == "Otters : 2 joueurs."


def test_plain_text_and_unknown_seats_pass_through() -> None:
    assert render("plain", translate) == "plain"
    assert render(_("It is %s's turn, not yours.") % Seat("9"), translate, {}.get).endswith("9.")


def test_an_engine_error_never_shows_a_seat_id_to_a_reader() -> None:
    import random

    state = replay([deal(["11", "12", "13"], random.Random(1))])
    with pytest.raises(NotYourTurn) as caught:
        play(state, "12", state.hand("12")[0])
    names = {"11": "Ana", "12": "Ben", "13": "Chen"}
    said = render(caught.value, translate, names.get)
    assert "Ana" in said and "11" not in said
