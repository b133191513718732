"""Rule-language errors are said in the teacher's language: the sentence is translated, while
the line, the column, the caret and the rule language's own words stay as they are."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from hypothesis import given, settings
from hypothesis import strategies as st

from classroom.core.cards import Card
from classroom.core.hypotheses.consistency import check_consistency
from classroom.core.layout import Layout
from classroom.core.rules import RuleError, compile_rule
from classroom.core.rules.analysis import analyze
from classroom.core.rules.library import LibraryError, find_rule
from classroom.core.text import Text, render
from tests.unit.test_rules_language import BAD_RULES

RULES_PACKAGE = Path(__file__).resolve().parents[2] / "classroom" / "core" / "rules"

FAKE_CATALOG = {
    "Line %(line)d, column %(column)d: %(message)s": "L%(line)d C%(column)d — %(message)s",
    "unknown attribute '%(name)s'; did you mean '%(suggestion)s'?": (
        "attribut inconnu « %(name)s » ; vouliez-vous dire « %(suggestion)s » ?"
    ),
    "expected a value here, but found %(found)s": "il manque une valeur, trouvé : %(found)s",
    "the end of the rule": "la fin de la règle",
    "'%(operator)s' compares %(left)s with %(right)s; both sides must be of the same kind": (
        "« %(operator)s » compare %(left)s et %(right)s"
    ),
    "a suit": "une enseigne",
    "a color": "une couleur",
}

# Texts beyond BAD_RULES, so that (almost) every sentence the compiler can say is raised.
MORE_BAD_RULES = [
    "card.rank == 1 & card.odd",
    "card.rank ≤ 3",
    "card.rank ≥ 3",
    "card.rank ≠ 3",
    "!card.odd",
    "card.odd | card.even",
    "card.rank \x07 3",
    "card.rank / 2 == 1",
    "card.rank in [1, 2]",
    "x" * 5000,
    "(" * 50 + "true" + ")" * 50,
    "card.odd and not",
    "card.",
    "card.hearts",
    "card.zzzz == 1",
    "zzzz == 1",
    "card.rank in {1, 2",
    "if card.odd card.even else true",
    "card.rank > 3 then true",
    "card.odd and (if card.odd then 1 else 2)",
    "card.rank == -card.odd",
    "card.suit in {hearts, 1}",
    "card.suit == hearts == true",
    "if card.rank then true else false",
    "+".join(["card.rank"] * 350) + " > 1",
]
#: Arguments that hold rule-language code or the teacher's own text: the same in every language.
CODE_ARGUMENTS = {
    "attributes",
    "card",
    "character",
    "example",
    "keyword",
    "name",
    "operator",
    "suggestion",
    "where",
    "found",
}


def translate(msgid: str) -> str:
    return FAKE_CATALOG.get(msgid, msgid)


def error_for(text: str) -> RuleError:
    with pytest.raises(RuleError) as caught:
        compile_rule(text)
    return caught.value


def test_the_sentence_is_translated_and_the_caret_stays_under_the_bad_word() -> None:
    error = error_for("card.color == red and\n  card.colour == prev.color")
    said = error.render(translate)
    sentence, quoted, caret = said.splitlines()
    assert sentence == "L2 C8 — attribut inconnu « colour » ; vouliez-vous dire « color » ?"
    assert quoted == "      card.colour == prev.color"
    assert quoted[caret.index("^") : caret.rindex("^") + 1] == "colour"


def test_str_stays_the_english_log_line() -> None:
    error = error_for("card.colour == red")
    assert str(error).splitlines()[0] == (
        "line 1, column 6: unknown attribute 'colour'; did you mean 'color'?"
    )
    assert error.render(lambda msgid: msgid).splitlines()[1:] == str(error).splitlines()[1:]


def test_words_inside_the_sentence_are_translated_too() -> None:
    error = error_for("card.color == red and")
    assert error.message.render(translate) == "il manque une valeur, trouvé : la fin de la règle"
    kinds = error_for("card.suit == card.color").message.render(translate)
    assert kinds == "« == » compare une enseigne et une couleur"


def test_any_edge_that_renders_the_error_gets_line_column_and_caret() -> None:
    error = error_for("card.rank == 1 and card.colour == red")
    assert render(error, translate) == error.render(translate)
    assert render(error, translate).startswith("L1 C25 — ")
    assert render(error, translate).endswith("^" * len("colour"))


def test_the_rule_languages_own_words_stay_in_every_language() -> None:
    def shouting(msgid: str) -> str:
        """Every word of the catalog's sentence changed; its placeholders kept."""
        return re.sub(r"(%\([a-z_]+\)[sd])|[^%]+", lambda m: m[1] or m[0].upper(), msgid)

    message = error_for("card.red").message
    assert isinstance(message, Text)
    assert message.arguments["example"] == "card.color == red"
    said = message.render(shouting)
    assert said.startswith("UNKNOWN ATTRIBUTE 'red'") and said.endswith("card.color == red")


@pytest.mark.parametrize(
    "text", [case[0] for case in BAD_RULES] + MORE_BAD_RULES, ids=lambda text: text[:30]
)
def test_every_compile_error_says_a_translatable_sentence(text: str) -> None:
    assert_translatable(error_for(text).message)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="card.prevsuitrank=!<>(){}%+-*1230 ifthenelsandornot♠&/[", max_size=40))
def test_whatever_the_text_its_error_is_translatable(text: str) -> None:
    try:
        compile_rule(text)
    except RuleError as error:
        assert_translatable(error.message)


def test_every_sentence_raised_is_a_msgid_the_catalogs_can_hold() -> None:
    extracted = {
        message
        for path in RULES_PACKAGE.glob("*.py")
        for _line, message, _comments, _context in extract_from_file("python", str(path))
    }
    raised = set()
    for text in [case[0] for case in BAD_RULES] + MORE_BAD_RULES:
        raised |= msgids(error_for(text).located)
    assert raised <= extracted
    assert len(raised) >= 52


def test_an_unknown_library_rule_is_a_translatable_sentence() -> None:
    with pytest.raises(LibraryError) as caught:
        find_rule("no-such-rule")
    message = caught.value.args[0]
    assert isinstance(message, Text)
    assert message == "no rule in the library has the id 'no-such-rule'"


def test_analysis_warnings_and_consistency_are_translatable_sentences() -> None:
    warnings = analyze(compile_rule("card.rank == 1"), games=5).warnings
    assert warnings and all(isinstance(warning, Text) for warning in warnings)
    table = Layout.starting_with(Card.parse("QH")).accept(Card.parse("7S"))
    said = check_consistency("card.color == prev.color", table).describe()
    assert isinstance(said, Text) and said.msgid.startswith("Your rule says %(card)s")


def assert_translatable(message: object) -> None:
    """A `Text` whose variable parts are code, numbers or translatable `Text`s themselves."""
    assert isinstance(message, Text), f"not translatable: {message!r}"
    arguments = message.arguments or {}
    assert isinstance(arguments, dict), f"placeholders are named: {message.msgid!r}"
    for key, value in arguments.items():
        if isinstance(value, Text):
            assert_translatable(value)
        elif isinstance(value, str):
            assert key in CODE_ARGUMENTS, f"{key}={value!r} in {message.msgid!r} is not a Text"
        else:
            assert isinstance(value, int), f"{key}={value!r} in {message.msgid!r}"


def msgids(message: Text) -> set[str]:
    """The msgid of `message` and of every sentence inside it."""
    found = {message.msgid}
    for value in (message.arguments or {}).values():
        if isinstance(value, Text):
            found |= msgids(value)
    return found
