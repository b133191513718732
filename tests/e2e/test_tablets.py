"""Six tablets in real Chromium: joining, playing by tapping, guessing, reconnecting, isolation."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, WebSocketRoute, expect

from tests.e2e.conftest import SCREENSHOTS, TEACHER, Server
from tests.e2e.tablets import LANDSCAPE, PORTRAIT, Tablet, Teacher, is_red

EASY_RULE = "card.color != prev.color"
OTHER_RULE = "card.odd != prev.odd"
SCRIPT_NICKNAME = "<script>Cy</script>"
HAND = 12
STOCK_AFTER_DEAL = 104 - 3 * HAND - 1


@dataclass
class Lesson:
    """A class with two groups of three tablets each, both rounds dealt."""

    teacher: Teacher
    code: str
    group_ids: list[int]
    otters: list[Tablet]
    falcons: list[Tablet]

    @property
    def tablets(self) -> list[Tablet]:
        return self.otters + self.falcons


@pytest.fixture(scope="module")
def lesson(server: Server, browser: Browser) -> Iterator[Lesson]:
    teacher = Teacher(browser, server.url, TEACHER)
    code, group_ids = teacher.create_class(
        "7B Science", [("Otters", EASY_RULE), ("Falcons", OTHER_RULE)]
    )
    otters = [Tablet.open(browser, name, LANDSCAPE) for name in ("Ana", "Ben", SCRIPT_NICKNAME)]
    falcons = [Tablet.open(browser, name, PORTRAIT) for name in ("Dee", "Eli", "Fay")]
    otters[0].join_by_typing(server.url, code, "Otters")
    for tablet in otters[1:]:
        tablet.join_by_link(server.url, code, "Otters")
    for tablet in falcons[:-1]:
        tablet.join_by_link(server.url, code, "Falcons")
    falcons[-1].join_by_link(server.url, code, "Falcons", SCREENSHOTS / "join-portrait.png")
    expect(otters[0].page.locator("#status-line")).to_have_text(
        "Waiting for the teacher to start the round."
    )
    otters[0].screenshot("tablet-landscape-lobby", SCREENSHOTS)
    teacher.start_round(group_ids[0])
    teacher.start_round(group_ids[1])
    for tablet in otters + falcons:
        expect(tablet.page.locator("#hand button[data-card]")).to_have_count(HAND)
    teacher.page.screenshot(path=str(SCREENSHOTS / "teacher-class.png"), full_page=True)
    yield Lesson(teacher, code, group_ids, otters, falcons)
    for tablet in otters + falcons:
        tablet.context.close()
    teacher.context.close()


def on_turn(tablets: list[Tablet], reader: Tablet) -> Tablet:
    """The tablet whose player is on turn, as `reader`'s players table says; it shows the banner."""
    row = reader.page.locator("#players tr.turn")
    expect(row).to_have_count(1)
    nickname = row.get_attribute("data-nickname")
    (player,) = [tablet for tablet in tablets if tablet.nickname == nickname]
    expect(player.page.locator("#turn-banner")).to_be_visible()
    for other in tablets:
        if other is not player:
            expect(other.page.locator("#turn-banner")).to_be_hidden()
    return player


def assert_no_page_errors(tablets: list[Tablet]) -> None:
    for tablet in tablets:
        assert tablet.errors == [], tablet.nickname
        assert tablet.dialogs == [], tablet.nickname


def test_every_tablet_shows_its_hand_the_starter_and_whose_turn(lesson: Lesson) -> None:
    for group in (lesson.otters, lesson.falcons):
        on_turn(group, group[0])
        for tablet in group:
            page = tablet.page
            expect(page.locator("#layout .column")).to_have_count(1)
            expect(page.locator("#stock-count")).to_have_text(str(STOCK_AFTER_DEAL))
            expect(page.locator("#me-name")).to_have_text(tablet.nickname)
            expect(page.locator("#connection")).to_be_hidden()
            expect(page.locator("#rejoin")).to_be_hidden()
            expect(page.locator("#guess-form")).to_be_hidden()
            expect(page.locator("#round-over")).to_be_hidden()
            for card in page.locator("#hand button[data-card]").all():
                box = card.bounding_box()
                assert box is not None and box["width"] >= 44 and box["height"] >= 44
                label = card.get_attribute("aria-label") or ""
                # The spoken name starts with what the card shows, then says it in words.
                assert re.fullmatch(
                    r"\S+ (\d+|ace|jack|queen|king) of (spades|hearts|diamonds|clubs)", label
                )
                red = is_red(card.get_attribute("data-card") or "")
                assert ("red" in (card.get_attribute("class") or "").split()) == red
                assert card.locator(".pip").inner_text()[0] in ("♥♦" if red else "♠♣")
            counts = tablet.hand_counts()
            assert counts == {other.nickname: HAND for other in group}
    lesson.otters[0].screenshot("tablet-landscape-start", SCREENSHOTS)
    lesson.falcons[0].screenshot("tablet-portrait-start", SCREENSHOTS)
    assert_no_page_errors(lesson.tablets)


