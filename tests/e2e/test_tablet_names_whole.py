"""The players' list on a tablet keeps each nickname whole: "Александра" in a landscape
tablet's side column is not split inside the word ("Александр|а") to make room for the
numbers, whatever badges ("Turn", "out") stand beside it, in Chromium."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import SCREENSHOTS, Server
from tests.e2e.ne_tables import NeTable, open_table
from tests.e2e.tablets import LANDSCAPE, PORTRAIT

SIZES = {"Александра": LANDSCAPE, "Богдана": LANDSCAPE, "Константин": PORTRAIT, "Илья": PORTRAIT}
#: For each row of the players' list: the nickname and on how many lines its letters lie.
NAME_LINES = """() => [...document.querySelectorAll("#players tr[data-nickname]")].map((row) => {
  const cell = row.querySelector("th");
  const range = document.createRange();
  const text = cell.firstChild;
  // The nickname alone: a suffix such as " (you)" may go to the next line.
  const at = text.textContent.indexOf(row.dataset.nickname);
  range.setStart(text, at);
  range.setEnd(text, at + row.dataset.nickname.length);
  const tops = new Set([...range.getClientRects()].map((box) => Math.round(box.top)));
  return [row.dataset.nickname, tops.size];
})"""


@pytest.fixture(scope="module")
def table(server: Server, browser: Browser) -> Iterator[NeTable]:
    opened = open_table(server, browser, "9D Whole names", SIZES)
    yield opened
    opened.close()


def test_every_nickname_in_the_players_list_stays_on_one_line(table: NeTable) -> None:
    for tablet in table.tablets:
        page = tablet.page
        expect(page.locator("#players tr[data-nickname]")).to_have_count(len(SIZES))
        lines = dict(page.evaluate(NAME_LINES))
        assert set(lines) == set(SIZES)
        split = {name: count for name, count in lines.items() if count != 1}
        assert split == {}, (tablet.nickname, split)
    table.tablets[0].page.screenshot(path=str(SCREENSHOTS / "tablet-names-whole.png"))
