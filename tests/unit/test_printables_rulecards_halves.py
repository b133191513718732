"""What each half of a folded rule card shows: the rule on the secret half, the table's name
(and the hint, when the teacher chooses) on the public half."""

from __future__ import annotations

from dataclasses import replace

import pytest

from classroom.core.rules.library import find_rule
from printables.documents import rule_cards_pdf
from printables.kit.document import PrintableError
from printables.rulecards.pdf import RuleCardRenderer, card_boxes, card_halves, concept_name
from printables.rulecards.plan import (
    library_rule_cards,
    rule_card,
    words_rule_card,
)
from tests.unit.test_printables_rulecards_support import (
    PAGE,
    halves_of_first_card,
    inside,
    pieces_with,
    placed_text,
)
from tests.unit.test_printables_support import text_of


def test_the_rule_its_title_and_its_id_are_inside_the_secret_half(library):
    entry = next(rule for rule in library if rule.id == "alternate-colors")
    pdf = RuleCardRenderer().render([replace(rule_card(entry), table="Otters")])
    public, secret = halves_of_first_card()
    first_words = " ".join(entry.text.split()[:4])
    for words in (first_words, entry.title, entry.id, str(entry.rule), entry.hint[:12]):
        assert all(inside(secret, x, y) for x, y in pieces_with(pdf, words)), words
    assert all(inside(public, x, y) for x, y in pieces_with(pdf, "Otters"))
    assert all(inside(public, x, y) for x, y in pieces_with(pdf, "difficulty 1 of 5"))


def test_the_public_half_carries_the_hint_only_when_the_teacher_chooses(library):
    entry = next(rule for rule in library if rule.id == "alternate-colors")
    public, secret = halves_of_first_card()
    hidden = RuleCardRenderer().render([rule_card(entry)])
    shown = RuleCardRenderer(public_hint=True).render([rule_card(entry)])
    assert all(inside(secret, x, y) for x, y in pieces_with(hidden, entry.hint[:12]))
    assert all(inside(public, x, y) for x, y in pieces_with(shown, entry.hint[:12]))
    assert all(inside(secret, x, y) for x, y in pieces_with(shown, entry.title))


def test_nothing_on_the_public_half_names_the_rule(library):
    entries = [rule for rule in library if rule.id in ("suit-cycle", "primes-alternate")]
    pdf = RuleCardRenderer().render(library_rule_cards(entries))
    boxes = card_boxes(PAGE)
    public = [card_halves(box)[0] for box in boxes]
    said = " ".join(text for text, x, y in placed_text(pdf) if any(inside(b, x, y) for b in public))
    for entry in entries:
        for secret in (entry.title, entry.id, str(entry.rule), entry.text[:20]):
            assert secret not in said
        for concept in entry.concepts:
            assert concept_name(concept) not in said


def test_a_rule_in_plain_words_prints_its_words_and_no_rule_language():
    made = words_rule_card("Red after black, then two blacks", title="Dealer's own")
    assert (made.rule_text, made.example) == ("", ())
    pdf = RuleCardRenderer().render([made])
    _public, secret = halves_of_first_card()
    assert all(inside(secret, x, y) for x, y in pieces_with(pdf, "Red after black"))
    text = text_of(pdf)
    assert "In the rule language:" not in text and "Example mainline" not in text
    with pytest.raises(PrintableError):
        words_rule_card("  ", title="Dealer's own")


def test_rule_cards_with_the_hint_in_public_come_from_the_builder():
    pdf = rule_cards_pdf(ids=["alternate-colors"], public_hint=True, language="ja")
    public, _secret = halves_of_first_card()
    hint = find_rule("alternate-colors").words_in("ja").hint
    assert hint is not None
    assert all(inside(public, x, y) for x, y in pieces_with(pdf, hint[:6]))