def test_a_script_nickname_is_shown_as_text(lesson: Lesson) -> None:
    for tablet in lesson.otters:
        row = tablet.page.locator(f'#players tr[data-nickname="{SCRIPT_NICKNAME}"]')
        expect(row.locator("th")).to_contain_text(SCRIPT_NICKNAME)
        expect(tablet.page.locator("#game script")).to_have_count(0)
    expect(lesson.otters[2].page.locator("#me-name")).to_have_text(SCRIPT_NICKNAME)
    assert_no_page_errors(lesson.otters)


def told_of_the_round(tablet: Tablet) -> int:
    """How many messages the tablet received about any round (beacons, which say only where
    its own group's log stands, are not news of a round)."""
    return sum(1 for name, _payload in tablet.received if name != "beacon")


def test_a_correct_play_and_a_right_guess_end_the_round_with_scores(lesson: Lesson) -> None:
    otters, group_id = lesson.otters, lesson.group_ids[0]
    falcons_before = [told_of_the_round(tablet) for tablet in lesson.falcons]

    player = on_turn(otters, otters[0])
    same_colour = [c for c in player.hand() if is_red(c) == player.last_mainline_is_red()]
    if same_colour:  # a wrong play first: it goes to a sideline under the starter
        player.play(same_colour[0])
        for tablet in otters:
            sideline = tablet.page.locator("#layout .column").first.locator(".sideline > *")
            expect(sideline).to_have_count(1)
        expect(player.page.locator("#hand button[data-card]")).to_have_count(HAND)
        expect(player.page.locator("#turn-banner")).to_be_hidden()

    guesser = None
    for _attempt in range(len(otters) * 2):
        player = on_turn(otters, player)
        fitting = [c for c in player.hand() if is_red(c) != player.last_mainline_is_red()]
        if fitting:
            columns = player.page.locator("#layout .column").count()
            player.play(fitting[0])
            expect(player.page.locator("#layout .column")).to_have_count(columns + 1)
            expect(player.page.locator("#guess-form")).to_be_visible()
            guesser = player
            break
        player.no_play()
        expect(player.page.locator("#turn-banner")).to_be_hidden()
    assert guesser is not None, "nobody held a card of the other colour"
    guesser.screenshot("tablet-landscape-guess-box", SCREENSHOTS)

    guesser.page.get_by_label("Your guess of the secret rule").fill(
        "After a red card play a black one, after a black card a red one."
    )
    guesser.page.get_by_role("button", name="Guess").tap()
    for tablet in otters:
        expect(tablet.page.locator("#guesses .guess.waiting")).to_have_count(1)
    expect(guesser.page.locator("#status-line")).to_have_text("The teacher is judging your guess…")
    expect(guesser.page.locator("#guesses .guess .who")).to_have_text("You")

    # A right guess reveals the rule to the group without the teacher's Reveal button.
    lesson.teacher.judge_guess(group_id, True)
    expect(guesser.page.locator("#notice")).to_have_text("Your guess is right!")
    for tablet in otters:
        expect(tablet.page.locator("#round-over")).to_be_visible()
        expect(tablet.page.locator("#guesses .guess.right")).to_have_count(1)
        expect(tablet.page.locator("#rule-text")).to_have_text(EASY_RULE)
        expect(tablet.page.locator("#rule-text")).to_be_visible()
        expect(tablet.page.locator("#dealer-score")).to_be_empty()  # the app does not score
        expect(tablet.page.locator("#hand-area")).to_be_hidden()
        scores = tablet.final_scores()
        assert set(scores) == {other.nickname for other in otters}
        for nickname, (cards, score, winner) in scores.items():
            bonus = 6 if nickname == guesser.nickname else 0
            assert score == HAND - cards + bonus, nickname
            assert winner == (nickname == guesser.nickname)
        assert scores[guesser.nickname][0] == HAND - 1
    guesser.screenshot("tablet-landscape-round-over", SCREENSHOTS)
    lesson.teacher.page.screenshot(path=str(SCREENSHOTS / "teacher-round-over.png"), full_page=True)

    # Nothing of all that reached the other group's tablets.
    assert [told_of_the_round(tablet) for tablet in lesson.falcons] == falcons_before
    assert_no_page_errors(otters)


def test_a_reloaded_tablet_returns_to_its_seat_with_its_hand(lesson: Lesson) -> None:
    falcons = lesson.falcons
    player = on_turn(falcons, falcons[0])
    player.play(player.hand()[0])  # right or wrong, the layout now holds two cards
    expect(player.page.locator("#layout .playing-card")).to_have_count(2)
    hand, layout = player.hand(), player.mainline()

    def back_in_seat() -> None:
        expect(player.page.locator("#me-name")).to_have_text(player.nickname)
        expect(player.page.locator("#hand button[data-card]")).to_have_count(len(hand))
        expect(player.page.locator("#layout .playing-card")).to_have_count(2)
        assert player.hand() == hand
        assert player.mainline() == layout

    player.wake()
    back_in_seat()
    player.page.reload()
    back_in_seat()
    # Without the session cookie, the seat token kept in localStorage is enough.
    player.context.clear_cookies()
    player.page.reload()
    back_in_seat()

    player.context.set_offline(True)
    expect(player.page.locator("#connection")).to_contain_text("Reconnecting")
    player.screenshot("tablet-portrait-reconnecting", SCREENSHOTS)
    player.context.set_offline(False)
    expect(player.page.locator("#connection")).to_be_hidden(timeout=15_000)
    back_in_seat()
    assert_no_page_errors([t for t in falcons if t is not player])


