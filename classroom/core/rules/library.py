"""The rule library: secret rules with their plain-language text, one YAML file per rule.

The files live in `lessons/rules/`; `lessons/rules/README.md` describes the schema.

>>> rule = find_rule("alternate-colors")
>>> rule.title, rule.rule_text, rule.difficulty
('Alternate colors', 'card.color != prev.color', 1)
>>> rule.rule.allows([Card.parse("4H")], Card.parse("7S"))
True
>>> rule.title_in("pl"), localized(rule, "ja").title
('Kolory na przemian', '赤と黒を交互に')
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar

import yaml

from classroom.core.cards import Card, CardError
from classroom.core.resources import data_dir
from classroom.core.rules.errors import RuleError
from classroom.core.rules.library_words import RuleWords, WordsError, read_translations
from classroom.core.rules.rule import Rule, compile_rule
from classroom.core.text import _

__all__ = [
    "AGE_BANDS",
    "CONCEPTS",
    "CONCEPT_NAMES",
    "DIFFICULTIES",
    "SOURCES",
    "LibraryError",
    "LibraryRule",
    "RuleWords",
    "WorkedExample",
    "filter_rules",
    "find_rule",
    "load_library",
    "localized",
]

#: What a rule can teach; a rule lists one or more of these.
CONCEPTS = (
    "color",
    "suit",
    "parity",
    "high-low",
    "rank-comparison",
    "arithmetic",
    "position",
    "cycles",
    "face-cards",
    "primes",
    "memory",
    "conditional",
)
#: What each concept is called where people read it (translated at the edge).
CONCEPT_NAMES = {
    "color": _("colours"),
    "suit": _("suits"),
    "parity": _("odd and even"),
    "high-low": _("high and low"),
    "rank-comparison": _("higher and lower"),
    "arithmetic": _("arithmetic"),
    "position": _("position in the line"),
    "cycles": _("cycles"),
    "face-cards": _("face cards"),
    "primes": _("prime numbers"),
    "memory": _("memory"),
    "conditional": _("if ... then"),
}
AGE_BANDS = ("5-7", "8-10", "11-13", "14+")
#: 1 is for first lessons with young children, 5 for hard rules and older students.
DIFFICULTIES = (1, 2, 3, 4, 5)
#: "classic" marks the published sample rules, "original" the ones written for this kit.
SOURCES = ("classic", "original")

_REQUIRED = (
    "id",
    "title",
    "text",
    "rule",
    "difficulty",
    "concepts",
    "age_band",
    "source",
    "examples",
)
_OPTIONAL = ("hint", "bad_design")
_EXAMPLE_KEYS = frozenset({"mainline", "card", "accepted"})
_KEBAB_CASE = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
_SUFFIXES = (".yaml", ".yml")
_T = TypeVar("_T")


class LibraryError(ValueError):
    """A rule file the library cannot use, or a rule id or filter the library does not know."""


@dataclass(frozen=True)
class WorkedExample:
    """A play and the dealer's verdict, shown to teachers to make the rule concrete."""

    mainline: tuple[Card, ...]
    card: Card
    accepted: bool


@dataclass(frozen=True)
class LibraryRule:
    """One rule of the library: the compiled rule and everything a teacher needs beside it."""

    id: str
    title: str
    text: str
    rule: Rule
    difficulty: int
    concepts: tuple[str, ...]
    age_band: str
    hint: str | None
    source: str
    bad_design: bool
    examples: tuple[WorkedExample, ...]
    #: Title, text and hint by language code, for each language the library has a file for.
    words: Mapping[str, RuleWords] = field(default_factory=dict, compare=False, repr=False)

    @property
    def rule_text(self) -> str:
        """The rule in canonical rule-language text."""
        return str(self.rule)

    def words_in(self, language: str) -> RuleWords:
        """Title, text and hint in `language` ('pl', 'ja-JP'); English for a language with none."""
        primary = language.replace("_", "-").split("-")[0].lower()
        return self.words.get(primary) or RuleWords(self.title, self.text, self.hint)

    def title_in(self, language: str) -> str:
        """The title in `language`."""
        return self.words_in(language).title

    def text_in(self, language: str) -> str:
        """The plain-language text in `language`."""
        return self.words_in(language).text

    def hint_in(self, language: str) -> str | None:
        """The hint in `language`, if the rule has one."""
        return self.words_in(language).hint


