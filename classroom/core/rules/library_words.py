"""The rule library's words in other languages: `lessons/rules/i18n/<language>.yaml`.

Each file maps every rule id of the library to the rule's title, plain-language text and hint
in that language; English, the source, stays in the rule files themselves.

>>> entry = {"title": "Ten sam kolor", "text": "Zagraj kartę w tym samym kolorze."}
>>> words = parse_words({"same-suit": entry}, "pl.yaml", ["same-suit"])
>>> words["same-suit"].title, words["same-suit"].hint
('Ten sam kolor', None)
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

__all__ = ["RuleWords", "WordsError", "parse_words", "read_translations"]

_LANGUAGE = re.compile(r"[a-z]{2,3}")
_KEYS = frozenset({"title", "text", "hint"})


class WordsError(ValueError):
    """A language file of the library that cannot be used."""


@dataclass(frozen=True, slots=True)
class RuleWords:
    """What a reader sees of one rule in one language."""

    title: str
    text: str
    hint: str | None


def read_translations(folder: Path, rule_ids: Collection[str]) -> dict[str, dict[str, RuleWords]]:
    """Each language's words by rule id, from the `<language>.yaml` files in `folder` (if any)."""
    if not folder.is_dir():
        return {}
    translations: dict[str, dict[str, RuleWords]] = {}
    for path in sorted(folder.glob("*.yaml")):
        if not _LANGUAGE.fullmatch(path.stem):
            raise WordsError(f"{path}: name a language file by its language code, like pl.yaml")
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
            raise WordsError(f"{path}: cannot be read as YAML: {error}") from error
        translations[path.stem] = parse_words(data, str(path), rule_ids)
    return translations


def parse_words(data: Any, where: str, rule_ids: Collection[str]) -> dict[str, RuleWords]:
    """One language file's content, which must give words for exactly the rules `rule_ids`."""
    if not isinstance(data, Mapping):
        raise WordsError(f"{where}: a language file maps rule ids to {{title, text, hint}}")
    missing = sorted(set(rule_ids) - set(data))
    if missing:
        raise WordsError(f"{where}: no words for the rule(s) {', '.join(missing)}")
    unknown = sorted(str(key) for key in data if key not in rule_ids)
    if unknown:
        raise WordsError(f"{where}: no rule has the id(s) {', '.join(unknown)}")
    return {rule_id: _entry(data[rule_id], f"{where}: {rule_id}") for rule_id in rule_ids}


def _entry(value: Any, where: str) -> RuleWords:
    if not isinstance(value, Mapping) or not set(value) <= _KEYS:
        raise WordsError(f"{where} must have the fields title, text and (if any) hint")
    hint = value.get("hint")
    return RuleWords(
        title=_text(value.get("title"), f"{where}: title"),
        text=_text(value.get("text"), f"{where}: text"),
        hint=None if hint is None else _text(hint, f"{where}: hint"),
    )


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise WordsError(f"{where} must be some text")
    return value.strip()