def test_a_play_whose_answer_is_lost_is_sent_again_and_applied_once(lesson: Lesson) -> None:
    falcons = lesson.falcons
    player = on_turn(falcons, falcons[0])
    acts: list[str] = []
    dropped: list[str] = []

    def route(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()

        def to_server(message: str | bytes) -> None:
            if isinstance(message, str) and '["act",' in message:
                acts.append(message)
            server.send(message)

        def to_page(message: str | bytes) -> None:
            # The server applies the first play, but its answer never reaches the tablet. Only
            # the play's own answer is dropped (its ack id is the one the play was sent with):
            # the page's other questions are answered as usual.
            if isinstance(message, str) and acts and not dropped:
                first = acts[0]
                ack_id = first[len("42/play,") : first.index("[")]
                if message.startswith(f"43/play,{ack_id}["):
                    dropped.append(message)
                    return
            socket.send(message)

        socket.on_message(to_server)
        server.on_message(to_page)

    player.page.route_web_socket(re.compile(r"/socket\.io/"), route)
    player.page.reload()
    expect(player.page.locator("#turn-banner")).to_be_visible()
    cards_on_table = player.page.locator("#layout .playing-card").count()

    player.play(player.hand()[0])
    tablet_element = player.page.locator("#tablet")
    expect(tablet_element).to_have_class(re.compile(r"\bbusy\b"))  # buttons wait meanwhile
    expect(player.page.locator("#play-button")).to_be_disabled()
    expect(tablet_element).not_to_have_class(re.compile(r"\bbusy\b"), timeout=15_000)
    assert len(acts) == 2
    first, again = (json.loads(message[message.index("[") :])[1] for message in acts)
    assert first == again  # the same action, with the same action_id
    assert dropped and '"duplicate":false' in dropped[0].replace(" ", "")
    for tablet in falcons:
        expect(tablet.page.locator("#layout .playing-card")).to_have_count(cards_on_table + 1)
    expect(player.page.locator("#problem")).to_be_hidden()


def test_a_hint_reaches_the_tablets_of_its_group_only(lesson: Lesson) -> None:
    hint = "Look at odd and even."
    lesson.teacher.give_hint(lesson.group_ids[1], hint)
    for tablet in lesson.falcons:
        expect(tablet.page.locator("#hints")).to_have_text(hint)
        expect(tablet.page.locator("#recent li").first).to_have_text(f"Hint: {hint}")
    for tablet in lesson.otters:
        expect(tablet.page.locator("#hints")).not_to_contain_text(hint)


def test_a_tablet_receives_only_its_own_group(lesson: Lesson) -> None:
    for group in (lesson.otters, lesson.falcons):
        nicknames = {tablet.nickname for tablet in group}
        for tablet in group:
            states = tablet.states()
            assert states, tablet.nickname
            seats = {seat["seat"] for seat in states[-1]["seats"]}
            assert {state["me"] for state in states} == {
                next(s["seat"] for s in states[-1]["seats"] if s["nickname"] == tablet.nickname)
            }
            for state in states:
                assert {seat["nickname"] for seat in state["seats"]} <= nicknames
            for name, payload in tablet.received:
                if name == "events":
                    assert {e["seat"] for e in payload if "seat" in e} <= seats
            rows = tablet.page.locator("#players tr[data-nickname]")
            assert {row.get_attribute("data-nickname") for row in rows.all()} == nicknames


def test_a_tablet_whose_seat_is_gone_is_asked_to_join_again(
    server: Server, browser: Browser
) -> None:
    tablet = Tablet.open(browser, "ghost", LANDSCAPE)
    try:
        tablet.page.goto(f"{server.url}/join")
        tablet.page.evaluate("localStorage.setItem('eleusis.seat', 'a-seat-that-was-removed')")
        tablet.page.goto(f"{server.url}/play")
        expect(tablet.page.locator("#rejoin")).to_be_visible()
        expect(tablet.page.get_by_role("link", name="Join again")).to_have_attribute(
            "href", "/join"
        )
        assert tablet.page.evaluate("localStorage.getItem('eleusis.seat')") is None
        assert tablet.dialogs == []
    finally:
        tablet.context.close()


def test_a_tablet_without_a_seat_goes_to_the_join_page(server: Server, browser: Browser) -> None:
    tablet = Tablet.open(browser, "newcomer", PORTRAIT)
    try:
        tablet.page.goto(f"{server.url}/play")
        expect(tablet.page).to_have_url(re.compile(r"/join$"))
        expect(tablet.page.get_by_label("Class code")).to_be_visible()
    finally:
        tablet.context.close()