def localized(rule: LibraryRule, language: str) -> LibraryRule:
    """The rule with its title, text and hint in `language`, for code that reads those fields."""
    words = rule.words_in(language)
    return replace(rule, title=words.title, text=words.text, hint=words.hint)


def load_library(folder: Path | None = None) -> tuple[LibraryRule, ...]:
    """Every rule in `folder` (default: the kit's own library), sorted by difficulty then id."""
    if folder is None:
        return _default_library()
    return _load_folder(folder)


@functools.cache
def _default_library() -> tuple[LibraryRule, ...]:
    return _load_folder(data_dir("lessons") / "rules")


def find_rule(rule_id: str) -> LibraryRule:
    """The library rule with this id; LibraryError if there is none."""
    for rule in load_library():
        if rule.id == rule_id:
            return rule
    raise LibraryError(_("no rule in the library has the id %(id)s") % {"id": repr(rule_id)})


def filter_rules(
    rules: Sequence[LibraryRule],
    *,
    difficulty: int | None = None,
    concept: str | None = None,
    age_band: str | None = None,
    ids: Sequence[str] | None = None,
) -> tuple[LibraryRule, ...]:
    """The rules matching every filter given, in their order; LibraryError for an unknown value."""
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise LibraryError(f"difficulty goes from 1 to 5, not {difficulty}")
    if concept is not None and concept not in CONCEPTS:
        raise LibraryError(f"unknown concept {concept!r}; use one of {', '.join(CONCEPTS)}")
    if age_band is not None and age_band not in AGE_BANDS:
        raise LibraryError(f"unknown age band {age_band!r}; use one of {', '.join(AGE_BANDS)}")
    if ids is not None:
        unknown = sorted(set(ids) - {rule.id for rule in rules})
        if unknown:
            raise LibraryError(f"no rule has the id {', '.join(unknown)}")
    return tuple(
        rule
        for rule in rules
        if (difficulty is None or rule.difficulty == difficulty)
        and (concept is None or concept in rule.concepts)
        and (age_band is None or rule.age_band == age_band)
        and (ids is None or rule.id in ids)
    )


def _load_folder(folder: Path) -> tuple[LibraryRule, ...]:
    if not folder.is_dir():
        raise LibraryError(f"{folder}: the rule library folder does not exist")
    files = sorted(path for path in folder.iterdir() if path.suffix in _SUFFIXES)
    rules: dict[str, LibraryRule] = {}
    for path in files:
        rule = _read_rule_file(path)
        if rule.id in rules:
            raise LibraryError(f"{path}: the id {rule.id!r} is used by another file too")
        rules[rule.id] = rule
    try:
        translations = read_translations(folder / "i18n", list(rules))
    except WordsError as error:
        raise LibraryError(str(error)) from error
    translated = (
        replace(rule, words={language: words[rule.id] for language, words in translations.items()})
        for rule in rules.values()
    )
    return tuple(sorted(translated, key=lambda rule: (rule.difficulty, rule.id)))


def _read_rule_file(path: Path) -> LibraryRule:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
        raise LibraryError(f"{path}: cannot be read as YAML: {error}") from error
    fields = _Fields(path, data)
    rule_id = fields.matching("id", _KEBAB_CASE, "kebab-case, like alternate-colors")
    if rule_id != path.stem:
        raise fields.error(f"the id {rule_id!r} must equal the file name {path.stem!r}")
    rule = fields.compiled_rule("rule")
    return LibraryRule(
        id=rule_id,
        title=fields.text("title"),
        text=fields.text("text"),
        rule=rule,
        difficulty=fields.choice("difficulty", DIFFICULTIES),
        concepts=fields.concepts("concepts"),
        age_band=fields.choice("age_band", AGE_BANDS),
        hint=fields.optional_text("hint"),
        source=fields.choice("source", SOURCES),
        bad_design=fields.flag("bad_design", default=False),
        examples=fields.examples("examples"),
    )


