"""Look-alike nicknames: two names a reader could take for each other share one key."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from classroom.usecases.errors import Invalid
from classroom.usecases.names import (
    MAX_NICKNAME,
    MAX_NICKNAME_KEY,
    clean_nickname,
    nickname_key,
)


def seated_key(typed: str) -> str:
    """The key of a nickname as the kit stores it: cleaned first, then keyed."""
    return nickname_key(clean_nickname(typed))


@pytest.mark.parametrize(
    ("name", "look_alike"),
    [
        ("Ana", "Ａｎａ"),  # fullwidth
        ("Ana", "Аna"),  # Cyrillic А
        ("Ana", "аnа"),  # Cyrillic а twice, lower case
        ("Ana", "ANA"),
        ("Ana", " Ana  "),
        ("Hanna", "Нanna"),  # Cyrillic Н, typed on a Russian keyboard
        ("Bob", "Вob"),  # Cyrillic В
        ("Pepe", "Рере"),  # Cyrillic Р and е
        ("Kota", "Κοτα"),  # Greek Κ, ο, τ, α
        ("Alex", "A1ex"),  # digit one
        ("Oto", "0to"),  # digit zero
        ("Oto", "Οτο"),  # Greek Ο, τ, ο
        ("Tom", "Τομ"),  # Greek Τ, ο, μ
        ("Ana", "𝐀𝐧𝐚"),  # mathematical bold
        ("Ana", "Ana\u034f"),  # combining grapheme joiner, invisible
        ("Ana", "An\ufe0fa"),  # variation selector
        ("Zoë", "Zoe\u0308"),  # decomposed diaeresis
        ("Zoë", "ZOË"),
        ("Straße", "STRASSE"),
        ("Вася", "ВАСЯ"),
        ("Вася", "Ваcя"),  # Latin c inside a Cyrillic name
        ("さくら", "さくら\u3000"),  # ideographic space
        ("サクラ", "ｻｸﾗ"),  # halfwidth katakana
        ("ガク", "ｶﾞｸ"),
    ],
)
def test_look_alikes_share_a_key(name: str, look_alike: str) -> None:
    assert seated_key(name) == seated_key(look_alike)


@pytest.mark.parametrize(
    ("name", "other"),
    [
        ("Ana", "Anna"),
        ("Вася", "Ваня"),
        ("さくら", "サクラ"),  # hiragana and katakana are different names
        ("Łucja", "Lucja"),  # Ł is a letter of its own in Polish
        ("José", "Jose"),  # accents make names
        ("Ila", "Lia"),  # i and l stay apart
        ("Arnie", "Amie"),  # rn and m stay apart
        ("Zoë", "Zoe"),
        ("Ola", "Ala"),
        ("Маша", "Миша"),
        ("Ewa", "Ewa 2"),
        ("Kasia", "Kasia B."),
        ("ゆうき", "ゆき"),
        ("がく", "かく"),  # dakuten makes a different kana
        ("Αλέξης", "Αλεξία"),
    ],
)
def test_different_names_keep_different_keys(name: str, other: str) -> None:
    assert seated_key(name) != seated_key(other)


def test_cyrillic_and_greek_letters_of_one_script_never_merge() -> None:
    # Within one script the table is one-to-one, so no two native names collapse into one;
    # the one exception is Cyrillic н and һ, both of which read as h.
    for alphabet in ("абвгдеёжзийклмнопрстуфхцчшщъыьэюяіјѕӏԁԛԝ", "αβγδεζηθικλμνξοπρστυφχψω"):
        keys = [nickname_key(letter) for letter in alphabet]
        assert len(set(keys)) == len(keys)
    assert nickname_key("н") == nickname_key("һ") == "h"


@pytest.mark.parametrize("typed", ["Ｓａｋｕｒａ", "ｶﾞｸ", "Ana\u3000Lee", "ﬁona"])
def test_clean_nickname_applies_compatibility_normalization(typed: str) -> None:
    cleaned = clean_nickname(typed)
    assert cleaned == unicodedata.normalize("NFKC", cleaned)
    assert cleaned in ("Sakura", "ガク", "Ana Lee", "fiona")


@pytest.mark.parametrize("typed", ["", "   ", "\u3164", "\u3164\u3164", "\u115f", "\u034f"])
def test_blank_or_invisible_nicknames_are_refused(typed: str) -> None:
    with pytest.raises(Invalid):
        clean_nickname(typed)


@pytest.mark.parametrize("typed", ["Ana\u200b", "\u202eanA", "Ana\x00", "A" * (MAX_NICKNAME + 1)])
def test_hidden_controls_and_long_names_are_refused(typed: str) -> None:
    with pytest.raises(Invalid):
        clean_nickname(typed)


NAME_LETTERS = st.text(
    alphabet=st.sampled_from(
        "AaBbEeHhKkMmOoPpTtXxYyZzĄąŁłŚśŹźŻżÉéÖöß01 "
        "АаВвЕеКкМмНнОоРрСсТтУуХхЯяЖжЁё"
        "ΑαΒβΕεΗηΙιΚκΜμΝνΟοΡρΤτΥυΧχΣσς"
        "さくらサクラがガｶﾞ"
    ),
    min_size=1,
    max_size=MAX_NICKNAME,
).filter(lambda text: text.strip())


@settings(max_examples=300, deadline=None)
@given(NAME_LETTERS)
def test_keys_ignore_case_and_normalization(name: str) -> None:
    key = nickname_key(name)
    assert key == nickname_key(name.upper()) == nickname_key(name.lower())
    assert key == nickname_key(name.casefold())
    for form in ("NFC", "NFD", "NFKC", "NFKD"):
        assert key == nickname_key(unicodedata.normalize(form, name))
    assert nickname_key(key) == key


@settings(max_examples=300, deadline=None)
@given(st.text(min_size=1, max_size=MAX_NICKNAME * 2))
def test_cleaning_is_stable_and_keys_fit_their_column(typed: str) -> None:
    try:
        cleaned = clean_nickname(typed)
    except Invalid:
        return
    assert clean_nickname(cleaned) == cleaned
    assert nickname_key(cleaned) == seated_key(typed)
    assert 0 < len(nickname_key(cleaned)) <= MAX_NICKNAME_KEY


def test_the_longest_key_fits_its_column() -> None:
    # The character whose key is longest (four characters for one) fills a whole nickname.
    assert len(seated_key("ᾂ" * MAX_NICKNAME)) == MAX_NICKNAME_KEY
