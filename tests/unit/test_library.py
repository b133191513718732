"""The rule library: the data itself (rules, texts, examples, analysis figures) and its loader."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from classroom.core.cards import DECK, Card
from classroom.core.rules import compile_rule
from classroom.core.rules.analysis import TOO_PERMISSIVE, TOO_RESTRICTIVE, analyze
from classroom.core.rules.library import (
    AGE_BANDS,
    CONCEPTS,
    LibraryError,
    LibraryRule,
    WorkedExample,
    filter_rules,
    find_rule,
    load_library,
)

LIBRARY = load_library()
KING = Card.parse("KS")
BY_ID = {rule.id: rule for rule in LIBRARY}
GOOD_RULES = [rule for rule in LIBRARY if not rule.bad_design]
CLASSIC_IDS = {
    "alternate-colors",
    "suit-cycle",
    "odd-even-alternate",
    "low-high-alternate",
    "one-to-three-higher",
    "odd-then-red",
    "same-suit-or-rank",
    "black-lower-red-higher",
    "primes-alternate",
    "up-then-down",
    "remainder-of-three",
    "higher-unless-face",
}


def rule_id(rule: LibraryRule) -> str:
    return rule.id


# The library as a whole


def test_library_holds_at_least_45_rules_with_unique_ids() -> None:
    ids = [rule.id for rule in LIBRARY]
    assert len(ids) >= 45
    assert len(set(ids)) == len(ids)


def test_library_is_sorted_by_difficulty_then_id() -> None:
    keys = [(rule.difficulty, rule.id) for rule in LIBRARY]
    assert keys == sorted(keys)


def test_every_classic_sample_rule_is_in_the_library_marked_classic() -> None:
    assert {rule.id for rule in LIBRARY if rule.source == "classic"} == CLASSIC_IDS


def test_exactly_two_rules_are_bad_designs() -> None:
    assert {rule.id for rule in LIBRARY if rule.bad_design} == {"one-higher", "different-suit"}


def test_library_covers_every_concept_age_band_and_difficulty() -> None:
    assert {concept for rule in GOOD_RULES for concept in rule.concepts} == set(CONCEPTS)
    assert {rule.age_band for rule in GOOD_RULES} == set(AGE_BANDS)
    assert {rule.difficulty for rule in GOOD_RULES} == {1, 2, 3, 4, 5}


def test_memory_concept_is_given_exactly_to_rules_that_look_two_cards_back() -> None:
    for rule in LIBRARY:
        assert ("memory" in rule.concepts) == (rule.rule.depth >= 2), rule.id


def test_position_concept_is_given_exactly_to_rules_that_use_position() -> None:
    for rule in LIBRARY:
        assert ("position" in rule.concepts) == rule.rule.uses_position, rule.id


# Every rule


@pytest.mark.parametrize("rule", LIBRARY, ids=rule_id)
def test_rule_compiles_again_from_its_canonical_text(rule: LibraryRule) -> None:
    assert compile_rule(rule.rule_text) == rule.rule


@pytest.mark.parametrize("rule", LIBRARY, ids=rule_id)
def test_worked_examples_agree_with_the_rule(rule: LibraryRule) -> None:
    for example in rule.examples:
        verdict = rule.rule.allows(example.mainline, example.card)
        assert verdict == example.accepted, example


@pytest.mark.parametrize("rule", LIBRARY, ids=rule_id)
def test_rule_has_three_examples_showing_both_verdicts_where_it_applies(
    rule: LibraryRule,
) -> None:
    applying = [e for e in rule.examples if len(e.mainline) >= rule.rule.depth]
    assert len(rule.examples) >= 3
    assert {example.accepted for example in applying} == {True, False}


@pytest.mark.parametrize("rule", GOOD_RULES, ids=rule_id)
def test_good_rule_has_no_dead_ends_and_a_fair_acceptance(rule: LibraryRule) -> None:
    analysis = analyze(rule.rule, seed=0)
    assert analysis.dead_end_rate == 0
    assert TOO_RESTRICTIVE <= analysis.acceptance_mean <= TOO_PERMISSIVE


def test_one_higher_is_too_restrictive_and_dead_ends() -> None:
    analysis = analyze(BY_ID["one-higher"].rule, seed=0)
    assert analysis.acceptance_mean < TOO_RESTRICTIVE
    assert analysis.dead_end_rate > 0
    after_a_king = [card for card in DECK if BY_ID["one-higher"].rule.allows([KING], card)]
    assert after_a_king == []


def test_different_suit_is_too_permissive() -> None:
    analysis = analyze(BY_ID["different-suit"].rule, seed=0)
    assert analysis.acceptance_mean > TOO_PERMISSIVE


# The loader, on files written for the test

VALID: dict[str, Any] = {
    "id": "alternate-colors",
    "title": "Alternate colors",
    "text": "After a red card play a black card; after a black card play a red card.",
    "rule": "card.color != prev.color",
    "difficulty": 1,
    "concepts": ["color"],
    "age_band": "5-7",
    "source": "classic",
    "examples": [
        {"mainline": ["4H"], "card": "7S", "accepted": True},
        {"mainline": ["4H", "7S"], "card": "2C", "accepted": False},
    ],
}


def write_rule(folder: Path, data: Any, name: str | None = None) -> Path:
    path = folder / (name or f"{data['id']}.yaml")
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def changed(**fields: Any) -> dict[str, Any]:
    return {key: value for key, value in (VALID | fields).items() if value is not None}


def test_valid_file_loads_every_field_with_defaults_for_hint_and_bad_design(
    tmp_path: Path,
) -> None:
    write_rule(tmp_path, VALID)
    (rule,) = load_library(tmp_path)
    assert (rule.id, rule.title, rule.text) == (VALID["id"], VALID["title"], VALID["text"])
    assert (rule.difficulty, rule.age_band) == (1, "5-7")
    assert rule.rule_text == "card.color != prev.color"
    assert rule.concepts == ("color",)
    assert (rule.hint, rule.bad_design, rule.source) == (None, False, "classic")
    assert rule.examples[1] == WorkedExample(
        mainline=(Card.parse("4H"), Card.parse("7S")), card=Card.parse("2C"), accepted=False
    )


def test_loader_sorts_by_difficulty_then_id_and_ignores_other_files(tmp_path: Path) -> None:
    write_rule(tmp_path, changed(id="zebra", difficulty=1))
    write_rule(tmp_path, changed(id="apple", difficulty=2))
    write_rule(tmp_path, changed(id="mango", difficulty=1))
    (tmp_path / "README.md").write_text("not a rule", encoding="utf-8")
    assert [rule.id for rule in load_library(tmp_path)] == ["mango", "zebra", "apple"]


ONE_EXAMPLE = {"mainline": ["4H"], "card": "7S", "accepted": True}
# Each case: the file's fields, and words the error must contain besides the file name.
MALFORMED: dict[str, tuple[dict[str, Any], str]] = {
    "missing field": (changed(title=None), "missing field(s): title"),
    "difficulty too high": (changed(difficulty=6), "'difficulty' must be one of"),
    "difficulty as a word": (changed(difficulty="hard"), "'difficulty' must be one of"),
    "difficulty as a boolean": (changed(difficulty=True), "'difficulty' must be one of"),
    "unknown concept": (changed(concepts=["colour"]), "unknown concept(s) colour"),
    "no concepts": (changed(concepts=[]), "'concepts' must be a list"),
    "concept twice": (changed(concepts=["color", "color"]), "lists a concept twice"),
    "unknown age band": (changed(age_band="6-8"), "'age_band' must be one of"),
    "unknown source": (changed(source="internet"), "'source' must be one of"),
    "empty text": (changed(text="  "), "'text' must be some text"),
    "rule that does not compile": (
        changed(rule="card.colour != prev.colour"),
        "the rule does not compile",
    ),
    "rule that is not boolean": (changed(rule="card.rank + 1"), "the rule does not compile"),
    "bad card text": (
        changed(examples=[ONE_EXAMPLE | {"mainline": ["11H"]}]),
        "example 1: '11H' is not a card",
    ),
    "card as a number": (
        changed(examples=[ONE_EXAMPLE, ONE_EXAMPLE | {"card": 10}]),
        "example 2: 10 is not a card",
    ),
    "empty mainline": (
        changed(examples=[ONE_EXAMPLE | {"mainline": []}]),
        "example 1: the mainline must be a list",
    ),
    "verdict not boolean": (
        changed(examples=[ONE_EXAMPLE | {"accepted": 1}]),
        "example 1: accepted must be true or false",
    ),
    "example field missing": (
        changed(examples=[{"mainline": ["4H"], "card": "7S"}]),
        "example 1 must have exactly the fields",
    ),
    "examples not a list": (changed(examples="none"), "'examples' must be a list"),
    "bad_design not boolean": (changed(bad_design="maybe"), "'bad_design' must be true or false"),
    "unknown field": (changed(hnit="Look at the colors."), "unknown field(s): hnit"),
    "id that is not the file name": (
        changed(id="alternating-colors"),
        "must equal the file name 'alternate-colors'",
    ),
}


@pytest.mark.parametrize(("data", "problem"), MALFORMED.values(), ids=MALFORMED.keys())
def test_malformed_rule_file_raises_library_error_naming_the_file_and_problem(
    tmp_path: Path, data: dict[str, Any], problem: str
) -> None:
    path = write_rule(tmp_path, data, name="alternate-colors.yaml")
    with pytest.raises(LibraryError) as caught:
        load_library(tmp_path)
    assert f"{path}: " in str(caught.value)
    assert problem in str(caught.value)


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("broken.yaml", "id: [unclosed\n"),
        ("listed.yaml", "- id: listed\n"),
        ("Not_Kebab.yaml", yaml.safe_dump(changed(id="Not_Kebab"))),
    ],
    ids=["invalid YAML", "not a mapping", "id not kebab-case"],
)
def test_unreadable_rule_file_raises_library_error_naming_the_file(
    tmp_path: Path, name: str, content: str
) -> None:
    (tmp_path / name).write_text(content, encoding="utf-8")
    with pytest.raises(LibraryError, match=re.escape(name)):
        load_library(tmp_path)


def test_two_files_with_the_same_id_raise_library_error(tmp_path: Path) -> None:
    write_rule(tmp_path, VALID, name="alternate-colors.yaml")
    write_rule(tmp_path, VALID, name="alternate-colors.yml")
    with pytest.raises(
        LibraryError, match=re.escape("alternate-colors.yml: the id 'alternate-colors'")
    ):
        load_library(tmp_path)


def test_missing_folder_raises_library_error(tmp_path: Path) -> None:
    with pytest.raises(LibraryError, match="does not exist"):
        load_library(tmp_path / "nowhere")


def test_compile_error_message_points_at_the_problem(tmp_path: Path) -> None:
    write_rule(tmp_path, changed(rule="card.colour != prev.color"))
    with pytest.raises(LibraryError, match=r"line 1, column \d+") as caught:
        load_library(tmp_path)
    assert "^" in str(caught.value)


# Looking rules up


def test_default_library_is_loaded_once() -> None:
    assert load_library() is load_library()


def test_find_rule_returns_the_rule_with_that_id() -> None:
    rule = find_rule("suit-cycle")
    assert rule.id == "suit-cycle"
    assert rule.rule.allows([Card.parse("3S")], Card.parse("9H"))


def test_find_rule_raises_library_error_for_an_unknown_id() -> None:
    with pytest.raises(LibraryError, match="no-such-rule"):
        find_rule("no-such-rule")


def test_filter_by_difficulty_keeps_only_that_difficulty() -> None:
    chosen = filter_rules(LIBRARY, difficulty=5)
    assert chosen
    assert all(rule.difficulty == 5 for rule in chosen)
    assert len(chosen) == sum(rule.difficulty == 5 for rule in LIBRARY)


def test_filter_by_concept_keeps_rules_teaching_it() -> None:
    chosen = filter_rules(LIBRARY, concept="primes")
    assert {"primes-alternate", "prime-sum"} <= {rule.id for rule in chosen}
    assert all("primes" in rule.concepts for rule in chosen)


def test_filter_by_age_band_keeps_only_that_band() -> None:
    chosen = filter_rules(LIBRARY, age_band="5-7")
    assert "alternate-colors" in {rule.id for rule in chosen}
    assert all(rule.age_band == "5-7" for rule in chosen)


def test_filter_by_ids_keeps_library_order() -> None:
    chosen = filter_rules(LIBRARY, ids=["remainder-of-three", "alternate-colors"])
    assert [rule.id for rule in chosen] == ["alternate-colors", "remainder-of-three"]


def test_filters_combine() -> None:
    chosen = filter_rules(LIBRARY, difficulty=1, concept="color", age_band="5-7")
    assert chosen
    assert all(
        rule.difficulty == 1 and "color" in rule.concepts and rule.age_band == "5-7"
        for rule in chosen
    )
    assert "even-cards-only" not in {rule.id for rule in chosen}


def test_no_filter_keeps_every_rule() -> None:
    assert filter_rules(LIBRARY) == LIBRARY


@pytest.mark.parametrize(
    "filters",
    [{"difficulty": 0}, {"concept": "colour"}, {"age_band": "6-8"}, {"ids": ["no-such-rule"]}],
    ids=["difficulty", "concept", "age band", "id"],
)
def test_filter_with_an_unknown_value_raises_library_error(filters: dict[str, Any]) -> None:
    with pytest.raises(LibraryError):
        filter_rules(LIBRARY, **filters)
