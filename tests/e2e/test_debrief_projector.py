"""The debrief as the class sees it on the projector: a long round at 1920x1080, type readable
at 3 m (cards and the rule at least 28px), its figures said in plays."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from classroom.core.games.express import Options
from classroom.store import connect
from classroom.store.composition import use_cases_for
from classroom.usecases import GroupSetup, JournalNote, Move, UseCases
from tests.e2e.conftest import SCREENSHOTS, TEACHER, Server
from tests.e2e.tablets import Teacher
from tests.e2e.test_projector import EASY_RULE, FULL_HD, MIN_TEXT_PX, TEXT_SIZES
from tests.e2e.test_projector_layout import seat_refs

RIGHT_AT_PLAY = 21
SIZES_OF = """(selector) => [...document.querySelectorAll(selector)]
  .map((el) => parseFloat(getComputedStyle(el).fontSize))"""


def journal_round(service: UseCases, teacher_id: int, group_id: int, plays: int) -> None:
    """A round of `plays` plays; journals every seventh play (some testing the card about to be
    played), the rule itself written just before play RIGHT_AT_PLAY + 1, and a wrong guess."""
    refs = seat_refs(service, group_id)
    for number in range(plays):
        state = service.reading.group_snapshot(group_id).state
        assert state is not None and state.turn is not None
        player, last = refs[state.turn], state.layout.mainline[-1]
        hand = state.hand(state.turn)
        card = next((c for c in hand if c.color != last.color), hand[0])
        if number == RIGHT_AT_PLAY:
            service.journal.write_journal(player, JournalNote("prev.color != card.color", 8))
        elif number % 7 == 3:
            predicted = card.color != last.color
            note = JournalNote(f"idea number {number}: colours matter", 4, card, predicted)
            service.journal.write_journal(player, note)
        service.rounds.act(player, Move("play", f"d-{number}", cards=(card,)))
        after = service.reading.group_snapshot(group_id).state
        if after is not None and after.phase == "guess_window" and after.guesser is not None:
            guesser = refs[after.guesser]
            if number == 10:
                service.rounds.act(guesser, Move("guess", f"g-{number}", text="red then black"))
                service.rounds.judge_guess(teacher_id, group_id, False)
            elif number < plays - 1:
                service.rounds.act(guesser, Move("pass", f"s-{number}"))
    service.rounds.end_round(teacher_id, group_id)
    service.rounds.set_revealed(teacher_id, group_id, True)


def test_the_debrief_of_a_long_round_reads_from_the_back_of_the_room(
    server: Server, browser: Browser
) -> None:
    service = use_cases_for(connect(server.database))
    teacher_id = service.teachers.check_login(*TEACHER)
    assert teacher_id is not None
    class_id = service.classes.create_class(
        teacher_id, "Year 8 Debrief", [GroupSetup("Otters", EASY_RULE)], Options()
    )
    snapshot = service.reading.class_snapshot(teacher_id, class_id)
    group_id = snapshot.groups[0].group_id
    # Eight players: each writes once (a seat may not write twice within a few seconds).
    for nickname in ("Alexandra", "Bo", "Chimamanda", "Dev", "Esme", "Finn", "Gus", "Hal"):
        service.seats.join(snapshot.join_code, group_id, nickname)
    service.rounds.start_round(teacher_id, group_id)
    journal_round(service, teacher_id, group_id, plays=40)

    teacher = Teacher(browser, server.url, TEACHER)
    page = teacher.page
    page.set_viewport_size(FULL_HD)
    page.goto(f"{server.url}/teacher/groups/{group_id}/debrief?round=1")
    first = page.locator(".first-found")
    expect(first).to_contain_text(f"came at play {RIGHT_AT_PLAY} of 40")
    expect(page.locator(".figures-big")).to_contain_text("of the 40 plays tested a prediction")
    assert page.locator(".mainline.big > li").count() >= 30
    page.evaluate("document.fonts.ready")
    # What each play taught is projected with the rest: its curve and its 40 rows.
    expect(page.locator(".information-box svg.information-curve")).to_be_visible()
    expect(page.locator(".information-table tbody tr")).to_have_count(40)
    for selector in (".pcard", ".rule-code", ".hyp .what", ".first-found", ".information-table td"):
        sizes = page.evaluate(SIZES_OF, selector)
        assert sizes and min(sizes) >= MIN_TEXT_PX, (selector, sizes)
    small = [(what, px) for what, px in page.evaluate(TEXT_SIZES) if px < MIN_TEXT_PX]
    assert small == [], small
    width = page.evaluate("document.documentElement.scrollWidth - innerWidth")
    assert width <= 0
    page.screenshot(path=str(SCREENSHOTS / "debrief-long-round-1080p.png"))
    page.screenshot(path=str(SCREENSHOTS / "debrief-long-round-full.png"), full_page=True)
    teacher.context.close()