class _Fields:
    """The fields of one rule file; every problem becomes a LibraryError naming the file."""

    def __init__(self, path: Path, data: Any) -> None:
        self.path = path
        if not isinstance(data, Mapping):
            raise self.error("a rule file must be a mapping of fields (id: ..., title: ...)")
        missing = [key for key in _REQUIRED if key not in data]
        if missing:
            raise self.error(f"missing field(s): {', '.join(missing)}")
        unknown = sorted(str(key) for key in data if key not in _REQUIRED + _OPTIONAL)
        if unknown:
            raise self.error(f"unknown field(s): {', '.join(unknown)}")
        self.data: Mapping[str, Any] = data

    def error(self, problem: str) -> LibraryError:
        """A LibraryError naming this file."""
        return LibraryError(f"{self.path}: {problem}")

    def text(self, key: str) -> str:
        """A field holding non-empty text."""
        value = self.data[key]
        if not isinstance(value, str) or not value.strip():
            raise self.error(f"{key!r} must be some text")
        return value.strip()

    def matching(self, key: str, pattern: re.Pattern[str], description: str) -> str:
        """A text field that must match `pattern` in full."""
        value = self.text(key)
        if not pattern.fullmatch(value):
            raise self.error(f"{key!r} must be {description}, not {value!r}")
        return value

    def optional_text(self, key: str) -> str | None:
        """A field that may be left out or empty, else holds text."""
        return None if self.data.get(key) is None else self.text(key)

    def choice(self, key: str, allowed: tuple[_T, ...]) -> _T:
        """A field holding one of the `allowed` values."""
        value = self.data[key]
        for option in allowed:
            # YAML's true would otherwise pass for 1.
            if value == option and not isinstance(value, bool):
                return option
        options = ", ".join(str(option) for option in allowed)
        raise self.error(f"{key!r} must be one of {options}, not {value!r}")

    def flag(self, key: str, *, default: bool) -> bool:
        """A true/false field."""
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            raise self.error(f"{key!r} must be true or false, not {value!r}")
        return value

    def compiled_rule(self, key: str) -> Rule:
        """The rule-language field, compiled."""
        try:
            return compile_rule(self.text(key))
        except RuleError as error:
            raise self.error(f"the rule does not compile: {error}") from error

    def concepts(self, key: str) -> tuple[str, ...]:
        """A non-empty list of distinct known concepts."""
        value = self.data[key]
        if not isinstance(value, list) or not value:
            raise self.error(f"{key!r} must be a list such as [color, parity]")
        unknown = [str(item) for item in value if item not in CONCEPTS]
        if unknown:
            raise self.error(
                f"unknown concept(s) {', '.join(unknown)}; use some of {', '.join(CONCEPTS)}"
            )
        if len(set(value)) != len(value):
            raise self.error(f"{key!r} lists a concept twice")
        return tuple(value)

    def examples(self, key: str) -> tuple[WorkedExample, ...]:
        """The worked examples: a list of {mainline: [...], card: ..., accepted: ...}."""
        value = self.data[key]
        if not isinstance(value, list):
            raise self.error(f"{key!r} must be a list of examples")
        return tuple(self._example(number, item) for number, item in enumerate(value, start=1))

    def _example(self, number: int, item: Any) -> WorkedExample:
        where = f"example {number}"
        if not isinstance(item, Mapping) or set(item) != _EXAMPLE_KEYS:
            raise self.error(f"{where} must have exactly the fields mainline, card and accepted")
        mainline, accepted = item["mainline"], item["accepted"]
        if not isinstance(mainline, list) or not mainline:
            raise self.error(f"{where}: the mainline must be a list of at least one card")
        if not isinstance(accepted, bool):
            raise self.error(f"{where}: accepted must be true or false, not {accepted!r}")
        return WorkedExample(
            mainline=tuple(self._card(where, text) for text in mainline),
            card=self._card(where, item["card"]),
            accepted=accepted,
        )

    def _card(self, where: str, text: Any) -> Card:
        if not isinstance(text, str):
            raise self.error(f"{where}: {text!r} is not a card; write rank then suit, like 10H")
        try:
            return Card.parse(text)
        except CardError as error:
            raise self.error(f"{where}: {error}") from error
