"""The projector at 1920x1080 with a New Eleusis table beside an Express one, both in long
rounds: the New Eleusis tile shows its game, its prophet (♛), a flag on every 10th card and the
crown on the prophet's marked card, the sudden-death count and the player out, and every card
of both tables fits on screen with no word under 28px."""

from __future__ import annotations

import random
import re

from playwright.sync_api import Browser, expect

from classroom.core.games.express import Options
from classroom.core.rules import compile_rule
from classroom.store import connect
from classroom.store.composition import use_cases_for
from classroom.usecases import GroupSetup, Move, UseCases
from tests.e2e.conftest import TEACHER, Server
from tests.e2e.test_projector import EASY_RULE, MIN_TEXT_PX, Projector
from tests.e2e.test_projector_layout import NICKNAMES, check_full_screen, play_long, seat_refs


def play_new_eleusis(service: UseCases, group_id: int, at_least: int) -> None:
    """Single right cards and, every third turn, a string of wrong ones, until `at_least` cards
    are on the table; the first to play right becomes prophet and calls every turn truly."""
    refs = seat_refs(service, group_id)
    rule = compile_rule(EASY_RULE)
    rounds = service.rounds
    turn = 0
    while True:
        state = service.reading.group_snapshot(group_id).state
        assert state is not None and not state.is_over and state.turn is not None
        if state.cards_played >= at_least:
            return
        seat, turn = state.turn, turn + 1
        right = [c for c in state.hand(seat) if rule.allows(state.layout.mainline, c)]
        wrong = [c for c in state.hand(seat) if c not in right]
        good = bool(right) and not (turn % 3 == 0 and wrong)
        cards = right[:1] if good else wrong[:2]
        rounds.act(refs[seat], Move("play", f"ne-{turn}", cards=tuple(cards)))
        after = service.reading.group_snapshot(group_id).state
        assert after is not None
        if after.phase == "calling" and after.prophet is not None:
            rounds.act(refs[after.prophet], Move("call", f"call-{turn}", right=good))
        elif good and after.prophet is None and not after.former_prophets:
            rounds.act(refs[seat], Move("declare", f"declare-{turn}"))


def expel_one(service: UseCases, group_id: int) -> None:
    """In sudden death, the player on turn plays a wrong card (the prophet calls it wrong) and
    is out."""
    state = service.reading.group_snapshot(group_id).state
    assert state is not None and state.sudden_death and state.turn and state.prophet
    rule = compile_rule(EASY_RULE)
    wrong = [c for c in state.hand(state.turn) if not rule.allows(state.layout.mainline, c)]
    refs = seat_refs(service, group_id)
    rounds = service.rounds
    rounds.act(refs[state.turn], Move("play", "out-play", cards=tuple(wrong[:1])))
    rounds.act(refs[state.prophet], Move("call", "out-call", right=False))


def test_a_new_eleusis_table_beside_an_express_one_on_a_1080p_projector(
    server: Server, browser: Browser
) -> None:
    service = use_cases_for(connect(server.database), rng=random.Random(9))
    teacher_id = service.teachers.check_login(*TEACHER)
    assert teacher_id is not None
    setups = [
        GroupSetup("Owls", EASY_RULE, mode="new_eleusis"),
        GroupSetup("Otters", EASY_RULE),
    ]
    class_id = service.classes.create_class(
        teacher_id, "Year 9 Science", setups, Options(), ne_sudden_death="long"
    )
    snapshot = service.reading.class_snapshot(teacher_id, class_id)
    owls, otters = (group.group_id for group in snapshot.groups)
    for group in snapshot.groups:
        for nickname in NICKNAMES[:5]:
            service.seats.join(snapshot.join_code, group.group_id, nickname)
        service.rounds.start_round(teacher_id, group.group_id)
    play_long(service, teacher_id, otters, plays=44)
    play_new_eleusis(service, owls, at_least=42)
    expel_one(service, owls)
    state = service.reading.group_snapshot(owls).state
    assert state is not None and state.prophet is not None and state.prophet_marker is not None
    token = service.classes.projector_link_token(teacher_id, class_id)

    projector = Projector.open(browser, f"{server.url}/projector/{token}")
    tile = projector.group(owls)
    expect(tile.locator(".game-tag")).to_have_text("New Eleusis")
    expect(projector.group(otters).locator(".game-tag")).to_have_count(0)
    prophet = service.reading.group_snapshot(owls).nickname(state.prophet)
    expect(tile.locator(".prophet-now")).to_have_text(f"♛ Prophet: {prophet}")
    expect(tile.locator(".seat.prophet .crown")).to_have_count(1)
    # Every card is drawn: a flag on each 10th, the crown on the prophet's marked card.
    mainline, sideline = len(state.layout.mainline), state.layout.sideline_count
    expect(tile.locator(".table > .column > .pcard.main")).to_have_count(mainline)
    expect(tile.locator(".sideline .pcard")).to_have_count(sideline)
    flags = tile.locator(".pcard .flag")
    expect(flags).to_have_text([f"⚑{n}" for n in state.markers])
    assert len(state.markers) == state.cards_played // 10 >= 4
    expect(tile.locator(".pcard .crown")).to_have_count(1)
    expect(tile.locator(".pcard", has=projector.page.locator(".flag")).first).to_have_attribute(
        "aria-label", re.compile(r", marker on card 10$")
    )
    sudden = tile.locator(".ne-line .sudden")
    expect(sudden).to_contain_text("SUDDEN DEATH")
    expect(sudden).to_have_class(re.compile(r"\bon\b"))
    names = service.reading.group_snapshot(owls).names
    assert state.expelled
    expect(tile.locator(".seat.expelled .name")).to_have_text(
        [names[seat] for seat in state.seats if seat in state.expelled]
    )
    expect(tile.locator(".seat.expelled .out")).to_have_text(["out"] * len(state.expelled))
    news = tile.locator(".news .verdict")
    expect(news.first).to_contain_text("wrong, to the sideline")
    expect(news.last).to_contain_text("is out: sudden death")
    expect(tile.locator(".counts")).not_to_contain_text("Guesses")

    found = check_full_screen(projector, "new-eleusis-beside-express")
    print(f"cards drawn at {found['card_px']}px, names cut: {found['cut']}")
    assert found["card_px"] >= MIN_TEXT_PX
    assert projector.errors == []
    projector.close()


