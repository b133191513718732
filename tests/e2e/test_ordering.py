"""The shipped tablet script drops a view older than the one it shows (broadcasts may cross)."""

from __future__ import annotations

from typing import Any

import pytest


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
                const module = await import("/static/js/tablet/connection.js");
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
