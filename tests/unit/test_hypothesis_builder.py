"""Hypotheses built by taps: every template and choice makes a rule, the easy library rules can
all be built, and the sentences exist in every language."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from babel.support import Translations

from classroom.core.hypotheses import check_equivalence
from classroom.core.hypotheses.builder import (
    TEMPLATES,
    BuilderError,
    build,
    built_from,
    catalog,
    compose,
    find_template,
    words,
)
from classroom.core.rules import compile_rule
from classroom.core.rules.library import load_library
from classroom.core.text import Text

TRANSLATIONS = Path(__file__).resolve().parents[2] / "classroom" / "translations"
EVERY_FILLING = [
    (
        template.id,
        {blank.id: choice.id for blank, choice in zip(template.blanks, combo, strict=True)},
    )
    for template in TEMPLATES
    for combo in itertools.product(*(blank.choices for blank in template.blanks))
]
#: For every library rule of difficulty 1 and 2, a hypothesis built by taps that is the same rule.
LIBRARY_BUILT = {
    "alternate-colors": ("alternate", {"what": "color"}),
    "different-suit": ("alternate", {"what": "suit"}),
    "even-cards-only": ("only", {"kind": "even"}),
    "face-cards-only": ("only", {"kind": "face"}),
    "hearts-and-spades": ("either", {"first": "hearts", "second": "spades"}),
    "low-cards-only": ("only", {"kind": "low"}),
    "one-higher": ("compare", {"how": "one_higher"}),
    "red-cards-only": ("only", {"kind": "red"}),
    "same-color": ("same", {"what": "color"}),
    "same-suit": ("same", {"what": "suit"}),
    "face-and-number-alternate": ("alternate", {"what": "face"}),
    "low-high-alternate": ("alternate", {"what": "low_high"}),
    "low-red-high-black": ("colors_split", {"red": "low", "black": "high"}),
    "multiple-of-three": ("only", {"kind": "threes"}),
    "odd-even-alternate": ("alternate", {"what": "parity"}),
    "odd-on-black": ("colors_split", {"red": "even", "black": "odd"}),
    "red-after-hearts": ("after", {"when": "hearts", "then": "red", "otherwise": "black"}),
    "same-parity": ("same", {"what": "parity"}),
    "suit-cycle": ("cycle", {"order": "SHDC"}),
}
EASY = [rule for rule in load_library() if rule.difficulty <= 2]


@pytest.mark.parametrize(("template_id", "choices"), EVERY_FILLING)
def test_every_template_with_every_choice_compiles(
    template_id: str, choices: dict[str, str]
) -> None:
    text = compose(template_id, choices)
    assert compile_rule(text).depth <= 1


def test_the_templates_asked_for_are_offered() -> None:
    assert {"after", "compare", "only", "alternate"} <= {template.id for template in TEMPLATES}
    assert len(EVERY_FILLING) > 1000


def test_every_easy_library_rule_has_a_built_hypothesis() -> None:
    assert sorted(rule.id for rule in EASY) == sorted(LIBRARY_BUILT)


@pytest.mark.parametrize("rule", EASY, ids=lambda rule: rule.id)
def test_the_built_hypothesis_is_the_library_rule(rule) -> None:  # type: ignore[no-untyped-def]
    template_id, choices = LIBRARY_BUILT[rule.id]
    result = check_equivalence(rule.rule_text, compose(template_id, choices))
    assert result.verdict == "same", result.counterexample


def test_a_wrong_filling_is_a_different_rule() -> None:
    built = compose("after", {"when": "hearts", "then": "black", "otherwise": "red"})
    assert (
        check_equivalence(
            "if prev.suit == hearts then card.color == red else card.color == black", built
        ).verdict
        == "different"
    )


def test_the_sentence_names_each_choice() -> None:
    said = words("either", {"first": "hearts", "second": "spades"})
    assert str(said) == "Only ♥ hearts or ♠ spades cards."
    assert str(words("compare", {"how": "higher"})) == "Play a card higher than the last card."


def test_built_keeps_the_choices_and_both_forms() -> None:
    built = build("only", {"kind": "even"})
    assert (built.template, dict(built.choices), built.rule_text) == (
        "only",
        {"kind": "even"},
        "card.even",
    )
    assert isinstance(built.words, Text)


@pytest.mark.parametrize(
    ("template_id", "choices", "message"),
    [
        ("nonsense", {}, "Choose one of the sentences first."),
        (None, {}, "Choose one of the sentences first."),
        ("only", {}, "Choose something for every blank first."),
        ("only", "red", "Choose something for every blank first."),
        ("only", {"kind": "purple"}, "That choice does not fit in this blank. Choose another one."),
        (
            "only",
            {"kind": "red", "extra": "x"},
            "That choice does not fit in this blank. Choose another one.",
        ),
        (
            "colors_split",
            {"red": "black", "black": "odd"},
            "That choice does not fit in this blank. Choose another one.",
        ),
        (
            "after",
            {"when": "red", "then": "any", "otherwise": "any"},
            "That choice does not fit in this blank. Choose another one.",
        ),
    ],
)
def test_bad_input_raises_a_builder_error(
    template_id: object, choices: object, message: str
) -> None:
    with pytest.raises(BuilderError) as raised:
        compose(template_id, choices)
    assert str(raised.value) == message
    assert isinstance(raised.value.args[0], Text)


def test_find_template_gives_the_blanks_in_sentence_order() -> None:
    template = find_template("after")
    assert [blank.id for blank in template.blanks] == ["when", "then", "otherwise"]
    assert (
        str(template.pattern())
        == "After a {when} card, play a {then} card. After other cards: {otherwise}."
    )


def test_the_catalog_gives_every_choice_a_picture() -> None:
    listed = catalog()
    assert [entry["id"] for entry in listed] == [template.id for template in TEMPLATES]
    for entry in listed:
        for blank in entry["blanks"]:
            for choice in blank["choices"]:
                assert choice["id"] and str(choice["label"]) and str(choice["picture"])
    suits = next(b for b in listed[0]["blanks"] if b["id"] == "kind")["choices"]
    spades = next(choice for choice in suits if choice["id"] == "spades")
    assert spades["picture"] == "♠" and "spades" in str(spades["label"])


SCRIPTS = {
    "ja": re.compile("[\u3040-\u30ff\u4e00-\u9fff]"),
    "ru": re.compile("[\u0400-\u04ff]"),
    "pl": re.compile("[a-ząćęłńóśźż]"),
}


@pytest.mark.parametrize("language", ["ja", "pl", "ru"])
def test_the_words_exist_in_every_language(language: str) -> None:
    catalog_ = Translations.load(str(TRANSLATIONS), [language])
    for template_id, choices in EVERY_FILLING[::7]:
        english = words(template_id, choices)
        said = english.render(catalog_.gettext)
        assert said != str(english), (language, template_id, choices)
        assert SCRIPTS[language].search(said) and "%(" not in said
    for template in TEMPLATES:
        pattern = template.pattern().render(catalog_.gettext)
        assert pattern != str(template.pattern())
        assert all(f"{{{blank.id}}}" in pattern for blank in template.blanks)


def test_every_built_rule_text_leads_back_to_its_words() -> None:
    for template_id, choices in EVERY_FILLING[::5]:
        built = build(template_id, choices)
        found = built_from(f" {built.rule_text} ")
        assert found is not None and found.rule_text == built.rule_text
        assert str(found.words) == str(built.words) or found.template == "either"
    assert built_from("card.color != prev.color and true") is None


def test_the_journal_shows_a_built_hypothesis_in_words() -> None:
    from classroom.projections.journal_view import JournalRecord, journal_view

    def record(text: str) -> JournalRecord:
        return JournalRecord("1", 0, text, None, None, None, "")

    built, typed = journal_view([record("card.even"), record("card.rank % 2 == 0")], [], None)
    assert str(built["words"]) == "Only even cards." and typed["words"] is None


@pytest.mark.parametrize(
    "module", ["classroom.core.hypotheses.builder", "classroom.core.hypotheses.choices"]
)
def test_the_examples_in_the_docstrings_pass(module: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0
