"""Every text a person reads exists in Japanese, Polish and Russian.

A string added to the code or a template without its three translations fails here: the
catalogs are compared with a fresh extraction of the sources (`make messages` updates them).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "classroom" / "translations"
LANGUAGES = ("ja", "pl", "ru")
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sdr]|%[sdr]|\{[a-z_]+\}")


def catalog(language: str) -> Catalog:
    with (TRANSLATIONS / language / "LC_MESSAGES" / "messages.po").open("rb") as file:
        return read_po(file, locale=language)


def texts(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple) else [message.string]


def ids(message: Message) -> list[str]:
    return list(message.id) if isinstance(message.id, tuple) else [message.id]


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    """The msgids the code and templates hold now."""
    pot = tmp_path_factory.mktemp("messages") / "messages.pot"
    command = [sys.executable, "-m", "babel.messages.frontend", "extract"]
    options = ["-F", "babel.cfg", "-k", "_l", "-k", "lazy_gettext", "-k", "N_", "-o", str(pot)]
    subprocess.run([*command, *options, "."], cwd=ROOT, check=True, capture_output=True)
    with pot.open("rb") as file:
        return {ids(message)[0] for message in read_po(file) if message.id}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_catalog_holds_every_text_of_the_code(language: str, extracted: set[str]) -> None:
    known = {ids(message)[0] for message in catalog(language) if message.id}
    missing = sorted(extracted - known)
    assert not missing, (
        f"{len(missing)} texts are not in the {language} catalog: run `make messages`"
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_is_translated_and_none_is_fuzzy(language: str) -> None:
    untranslated = [
        ids(m)[0] for m in catalog(language) if m.id and not all(s.strip() for s in texts(m))
    ]
    fuzzy = [ids(m)[0] for m in catalog(language) if m.id and m.fuzzy]
    assert not untranslated, f"{len(untranslated)} untranslated, e.g. {untranslated[:5]}"
    assert not fuzzy, f"{len(fuzzy)} fuzzy, e.g. {fuzzy[:5]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_every_placeholder(language: str) -> None:
    wrong = []
    for message in catalog(language):
        if not message.id:
            continue
        wanted = set(PLACEHOLDER.findall(ids(message)[-1]))
        for text in filter(None, texts(message)):
            # A plural form for "one" may say the number in words: %(n)d may be left out.
            found = set(PLACEHOLDER.findall(text))
            if found - wanted or (wanted - found) - {"%(n)d", "%d"}:
                wrong.append((ids(message)[0], text))
    assert not wrong, f"placeholders differ: {wrong[:5]}"


def test_the_html_of_every_page_says_its_language() -> None:
    base = (ROOT / "templates" / "base.html").read_text(encoding="utf-8")
    assert '<html lang="{{ locale }}"' in base
