"""What changed between two views of the same page, as the smallest update a client can draw
on the view it holds.

A play changes a few fields of a tablet's view: the table grows by a card, one or two seats'
counts change, the turn moves on, the player's hand changes. Sending those alone instead of the
whole view keeps each message small. Views are JSON-like dicts; an update says, per top-level
field, one of:

- `set`: the field's new value, whole (or None for a field the view no longer has);
- `append`: items added at the end of a list (the mainline after a right play);
- `at`: the items of a list that changed, by index, when its length did not change (the seats).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["changes", "updated_view"]

Changes = dict[str, dict[str, Any]]


def changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> Changes:
    """How to turn `before` into `after`: {"set": ..., "append": ..., "at": ...}, each only
    when not empty.

    >>> changes({"turn": "1", "hand": ["7H"], "mainline": ["2C"]},
    ...         {"turn": "2", "hand": ["7H"], "mainline": ["2C", "5D"]})
    {'set': {'turn': '2'}, 'append': {'mainline': ['5D']}}
    >>> changes({"seats": [{"n": 1}, {"n": 2}]}, {"seats": [{"n": 1}, {"n": 3}]})
    {'at': {'seats': {'1': {'n': 3}}}}
    """
    found: Changes = {"set": {}, "append": {}, "at": {}}
    for key, value in after.items():
        old = before.get(key, _MISSING)
        if old == value:
            continue
        if isinstance(old, list) and isinstance(value, list) and old:
            if len(value) > len(old) and value[: len(old)] == old:
                found["append"][key] = value[len(old) :]
                continue
            if len(value) == len(old):
                found["at"][key] = {
                    str(i): v for i, (o, v) in enumerate(zip(old, value, strict=True)) if o != v
                }
                continue
        found["set"][key] = value
    found["set"] |= {key: None for key in before if key not in after}
    return {part: fields for part, fields in found.items() if fields}


def updated_view(
    held: Mapping[str, Any] | None, update: Mapping[str, Any]
) -> dict[str, Any] | None:
    """The view a client holds with an `update` ({round, base, seq} and the `changes`) drawn on
    it, or None when the update is not drawn on that view (another round, or a `seq` other than
    `base`). The tablet's page does the same in JavaScript; test clients and the benchmark use
    this.

    >>> updated_view({"round": 1, "seq": 4, "turn": "1", "mainline": ["2C"]},
    ...     {"round": 1, "base": 4, "seq": 5, "set": {"turn": "2"}, "append": {"mainline": ["5D"]}})
    {'round': 1, 'seq': 5, 'turn': '2', 'mainline': ['2C', '5D']}
    >>> updated_view({"round": 1, "seq": 3}, {"round": 1, "base": 4, "seq": 5}) is None
    True
    """
    if held is None or held.get("round") != update.get("round"):
        return None
    if held.get("seq") != update.get("base"):
        return None
    view = {**held, **update.get("set", {})}
    for key, items in update.get("append", {}).items():
        view[key] = [*view[key], *items]
    for key, items in update.get("at", {}).items():
        replaced = list(view[key])
        for index, item in items.items():
            replaced[int(index)] = item
        view[key] = replaced
    view["seq"] = update.get("seq")
    return view


_MISSING = object()
