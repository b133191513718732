"""Hypotheses built by taps: sentence templates with blanks, turned into the rule language.

Children too young to write the rule language choose a template ("Only ... cards") and fill its
blanks from pictures; `compose` gives the rule-language text (so the app can check it against
the table and the secret rule) and `words` the sentence in the child's own language.

>>> compose("only", {"kind": "red"})
'card.color == red'
>>> str(words("after", {"when": "hearts", "then": "red", "otherwise": "black"}))
'After a ♥ hearts card, play a red card. After other cards: black.'
>>> compose("alternate", {"what": "parity"})
'card.odd != prev.odd'
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from classroom.core.hypotheses.choices import (
    ANY,
    COMPARISONS,
    CYCLES,
    KINDS,
    PAIRS,
    SAME,
    Choice,
)
from classroom.core.text import Text, _

__all__ = [
    "TEMPLATES",
    "Blank",
    "BuilderError",
    "Built",
    "Template",
    "build",
    "built_from",
    "catalog",
    "compose",
    "find_template",
    "words",
]

Chosen = Mapping[str, str]


class BuilderError(ValueError):
    """A template or a choice the builder does not know, or a blank left empty."""


@dataclass(frozen=True, slots=True)
class Blank:
    """A gap in a template's sentence and what may fill it."""

    id: str
    choices: tuple[Choice, ...]

    def choice(self, choice_id: object) -> Choice:
        """The choice with this id; BuilderError if it cannot go in this blank."""
        for choice in self.choices:
            if choice.id == choice_id:
                return choice
        if choice_id in (None, ""):
            raise BuilderError(_("Choose something for every blank first."))
        raise BuilderError(_("That choice does not fit in this blank. Choose another one."))


@dataclass(frozen=True, slots=True)
class Template:
    """A sentence with blanks (a msgid with named placeholders) and its rule-language form."""

    id: str
    #: The sentence, with %(blank)s placeholders named by the blanks' ids.
    sentence: str
    blanks: tuple[Blank, ...]
    #: From {blank id: choice id}, all checked, to rule-language text.
    rule: Callable[[Chosen], str]

    def checked(self, chosen: object) -> dict[str, Choice]:
        """The choices for every blank; BuilderError for a missing, extra or unknown one."""
        if not isinstance(chosen, Mapping):
            raise BuilderError(_("Choose something for every blank first."))
        if set(chosen) - {blank.id for blank in self.blanks}:
            raise BuilderError(_("That choice does not fit in this blank. Choose another one."))
        return {blank.id: blank.choice(chosen.get(blank.id)) for blank in self.blanks}

    def pattern(self, marker: str = "{%s}") -> Text:
        """The sentence with each blank shown as `marker` % its id ("{when}"), translated
        at the edge like any sentence."""
        return Text(self.sentence) % {blank.id: marker % blank.id for blank in self.blanks}


@dataclass(frozen=True, slots=True)
class Built:
    """A hypothesis built from a template: its rule-language text and its words."""

    template: str
    choices: Mapping[str, str]
    rule_text: str
    words: Text


def _kinds(*, without: tuple[str, ...] = ()) -> tuple[Choice, ...]:
    return tuple(kind.choice for kind in KINDS.values() if kind.choice.id not in without)


def _after(chosen: Chosen) -> str:
    otherwise = chosen["otherwise"]
    rest = "true" if otherwise == ANY.id else KINDS[otherwise].about("card")
    when, then = KINDS[chosen["when"]].about("prev"), KINDS[chosen["then"]].about("card")
    return f"if {when} then {then} else {rest}"


def _cycle(chosen: Chosen) -> str:
    suits = CYCLES[chosen["order"]][1]
    steps = [
        f"prev.suit == {suit} then card.suit == {suits[(n + 1) % 4]}"
        for n, suit in enumerate(suits[:3])
    ]
    return "if " + " elif ".join(steps) + f" else card.suit == {suits[0]}"


def _split(chosen: Chosen) -> str:
    red, black = KINDS[chosen["red"]].about("card"), KINDS[chosen["black"]].about("card")
    return f"if card.color == red then {red} else {black}"


_NOT_COLOUR = ("red", "black", "spades", "hearts", "diamonds", "clubs")

