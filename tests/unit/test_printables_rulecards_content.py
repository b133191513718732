"""What a rule card says: a library rule's texts with an example mainline it accepts, a custom
rule in canonical rule language, the library filters that choose the cards."""

from __future__ import annotations

import pytest

from classroom.core.rules import RuleError, compile_rule
from classroom.core.rules.library import LibraryError
from printables.kit.document import PrintableError
from printables.rulecards.plan import (
    custom_rule_card,
    example_mainline,
    rule_card,
    select_rules,
)


def test_library_rule_card_carries_the_texts_and_an_example_the_rule_accepts(library):
    entry = next(rule for rule in library if rule.id == "suit-cycle")
    made = rule_card(entry)
    assert (made.title, made.text, made.hint) == (entry.title, entry.text, entry.hint)
    assert made.rule_text == str(entry.rule) and made.difficulty == entry.difficulty
    assert len(made.example) == 10
    for i in range(1, len(made.example)):
        assert entry.rule.allows(made.example[:i], made.example[i])


def test_custom_rule_card_uses_the_canonical_rule_text():
    made = custom_rule_card("Card.Color != prev.color", title=" Mine ", text="Colors swap.")
    assert (made.title, made.rule_text, made.difficulty) == (
        "Mine",
        "card.color != prev.color",
        None,
    )
    assert made.example


def test_custom_rule_card_refuses_text_that_does_not_compile():
    with pytest.raises(RuleError):
        custom_rule_card("card.colour == red", title="T", text="X")


def test_custom_rule_card_needs_a_title_and_a_text():
    with pytest.raises(PrintableError):
        custom_rule_card("card.odd", title=" ", text="Odd cards.")


def test_select_rules_applies_every_filter(library):
    chosen = select_rules(library, difficulty=1, concept="color")
    assert chosen and all(r.difficulty == 1 and "color" in r.concepts for r in chosen)


def test_select_rules_refuses_filters_that_match_nothing(library):
    with pytest.raises(PrintableError):
        select_rules(library, difficulty=5, age_band="5-7")
    with pytest.raises(LibraryError):
        select_rules(library, ids=["no-such-rule"])


def test_compiled_custom_rule_matches_the_rule_it_prints():
    made = custom_rule_card("card.rank <= 7", title="Low", text="Low cards only.")
    rule = compile_rule(made.rule_text)
    assert all(rule.allows(made.example[:i], made.example[i]) for i in range(1, len(made.example)))


def test_every_library_rule_gets_a_full_example_it_accepts(library):
    for entry in library:
        example = example_mainline(entry.rule)
        assert len(example) == 10, entry.id
        assert all(entry.rule.allows(example[:i], example[i]) for i in range(1, 10)), entry.id
