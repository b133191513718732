"""A whole lesson in Japanese, Polish or Russian shows no English: the new-class form, the class
page, the guess list, the timeline, the debrief, the totals, the projector and a tablet, for a
class with library rules and the default group names, after a round with guesses (one built by
taps). The words looked for are those of the English catalog and of the library's English texts;
only true names (nicknames, card codes, the game's name) may stay as they are."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from flask import Flask

from classroom.core.rules.library import find_rule, load_library
from classroom.usecases import SeatRef, UseCases
from tests.live_class import LiveClass
from tests.web.conftest import Browser, class_form, text
from tests.web.test_class_language import ENGLISH
from tests.web.test_languages import page_json

ROOT = Path(__file__).resolve().parents[2]
#: The English texts are the msgids of every catalog; the Japanese one holds them all.
CATALOG = ROOT / "classroom" / "translations" / "ja" / "LC_MESSAGES" / "messages.po"
NICKNAMES = ("Łucja", "Маша", "さくら")
RULES = ("alternate-colors", "even-cards-only")
#: English words that are names, or read the same in the class's language.
NAMES = {"eleusis", "express", "csv", "json", "pdf", "svg", "ok"}
#: The rule language's words, which read the same in every language: an example of a rule
#: (a placeholder to write over) and its card names where the help names them in brackets.
RULE_LANGUAGE = re.compile(r"^card\.color != prev\.color$|\((card|prev|prev2)\)")
#: The game's names are names: "New" is English only outside "New Eleusis".
GAME_NAMES = re.compile(r"New Eleusis|Eleusis Express")
#: The glossary's Polish name of the call is „no play” (the button says "Brak zagrania").
CALLS = {"pl": re.compile(r"„[Nn]o play”")}
#: Words of the language itself spelt as in English.
SAME_WORDS = {"pl": {"tablet", "start", "link", "minus", "robot"}}
#: Elements whose text is not prose: rule-language code (a teacher's detail) and machinery.
_NOT_PROSE = {"script", "style", "code", "pre", "kbd", "samp", "template"}
_HUMAN_ATTRIBUTES = {"placeholder", "title", "aria-label", "alt", "label"}
#: A word of any script; only the ones in Latin letters alone can be English.
_WORD = re.compile(r"[^\W\d_]{3,}")
_LATIN = re.compile(r"[A-Za-z]+")
#: Placeholders, markup and addresses are not words a reader sees.
_NOT_WORDS = re.compile(r"%\([a-z_]+\)[sd]|%[sd]|\{[a-z_]+\}|<[^>]*>|&[a-z]+;|\S+/\S*")


@cache
def english_words() -> frozenset[str]:
    """Every word of the English catalog's texts and of the library's English titles and texts."""
    with CATALOG.open("rb") as file:
        catalog = read_po(file)
    texts: list[str] = []
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        texts.extend(str(msgid) for msgid in ids if msgid)
    for rule in load_library():
        texts.extend([rule.title, rule.text, rule.hint or ""])
    return frozenset(word.lower() for text in texts for word in latin_words(text)) - NAMES


def latin_words(text: str) -> set[str]:
    """The words of `text` written in Latin letters only (Polish "gotów" is not "got")."""
    return {w for w in _WORD.findall(_NOT_WORDS.sub(" ", text)) if _LATIN.fullmatch(w)}


class _Reader(HTMLParser):
    """What a reader sees of a page: text nodes, human attributes, and the texts of the
    JSON text tables that the page's scripts draw from."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.shown: list[str] = []
        self._skipping: list[str] = []
        self._json = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        for name, value in attrs:
            if value and (name in _HUMAN_ATTRIBUTES or name.startswith("data-t-")):
                self.shown.append(value)
        if tag == "script" and attributes.get("type") == "application/json":
            self._json = True
        if tag in _NOT_PROSE:
            self._skipping.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self._skipping and self._skipping[-1] == tag:
            self._skipping.pop()
        if tag == "script":
            self._json = False

    def handle_data(self, data: str) -> None:
        if self._json:
            self.shown.extend(_json_texts(json.loads(data)))
        elif not self._skipping:
            self.shown.append(data)


#: Keys of a page's data that hold ids, rule-language code and states, not words.
_MACHINE_KEYS = {
    "rule_id",
    "id",
    "canonical",
    "rule",
    "picture",
    "swatch",
    "status",
    "end_reason",
    "kind",
    "mode",
}


