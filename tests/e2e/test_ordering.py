"""The shipped tablet script drops a view older than the one it shows (broadcasts may cross),
and draws an update on the view it holds exactly as the server meant it."""

from __future__ import annotations

from typing import Any

import pytest

from classroom.projections.view_changes import changes, updated_view


@pytest.mark.parametrize(
    ("view", "seen", "older"),
    [
        ({"round": 1, "seq": 25}, {"round": 1, "last_seq": 27}, True),
        ({"round": 1, "seq": 27}, {"round": 1, "last_seq": 27}, False),
        ({"round": 1, "seq": 29}, {"round": 1, "last_seq": 27}, False),
        ({"round": 2, "seq": 1}, {"round": 1, "last_seq": 90}, False),
        ({"round": 1, "seq": 90}, {"round": 2, "last_seq": 1}, True),
        ({"round": 0, "seq": 0}, {"round": 0, "last_seq": 0}, False),
    ],
)
def test_tablet_drops_states_older_than_the_one_shown(
    server: Any, browser: Any, view: dict, seen: dict, older: bool
) -> None:
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(f"{server.url}/join")
        answer = page.evaluate(
            """async ([view, seen]) => {
                const module = await import("/static/js/tablet/state.js");
                return module.isOlder(view, seen);
            }""",
            [view, seen],
        )
        assert answer is older
    finally:
        context.close()


def test_projector_keeps_the_newer_tile_when_views_cross(server: Any, browser: Any) -> None:
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(f"{server.url}/join")
        tiles = page.evaluate(
            """async () => {
                const module = await import("/static/js/projector/main.js");
                const shown = {groups: [{id: 1, round: 1, seq: 9, name: "new"},
                                        {id: 2, round: 1, seq: 3, name: "old"}]};
                const late = {groups: [{id: 1, round: 1, seq: 7, name: "stale"},
                                       {id: 2, round: 1, seq: 5, name: "fresh"}]};
                return module.newest(shown, late).groups.map((g) => g.name);
            }"""
        )
        assert tiles == ["new", "fresh"]
    finally:
        context.close()


HELD = {
    "round": 2,
    "seq": 14,
    "turn": "3",
    "mainline": ["5H", "8C"],
    "sidelines": [[], ["KD"]],
    "seats": [{"seat": "1", "cards": 9}, {"seat": "3", "cards": 11}],
    "hand": ["2C", "QS"],
    "end": None,
}
NEXT_VIEWS = [
    {**HELD, "seq": 15, "turn": "1", "mainline": ["5H", "8C", "JD"], "sidelines": [[], ["KD"], []]},
    {**HELD, "seq": 16, "sidelines": [[], ["KD", "4S"]], "hand": ["2C", "QS", "9H"]},
    {
        **HELD,
        "seq": 17,
        "seats": [{"seat": "1", "cards": 0}, {"seat": "3", "cards": 11}],
        "end": {"reason": "emptied", "winner": "1"},
    },
]


@pytest.mark.parametrize("after", NEXT_VIEWS)
def test_the_tablet_draws_an_update_as_the_server_made_it(
    server: Any, browser: Any, after: dict
) -> None:
    update = {"round": 2, "base": 14, "seq": after["seq"], **changes(HELD, after)}
    stale = {**update, "base": 13}
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(f"{server.url}/join")
        drawn, refused = page.evaluate(
            """async ([held, update, stale]) => {
                const module = await import("/static/js/tablet/state.js");
                return [module.applyUpdate(held, update), module.applyUpdate(held, stale)];
            }""",
            [HELD, update, stale],
        )
        assert drawn == after == updated_view(HELD, update)
        assert refused is None and updated_view(HELD, stale) is None
    finally:
        context.close()
