"""The rule library in Japanese, Polish and Russian: every rule's words, read from
lessons/rules/i18n/<language>.yaml, and the loader's checks of those files."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from classroom.core.rules.library import (
    LibraryError,
    LibraryRule,
    RuleWords,
    find_rule,
    load_library,
    localized,
)

LANGUAGES = ("ja", "pl", "ru")
LIBRARY = load_library()
CASES = [(language, rule) for language in LANGUAGES for rule in LIBRARY]
JAPANESE = re.compile("[\u3040-\u30ff\u4e00-\u9fff]")
CYRILLIC = re.compile("[\u0400-\u04ff]")
#: Rank letters a language's decks do not print, standing alone as a card would be named.
FOREIGN_LETTERS = {
    "ja": re.compile(r"(?<!\w)[WDТВДК](?!\w)"),
    "pl": re.compile(r"(?<!\w)[JQТВДК](?!\w)"),
    "ru": re.compile(r"(?<!\w)[AJQKWD](?!\w)"),
}


def case_id(case: tuple[str, LibraryRule]) -> str:
    return f"{case[0]}-{case[1].id}"


# The kit's own library


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rule_has_a_title_text_and_hint_in_the_language(language: str) -> None:
    missing = [
        rule.id
        for rule in LIBRARY
        if language not in rule.words
        or not all((rule.title_in(language), rule.text_in(language), rule.hint_in(language)))
    ]
    assert len(LIBRARY) == 50
    assert missing == []


@pytest.mark.parametrize(("language", "rule"), CASES, ids=list(map(case_id, CASES)))
def test_worked_examples_hold_for_the_rule_read_in_every_language(
    language: str, rule: LibraryRule
) -> None:
    words = rule.words[language]
    assert words.title and words.text and words.hint
    # The examples are the same in every language: the words must describe this very rule.
    for example in rule.examples:
        assert rule.rule.allows(example.mainline, example.card) == example.accepted, example
    assert not FOREIGN_LETTERS[language].search(words.text), words.text


@pytest.mark.parametrize(("language", "rule"), CASES, ids=list(map(case_id, CASES)))
def test_words_are_written_in_the_language_not_copied_from_english(
    language: str, rule: LibraryRule
) -> None:
    words = rule.words_in(language)
    assert (words.title, words.text) != (rule.title, rule.text)
    script = {"ja": JAPANESE, "ru": CYRILLIC}.get(language)
    if script is not None:
        assert script.search(words.title) and script.search(words.text)


def test_rank_letters_in_the_texts_are_those_of_each_countrys_decks() -> None:
    rule = find_rule("higher-unless-face")
    assert "(W, D, K)" in rule.text_in("pl")
    assert "(В, Д, К)" in rule.text_in("ru")
    assert "J、Q、K" in rule.text_in("ja")


def test_localized_rule_reads_the_language_and_keeps_the_rule() -> None:
    rule = find_rule("alternate-colors")
    polish = localized(rule, "pl")
    assert (polish.title, polish.text, polish.hint) == (
        rule.title_in("pl"),
        rule.text_in("pl"),
        rule.hint_in("pl"),
    )
    assert (polish.id, polish.rule, polish.examples) == (rule.id, rule.rule, rule.examples)
    assert polish.words == rule.words


@pytest.mark.parametrize("language", ["en", "de", "xx"])
def test_english_or_a_language_without_a_file_reads_english(language: str) -> None:
    rule = find_rule("same-suit")
    assert rule.words_in(language) == RuleWords(rule.title, rule.text, rule.hint)
    assert localized(rule, language).title == "Same suit"


@pytest.mark.parametrize("tag", ["ja-JP", "ja_JP", "JA"])
def test_a_regional_tag_reads_its_language(tag: str) -> None:
    rule = find_rule("same-suit")
    assert rule.title_in(tag) == rule.words["ja"].title


# Language files the loader refuses

RULE = {
    "id": "same-suit",
    "title": "Same suit",
    "text": "Play a card of the same suit.",
    "rule": "card.suit == prev.suit",
    "difficulty": 1,
    "concepts": ["suit"],
    "age_band": "5-7",
    "source": "original",
    "examples": [{"mainline": ["4C"], "card": "JC", "accepted": True}],
}
POLISH = {"title": "Ten sam kolor", "text": "Zagraj kartę w tym samym kolorze."}


def library_folder(tmp_path: Path, words: dict[str, object] | None, name: str = "pl") -> Path:
    (tmp_path / "same-suit.yaml").write_text(yaml.safe_dump(RULE), encoding="utf-8")
    if words is not None:
        (tmp_path / "i18n").mkdir()
        dumped = yaml.safe_dump(words, allow_unicode=True)
        (tmp_path / "i18n" / f"{name}.yaml").write_text(dumped, encoding="utf-8")
    return tmp_path


def test_a_library_without_language_files_speaks_english_only(tmp_path: Path) -> None:
    (rule,) = load_library(library_folder(tmp_path, None))
    assert rule.words == {} and rule.title_in("pl") == "Same suit"


def test_a_language_file_gives_its_words_and_no_hint_when_it_has_none(tmp_path: Path) -> None:
    (rule,) = load_library(library_folder(tmp_path, {"same-suit": POLISH}))
    assert rule.words_in("pl") == RuleWords("Ten sam kolor", POLISH["text"], None)
    assert rule.title_in("ru") == "Same suit"


@pytest.mark.parametrize(
    ("words", "problem"),
    [
        ({}, "no words for the rule.*same-suit"),
        ({"same-suit": POLISH, "lost-rule": POLISH}, "no rule has the id.*lost-rule"),
        ({"same-suit": {"title": "Ten sam kolor"}}, "same-suit: text must be some text"),
        ({"same-suit": {**POLISH, "hint": " "}}, "same-suit: hint must be some text"),
        ({"same-suit": {**POLISH, "notes": "x"}}, "must have the fields title, text"),
        (["same-suit"], "maps rule ids"),
    ],
    ids=["missing-rule", "unknown-rule", "no-text", "empty-hint", "unknown-field", "a-list"],
)
def test_a_bad_language_file_raises_library_error_naming_file_and_problem(
    tmp_path: Path, words: object, problem: str
) -> None:
    folder = library_folder(tmp_path, words)  # type: ignore[arg-type]
    with pytest.raises(LibraryError, match=problem) as raised:
        load_library(folder)
    assert "pl.yaml" in str(raised.value)


def test_a_language_file_must_be_named_by_its_language_code(tmp_path: Path) -> None:
    folder = library_folder(tmp_path, {"same-suit": POLISH}, name="polish")
    with pytest.raises(LibraryError, match="language code"):
        load_library(folder)
