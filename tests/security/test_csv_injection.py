"""CSV exports: text typed by students never becomes a formula, however a spreadsheet splits it."""

from __future__ import annotations

import csv
import io
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from classroom.projections.exports import csv_document, neutralize_formulas

#: Characters that make a spreadsheet read a cell as a formula (fullwidth forms included).
TRIGGERS = ("=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠")
#: Every way an import dialog may cut a cell into cells.
SPLITS = (None, ",", ";", "\t", "|", "\n", "\r", ",;\t|\r\n")
ATTACKS = [
    "=1+1",
    "+1",
    "-1",
    "@SUM(A1)",
    "\t=1+1",
    "\r=1+1",
    "=cmd|' /C calc'!A0",
    "ok;=cmd|' /C calc'!A0",
    'ok,=HYPERLINK("http://x")',
    "ok\t+1",
    "ok|@SUM(1)",
    "ok\n-1",
    "ok\r\n=1",
    "ok; =1+1",
    "ok;\u00a0\u3000=1+1",
    "ok;\t=1",
    "ok;\r=1",
    "a;;=1",
    "=;=;=",
    "＝1+1",
    "ok;＠SUM(1)",
]


def produced_cells(text: str) -> list[str]:
    """The cell as a CSV reader gets it back from the exported document."""
    document = csv_document(["text"], [[text]])
    rows = list(csv.reader(io.StringIO(document.removeprefix("\ufeff"))))
    assert rows[0] == ["text"] and len(rows) == 2
    return rows[1]


def pieces(cell: str, separators: str | None) -> list[str]:
    return [cell] if separators is None else re.split(f"[{re.escape(separators)}]", cell)


def assert_no_formula_in_any_split(cell: str) -> None:
    for separators in SPLITS:
        for piece in pieces(cell, separators):
            # Spreadsheets skip leading spaces; a tab or CR there is itself a trigger.
            start = re.sub(r"^[^\S\t\r]+", "", piece)
            assert not start.startswith(TRIGGERS), (separators, piece)


@pytest.mark.parametrize("attack", ATTACKS)
def test_attack_strings_cannot_start_a_formula_in_any_split(attack: str) -> None:
    (cell,) = produced_cells(attack)
    assert_no_formula_in_any_split(cell)
    assert cell.replace("'", "") == attack.replace("'", "")  # only apostrophes were added


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.sampled_from("=+-@\t\r\n,;| \u00a0ab'＝"), max_size=30))
def test_any_mix_of_triggers_and_separators_is_neutralized(text: str) -> None:
    assert_no_formula_in_any_split(neutralize_formulas(text))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_neutralizing_only_adds_apostrophes_and_is_idempotent(text: str) -> None:
    safe = neutralize_formulas(text)
    assert safe.replace("'", "") == text.replace("'", "")
    assert neutralize_formulas(safe) == safe


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("-3 points", "'-3 points"),
        ("K♣ after Q♦", "K♣ after Q♦"),
        ("赤と黒のカードが交互に出ると思います。", "赤と黒のカードが交互に出ると思います。"),
        ("красная, потом чёрная", "красная, потом чёрная"),
        ("x=y, 2+2 and a-b", "x=y, 2+2 and a-b"),
        ("card.rank > 7; then red", "card.rank > 7; then red"),
        ("Zoë's guess", "Zoë's guess"),
    ],
)
def test_ordinary_text_stays_readable(text: str, shown: str) -> None:
    assert produced_cells(text) == [shown]


def test_numbers_and_empty_cells_pass_unchanged() -> None:
    document = csv_document(["seq", "n", "none"], [[-1, 3, None]])
    assert document.splitlines()[1] == "-1,3,"
