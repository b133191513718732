"""Two real server processes behind one database and one Redis: what happens on A is seen on
B, a process can die mid-class without losing or doubling anything, limits are shared."""

from __future__ import annotations

import uuid

from tests.scaleout.clients import Projector, Tablet, Teacher, close_all
from tests.scaleout.conftest import TEACHER, Cluster
from tests.scaleout.play import right_card, step


def _tile(projector: Projector, group_id: int) -> dict:
    return next(g for g in projector.view["groups"] if g["id"] == group_id)


def test_play_on_a_is_seen_on_b_and_judged_on_b(cluster: Cluster) -> None:
    lesson = cluster.seat_class(3)
    tablets = [Tablet(token).join(cluster.a.url) for token in lesson.tokens]
    projector = Projector(lesson.projector_token).join(cluster.b.url)
    try:
        # Presence is shared: B shows the tablets connected to A as online.
        seats = _tile(projector, lesson.group_id)["seats"]
        assert [seat["online"] for seat in seats] == [True] * len(lesson.tokens)
        before = _tile(projector, lesson.group_id)["mainline_total"]
        player = next(t for t in tablets if t.state["can"]["play"])
        card = right_card(player.state)
        answer = player.act({"type": "play", "card": card, "action_id": "first-play"})
        assert answer["ok"], answer
        projector.wait_for(
            lambda: _tile(projector, lesson.group_id)["mainline_total"] == before + 1,
            "the play on A to reach the projector on B",
        )
        assert _tile(projector, lesson.group_id)["mainline"][-1] == card

        # The player may now guess: on A. The teacher judges it on B.
        player.wait_for(lambda: player.state["can"]["guess"], "the chance to guess")
        answer = player.act({"type": "guess", "text": "colors alternate", "action_id": "guess"})
        assert answer["ok"], answer
        player.wait_for(lambda: player.state["status"] == "judging_guess", "the guess pending")
        teacher = Teacher()
        assert teacher.login(cluster.b.url, *TEACHER) == 302
        shown = len(player.state["guesses"]) - 1
        assert teacher.judge(cluster.b.url, lesson.group_id, shown, right=True) == 302
        for tablet in tablets:
            tablet.wait_for(lambda t=tablet: t.state["status"] == "over", "the round over on A")
        assert player.state["end"]["winner"] == player.state["me"]
        projector.wait_for(
            lambda: _tile(projector, lesson.group_id)["status"] != "playing", "B's tile over"
        )
    finally:
        close_all([*tablets, projector])


def test_a_killed_mid_class_its_tablets_go_on_on_b(cluster: Cluster) -> None:
    lesson = cluster.seat_class(3)
    tablets = [Tablet(token).join(cluster.a.url) for token in lesson.tokens]
    moved: list[Tablet] = []
    try:
        for _ in range(4):
            last_tablet, last_action, seq = step(tablets)
        cluster.a.kill()
        close_all(tablets)
        # Each tablet comes back on B with its token and the (round, seq) it had seen.
        for old in tablets:
            new = Tablet(old.token)
            new.seqs = list(old.seqs)
            moved.append(new.join(cluster.b.url, old.state["round"], old.state["seq"]))
        for tablet in moved:
            assert tablet.state["seq"] == seq
            assert tablet.seqs == list(range(1, seq + 1))  # nothing missed, nothing twice
        # The last action, sent again (its acknowledgement was lost, say): a duplicate.
        again = moved[tablets.index(last_tablet)].act(last_action)
        assert again["ok"] and again["duplicate"], again
        for _ in range(3):
            _, _, seq = step(moved)
        for tablet in moved:
            assert tablet.seqs == list(range(1, seq + 1))

        # A comes back and serves the same state.
        cluster.a.start().wait()
        fresh = Tablet(moved[0].token).join(cluster.a.url)
        moved.append(fresh)
        assert fresh.state["seq"] == moved[0].state["seq"] == seq
        assert fresh.state["hand"] == moved[0].state["hand"]
        assert fresh.seqs == list(range(1, seq + 1))
    finally:
        close_all([*tablets, *moved])
        if cluster.a.process is None or cluster.a.process.poll() is not None:
            cluster.a.start().wait()  # later tests get both processes back


def test_failed_logins_are_counted_across_processes(cluster: Cluster) -> None:
    teacher = Teacher()
    username = f"nobody-{uuid.uuid4().hex[:8]}"
    for _ in range(5):
        assert teacher.login(cluster.a.url, username, "wrong") == 401
    assert teacher.login(cluster.b.url, username, "wrong") == 429
    assert teacher.login(cluster.b.url, username, "still wrong") == 429
    # Another account from the same address is not locked out.
    assert Teacher().login(cluster.b.url, *TEACHER) == 302


def test_an_action_resent_after_a_dropped_connection_is_applied_once(cluster: Cluster) -> None:
    lesson = cluster.seat_class(3)
    tablets = [Tablet(token).join(cluster.a.url) for token in lesson.tokens]
    try:
        player = next(t for t in tablets if t.state["can"]["play"])
        action = {"type": "play", "card": right_card(player.state), "action_id": "before-drop"}
        first = player.act(action)
        assert first["ok"], first
        # The Wi-Fi drops after the play reached the server; the tablet joins again (on the
        # other process) and, not knowing, sends the same play once more.
        player.client.eio.disconnect(abort=True)
        player.wait_for(lambda: not player.connected(), "the connection to drop")
        player.base_url = cluster.b.url
        again = player.act(action)
        assert again["ok"] and again["seq"] == first["seq"], (first, again)
        assert player.state["seq"] == first["seq"]
        assert player.state["mainline"].count(action["card"]) == 1
    finally:
        close_all(tablets)


def test_a_seats_budget_is_spent_alike_on_every_process(cluster: Cluster) -> None:
    lesson = cluster.seat_class(3)
    token = lesson.tokens[0]
    tabs = [Tablet(token).join(cluster.a.url), Tablet(token).join(cluster.b.url)]
    try:
        answers = [
            tabs[n % 2].act({"type": "guess", "text": "reds", "action_id": f"budget-{n}"})
            for n in range(14)
        ]
    finally:
        close_all(tabs)
    slow_down = "Slow down a little: wait a few seconds, then try again."
    # Ten guesses a minute per seat (refused by the game or not), then the budget is spent.
    assert [answer.get("error") == slow_down for answer in answers] == [False] * 10 + [True] * 4