def _json_texts(value: object) -> Iterator[str]:
    """The texts of a text table, not its keys, ids or rule-language code."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in _MACHINE_KEYS:
                yield from _json_texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _json_texts(item)
    elif isinstance(value, str):
        yield value


def english_on(page: str, language: str) -> list[str]:
    """The English words a reader sees on `page` in `language`, each with its text."""
    same = SAME_WORDS.get(language, set())
    reader = _Reader()
    reader.feed(page)
    reader.close()
    english = english_words()
    found = []
    for written in reader.shown:
        shown = GAME_NAMES.sub(" ", RULE_LANGUAGE.sub(" ", written.strip()))
        if language in CALLS:
            shown = CALLS[language].sub(" ", shown)
        words = {word for word in latin_words(shown) if word.lower() in english - same}
        if words:
            found.append(f"{sorted(words)} in {' '.join(shown.split())[:120]!r}")
    return sorted(set(found))


def test_the_reader_finds_english_in_text_attributes_and_text_tables() -> None:
    page = (
        '<p title="Secret rule">秘密のルール</p><code>card.color != prev.color</code>'
        '<script type="application/json" id="t">{"id": "even", "no_play": "No play"}</script>'
        "<script>const round = 1;</script><p>Łucja: 5♠ JH</p><p>Otters</p>"
    )
    assert english_on(page, "ja") == [
        "['Otters'] in 'Otters'",
        "['Secret', 'rule'] in 'Secret rule'",
        "['play'] in 'No play'",
    ]


def seat(app: Flask, service: UseCases, code: str, group_id: int, nickname: str) -> Browser:
    """A tablet seated through the join form; its browser (asking for English)."""
    tablet = Browser(app, address="10.0.0.52")
    tablet.get(f"/join?code={code}", headers=ENGLISH)
    answer = tablet.post("/join/seat", {"code": code, "group": str(group_id), "nickname": nickname})
    assert answer.status_code == 302, text(answer)
    return tablet


def seat_of(service: UseCases, tablet: Browser) -> SeatRef:
    with tablet.client.session_transaction() as session:
        return service.seats.seat_by_token(session["play_token"])


def play_with_guesses(live: LiveClass, group_id: int) -> None:
    """A round: wrong plays, a guess built by taps (wrong), a hint, a guess in words (right)."""
    live.service.rounds.start_round(live.teacher_id, group_id)
    live.play(group_id, accepted=False)
    guesser = live.seat(group_id, live.play_until_guess_window(group_id))
    live.service.built.guess(guesser, "only", {"kind": "red"}, "built-1")
    live.service.rounds.judge_guess(live.teacher_id, group_id, False)
    live.service.rounds.give_hint(live.teacher_id, group_id, "Patrzcie na kolory")
    live.play(group_id, accepted=False)
    live.guess(group_id, "kolory na przemian", right=True)


def lesson_pages(
    app: Flask, client: Browser, service: UseCases, teacher: int, language: str
) -> dict[str, str]:
    """Every page of a lesson, read by browsers asking for English: a class made with the
    form's default group names, a round with a built guess and a guess in words, judged."""
    new_form = text(client.get("/teacher/classes/new?groups=2", headers=ENGLISH))
    names = re.findall(r'name="groups-(\d)-name"[^>]*value="([^"]*)"', new_form)
    assert len(names) == 2, "the form offers a name for each group"
    form = class_form("4a", list(RULES), language=language)
    form.update({f"groups-{n}-name": name for n, name in names})
    made = client.post("/teacher/classes/new", form)
    assert made.status_code == 302, text(made)
    class_id = int(made.location.rsplit("/", 1)[1])
    snapshot = service.reading.class_snapshot(teacher, class_id)
    group_ids = tuple(group.group_id for group in snapshot.groups)
    tablets = [seat(app, service, snapshot.join_code, group_ids[0], name) for name in NICKNAMES]
    live = LiveClass(service, teacher, class_id, snapshot.join_code, group_ids)
    live.seats[group_ids[0]] = [seat_of(service, tablet) for tablet in tablets]
    play_with_guesses(live, group_ids[0])
    service.rounds.set_revealed(teacher, group_ids[0], True)
    group = f"/teacher/groups/{group_ids[0]}"
    urls = {
        "class": f"/teacher/classes/{class_id}",
        "guesses": f"/teacher/classes/{class_id}/guesses",
        "timeline": f"{group}/timeline",
        "debrief": f"{group}/debrief",
        "totals": f"/teacher/classes/{class_id}/totals",
    }
    pages = {name: text(client.get(url, headers=ENGLISH)) for name, url in urls.items()}
    link = service.classes.projector_link_token(teacher, class_id)
    pages["projector"] = text(app.test_client().get(f"/projector/{link}", headers=ENGLISH))
    pages["tablet"] = text(tablets[0].get("/play", headers=ENGLISH))
    pages["new class"] = new_form
    return pages


@pytest.mark.parametrize("language", ["ja", "pl", "ru"])
def test_a_lesson_shows_no_english(
    app: Flask, client: Browser, service: UseCases, teacher: int, language: str
) -> None:
    service.preferences.set_teacher_language(teacher, language)
    pages = lesson_pages(app, client, service, teacher, language)
    english = {name: english_on(page, language) for name, page in pages.items()}
    shown = {name: found for name, found in english.items() if found}
    assert shown == {}, "\n".join(
        f"{name}: {line}" for name, found in shown.items() for line in found
    )


def test_the_projector_says_a_revealed_library_rule_in_the_class_language(
    app: Flask, client: Browser, service: UseCases, teacher: int
) -> None:
    service.preferences.set_teacher_language(teacher, "pl")
    projector = lesson_pages(app, client, service, teacher, "ru")["projector"]
    tile = page_json(projector, "projector-initial")["groups"][0]
    words = page_json(projector, "projector-text")
    assert tile["rule"] == "card.color != prev.color" and tile["rule_id"] == RULES[0]
    assert words[f"rule_words_{RULES[0]}"] == find_rule(RULES[0]).text_in("ru")