def polish_cards(n: int) -> str:
    """'{n} kartę / karty / kart': the Polish plural form for `n`."""
    if n == 1:
        return f"{n} kartę"
    few = n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14)
    return f"{n} karty" if few else f"{n} kart"


def test_a_string_waiting_for_the_prophets_call_in_polish(server: Server, browser: Browser) -> None:
    service = use_cases_for(connect(server.database), rng=random.Random(9))
    teacher_id = service.teachers.check_login(*TEACHER)
    assert teacher_id is not None
    setups = [GroupSetup("Sowy", EASY_RULE, mode="new_eleusis")]
    class_id = service.classes.create_class(teacher_id, "Klasa 7", setups, Options())
    snapshot = service.reading.class_snapshot(teacher_id, class_id)
    (owls,) = (group.group_id for group in snapshot.groups)
    for nickname in NICKNAMES[:5]:
        service.seats.join(snapshot.join_code, owls, nickname)
    service.rounds.start_round(teacher_id, owls)
    play_new_eleusis(service, owls, at_least=12)
    state = service.reading.group_snapshot(owls).state
    assert state is not None and state.prophet is not None and state.turn is not None
    string = state.hand(state.turn)[:2]
    refs = seat_refs(service, owls)
    service.rounds.act(refs[state.turn], Move("play", "pl-1", cards=string))
    state = service.reading.group_snapshot(owls).state
    assert state is not None and state.phase == "calling"
    token = service.classes.projector_link_token(teacher_id, class_id)

    projector = Projector.open(browser, f"{server.url}/projector/{token}?lang=pl")
    tile = projector.group(owls)
    expect(tile.locator(".group-status")).to_have_text("Prorok ocenia")
    expect(tile.locator(".pcard.pending")).to_have_count(2)
    left = state.sudden_death_threshold - state.sudden_death_count
    expect(tile.locator(".ne-line .sudden")).to_have_text(
        f"⚠\ufe0e Eliminacja za {polish_cards(left)}"
    )
    expect(tile.locator(".news .waiting")).to_contain_text("czekamy na proroka")
    found = check_full_screen(projector, "new-eleusis-calling-pl")
    assert found["card_px"] >= MIN_TEXT_PX
    assert projector.errors == []
    projector.close()


def test_four_long_new_eleusis_tables_fit_one_1080p_screen(
    server: Server, browser: Browser
) -> None:
    """Four tables of 41+ cards in sudden death, six seats each: the tiles give up the
    explanation under SUDDEN DEATH (tight tiles), never a card, a flag or a word under 28px."""
    service = use_cases_for(connect(server.database), rng=random.Random(4))
    teacher_id = service.teachers.check_login(*TEACHER)
    assert teacher_id is not None
    setups = [GroupSetup(f"Table {n}", EASY_RULE, mode="new_eleusis") for n in range(1, 5)]
    class_id = service.classes.create_class(
        teacher_id, "Year 9", setups, Options(), ne_sudden_death="long"
    )
    snapshot = service.reading.class_snapshot(teacher_id, class_id)
    for group in snapshot.groups:
        for nickname in NICKNAMES[:6]:
            service.seats.join(snapshot.join_code, group.group_id, nickname)
        service.rounds.start_round(teacher_id, group.group_id)
        play_new_eleusis(service, group.group_id, at_least=41)
    token = service.classes.projector_link_token(teacher_id, class_id)

    projector = Projector.open(browser, f"{server.url}/projector/{token}")
    expect(projector.page.locator(".group")).to_have_count(4)
    expect(projector.page.locator("#pages")).to_be_hidden()
    for group in snapshot.groups:
        state = service.reading.group_snapshot(group.group_id).state
        assert state is not None
        tile = projector.group(group.group_id)
        expect(tile.locator(".pcard")).to_have_count(state.cards_played + 1)
        expect(tile.locator(".pcard .flag")).to_have_count(len(state.markers))
        expect(tile.locator(".seat.prophet")).to_have_count(1 if state.prophet else 0)
    found = check_full_screen(projector, "new-eleusis-four-tables")
    print(f"cards drawn at {found['card_px']}px, names cut: {found['cut']}")
    assert found["card_px"] >= MIN_TEXT_PX
    assert projector.errors == []
    projector.close()
