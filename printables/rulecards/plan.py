"""What goes on the dealers' rule cards, and which card goes on which sheet (no drawing here).

A card speaks one language: a library rule's title, text and hint in it, and its example cards
printed as on that country's decks. A card says nothing about how a round is played, so the
same card serves any game mode.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from classroom.core.cards import Card
from classroom.core.rules import Rule, compile_rule
from classroom.core.rules.analysis import analyze
from classroom.core.rules.library import LibraryRule, filter_rules, localized
from printables.kit.document import PrintableError
from printables.kit.i18n import gettext as _

__all__ = [
    "CARDS_PER_SHEET",
    "RuleCard",
    "custom_rule_card",
    "example_mainline",
    "library_rule_cards",
    "paginate",
    "rule_card",
    "select_rules",
    "words_rule_card",
]

#: Rule cards on one printed sheet, one above the other: two, so that the secret half holds
#: the rule, its example, its source and its hint in type a dealer reads (9 pt at least).
CARDS_PER_SHEET = 2
MAX_DIFFICULTY = 5
#: Cards in an example mainline, and the most random games played to find one that long.
EXAMPLE_LENGTH = 10
EXAMPLE_GAMES = 12


@dataclass(frozen=True, slots=True)
class RuleCard:
    """Everything printed on one dealer's rule card.

    `rule_text` is the rule-language form, '' for a rule that exists only in plain words (a
    student dealer's own rule): such a card has no example mainline either. `table` names the
    group the card is for, printed on the half the table sees.
    """

    title: str
    text: str
    rule_text: str
    example: tuple[Card, ...]
    difficulty: int | None = None
    concepts: tuple[str, ...] = ()
    hint: str | None = None
    age_band: str | None = None
    rule_id: str | None = None
    language: str = "en"
    table: str | None = None


def example_mainline(rule: Rule, *, seed: int = 0) -> tuple[Card, ...]:
    """Up to ten cards, starter first, each accepted by the rule after the ones before it.

    Plays one short random game per seed from `seed` on and keeps the first full-length one (or
    the longest): most rules need a single game, which keeps printing the library quick.
    """
    best: tuple[Card, ...] = ()
    for attempt in range(seed, seed + EXAMPLE_GAMES):
        found = analyze(rule, seed=attempt, games=1, length=EXAMPLE_LENGTH).example_mainline
        if len(found) > len(best):
            best = tuple(found)
        if len(best) == EXAMPLE_LENGTH:
            break
    return best


def rule_card(rule: LibraryRule, *, seed: int = 0, language: str = "en") -> RuleCard:
    """The rule card of one library rule in `language`, with an example mainline that obeys it."""
    rule = localized(rule, language)
    return RuleCard(
        title=rule.title,
        text=rule.text,
        rule_text=str(rule.rule),
        example=example_mainline(rule.rule, seed=seed),
        difficulty=rule.difficulty,
        concepts=tuple(rule.concepts),
        hint=rule.hint,
        age_band=rule.age_band,
        rule_id=rule.id,
        language=language,
    )


def custom_rule_card(
    source: str, *, title: str, text: str, seed: int = 0, language: str = "en"
) -> RuleCard:
    """The rule card of a rule written by the teacher; RuleError when `source` does not compile."""
    if not title.strip() or not text.strip():
        raise PrintableError(_("A custom rule card needs a title and a plain-language text."))
    rule = compile_rule(source)
    return RuleCard(
        title=title.strip(),
        text=text.strip(),
        rule_text=str(rule),
        example=example_mainline(rule, seed=seed),
        language=language,
    )


def words_rule_card(text: str, *, title: str, language: str = "en") -> RuleCard:
    """The card of a rule written only in plain words: printed as written, never compiled."""
    if not text.strip():
        raise PrintableError(_("A rule card needs the rule's text."))
    return RuleCard(
        title=title.strip(), text=text.strip(), rule_text="", example=(), language=language
    )


def select_rules(
    rules: Sequence[LibraryRule],
    *,
    difficulty: int | None = None,
    concept: str | None = None,
    age_band: str | None = None,
    ids: Sequence[str] | None = None,
) -> tuple[LibraryRule, ...]:
    """The library rules matching every filter given; LibraryError or PrintableError if none."""
    chosen = filter_rules(rules, difficulty=difficulty, concept=concept, age_band=age_band, ids=ids)
    if not chosen:
        raise PrintableError(_("No rule in the library matches these filters."))
    return chosen


def library_rule_cards(
    rules: Iterable[LibraryRule], *, seed: int = 0, language: str = "en"
) -> tuple[RuleCard, ...]:
    """One rule card per library rule, in the order given, in `language`."""
    return tuple(rule_card(rule, seed=seed, language=language) for rule in rules)


def paginate(
    cards: Sequence[RuleCard], per_sheet: int = CARDS_PER_SHEET
) -> tuple[tuple[RuleCard, ...], ...]:
    """Split the cards into sheets of `per_sheet`, keeping their order; the last may be short."""
    if per_sheet < 1:
        raise ValueError("a sheet holds at least one card")
    return tuple(tuple(cards[i : i + per_sheet]) for i in range(0, len(cards), per_sheet))
