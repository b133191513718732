from dataclasses import replace

from classroom.projections.projector_view import projector_view, with_group
from classroom.projections.snapshots import ClassSnapshot, GroupSnapshot, SeatInfo


def group(group_id: int, *, paused: bool = False) -> GroupSnapshot:
    return GroupSnapshot(
        class_id=1,
        class_name="7B",
        group_id=group_id,
        group_name=f"G{group_id}",
        position=group_id,
        rule_text="card.odd",
        rule_id=None,
        rule_revealed=False,
        seats=(SeatInfo(10 * group_id, "Ana"),),
        round_id=None,
        round_number=0,
        state=None,
        events=(),
        paused=paused,
    )


def test_with_group_rebuilds_one_tile_and_keeps_the_rest():
    period = ClassSnapshot(1, "7B", "ABC234", False, False, False, "add_deck", (group(1), group(2)))
    view = projector_view(period, anonymous=False, online=set(), join_url="/join")
    changed = with_group(view, group(2, paused=True), online={"20"})
    assert [g["status"] for g in changed["groups"]] == ["lobby", "paused"]
    assert changed["groups"][0] is view["groups"][0]
    assert changed["groups"][1]["seats"][0]["online"] is True
    assert changed["joining"] is True


def test_with_group_hides_the_join_code_once_no_group_waits():
    period = ClassSnapshot(1, "7B", "ABC234", False, False, False, "add_deck", (group(1),))
    view = projector_view(period, anonymous=True, online=set(), join_url="/join")
    assert view["joining"] is True
    assert with_group(view, replace(group(1), paused=True), online=set())["joining"] is False