#: The templates, in the order a tablet offers them (the commonest first).
TEMPLATES: tuple[Template, ...] = (
    Template(
        "only",
        _("Only %(kind)s cards.").msgid,
        (Blank("kind", _kinds()),),
        lambda c: KINDS[c["kind"]].about("card"),
    ),
    Template(
        "either",
        _("Only %(first)s or %(second)s cards.").msgid,
        (Blank("first", _kinds()), Blank("second", _kinds())),
        lambda c: f"{KINDS[c['first']].about('card')} or {KINDS[c['second']].about('card')}",
    ),
    Template(
        "compare",
        _("Play a card %(how)s than the last card.").msgid,
        (Blank("how", tuple(choice for choice, _test in COMPARISONS.values())),),
        lambda c: COMPARISONS[c["how"]][1],
    ),
    Template(
        "same",
        _("Match the last card: the same %(what)s.").msgid,
        (Blank("what", tuple(choice for choice, _test in SAME.values())),),
        lambda c: SAME[c["what"]][1]("=="),
    ),
    Template(
        "alternate",
        _("Take turns: %(what)s.").msgid,
        (Blank("what", tuple(PAIRS.values())),),
        lambda c: SAME[c["what"]][1]("!="),
    ),
    Template(
        "after",
        _("After a %(when)s card, play a %(then)s card. After other cards: %(otherwise)s.").msgid,
        (Blank("when", _kinds()), Blank("then", _kinds()), Blank("otherwise", (*_kinds(), ANY))),
        _after,
    ),
    Template(
        "colors_split",
        _("Red cards must be %(red)s, black cards must be %(black)s.").msgid,
        (Blank("red", _kinds(without=_NOT_COLOUR)), Blank("black", _kinds(without=_NOT_COLOUR))),
        _split,
    ),
    Template(
        "cycle",
        _("The suits go round: %(order)s, and again.").msgid,
        (Blank("order", tuple(choice for choice, _suits in CYCLES.values())),),
        _cycle,
    ),
)
_BY_ID = {template.id: template for template in TEMPLATES}


def find_template(template_id: object) -> Template:
    """The template with this id; BuilderError if there is none."""
    template = _BY_ID.get(template_id) if isinstance(template_id, str) else None
    if template is None:
        raise BuilderError(_("Choose one of the sentences first."))
    return template


def compose(template_id: object, choices: object) -> str:
    """The rule-language text of a template filled with `choices` ({blank id: choice id})."""
    return build(template_id, choices).rule_text


def words(template_id: object, choices: object) -> Text:
    """The filled-in sentence, in English until the edge renders it in the reader's language."""
    return build(template_id, choices).words


def build(template_id: object, choices: object) -> Built:
    """The hypothesis a template filled with `choices` makes; BuilderError for bad input."""
    template = find_template(template_id)
    chosen = template.checked(choices)
    ids = {blank: choice.id for blank, choice in chosen.items()}
    sentence = Text(template.sentence) % {blank: choice.label for blank, choice in chosen.items()}
    return Built(template.id, ids, template.rule(ids), sentence)


def built_from(rule_text: str) -> Built | None:
    """The hypothesis built by taps whose rule-language text this is; None for text typed by
    hand. Lets a journal or a teacher's page show a built hypothesis in the child's words.

    >>> str(built_from("card.color == red").words)
    'Only red cards.'
    >>> built_from("card.colour == red") is None
    True
    """
    return _every_built().get(rule_text.strip())


@functools.cache
def _every_built() -> dict[str, Built]:
    found: dict[str, Built] = {}
    for template in TEMPLATES:
        for combo in itertools.product(*(blank.choices for blank in template.blanks)):
            blanks = zip(template.blanks, combo, strict=True)
            built = build(template.id, {blank.id: choice.id for blank, choice in blanks})
            found.setdefault(built.rule_text, built)
    return found


def catalog() -> list[dict[str, Any]]:
    """Every template as data for a tablet: the sentence with {blank} markers, each blank's
    choices with their labels and pictures (sentences still to be rendered at the edge)."""
    return [
        {
            "id": template.id,
            "sentence": template.pattern(),
            "blanks": [
                {"id": blank.id, "choices": [_choice_data(choice) for choice in blank.choices]}
                for blank in template.blanks
            ],
        }
        for template in TEMPLATES
    ]


def _choice_data(choice: Choice) -> dict[str, Any]:
    return {
        "id": choice.id,
        "label": choice.label,
        "picture": choice.picture,
        "swatch": choice.swatch,
    }
