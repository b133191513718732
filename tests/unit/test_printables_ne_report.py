"""The table of the New Eleusis round report, read back from the PDF: each marker the report
names ("card 10 (A♦)") is the card the rows print under that number, with the marker's sign
by it, mainline and sideline alike, in every language."""

from __future__ import annotations

import itertools
import re

import pytest

from classroom.core.cards import printed_label
from classroom.core.games import new_eleusis as ne
from classroom.projections.class_record import GroupRecord, RoundRecord
from printables.documents import game_report_pdf
from printables.kit.card_layout import (
    CARD_WIDTH,
    TAG_SPACING,
    TAGGED_GAP,
    CardTag,
    LayoutTags,
    layout_rows,
    shown_tags,
    sideline_step,
)
from printables.kit.i18n import gettext as _
from printables.kit.i18n import speaking
from printables.rounds import round_report
from tests.unit.test_new_eleusis_support import Alternate, cards, long_table, play_right
from tests.unit.test_printables_rulecards_support import placed_text
from tests.unit.test_printables_support import reader, text_of

MARKER, PROPHET = "▲", "★"


def named_markers(pdf: bytes, language: str = "en") -> list[tuple[str, int, str]]:
    """Each marker the report's marker lines name: its sign, card number and card label."""
    text = text_of(pdf)
    with speaking(language):
        leads = {
            MARKER: _("Markers (every 10th card played): {cards}.").split("{cards}")[0],
            PROPHET: _("The prophet's marker: {card}.").split("{card}")[0],
        }
        card = re.escape(_("card {n} ({label})"))
    pattern = card.replace(r"\{n\}", r"(\d+)").replace(r"\{label\}", r"([^)]+?)")
    found = []
    for sign, lead in leads.items():
        at = text.find(lead.strip())
        if at < 0:
            continue
        listed = text[at + len(lead.strip()) :]
        listed = listed.split("。" if language == "ja" else ". ", 1)[0]
        found += [(sign, int(n), label.strip()) for n, label in re.findall(pattern, listed)]
    return found


def tags_in_rows(pdf: bytes) -> dict[int, tuple[str, str, float]]:
    """Each number the card rows print by a card (a number the card's rank and suit follow),
    with its signs, that card as read back and how far the card's text starts from it."""
    pieces = [piece for page in range(len(reader(pdf).pages)) for piece in placed_text(pdf, page)]
    tags: dict[int, tuple[str, str, float]] = {}
    for at, (text, x, y) in enumerate(pieces):
        tag = re.fullmatch(rf"([{MARKER}{PROPHET}]*) ?(\d+)", text)
        if tag is None or at + 2 >= len(pieces):
            continue
        (first, cx, cy), (second, _x, _y) = pieces[at + 1], pieces[at + 2]
        drawn = (first + second).replace(" ", "")
        if re.match(r"\w{1,2}[♠♥♦♣]", drawn):  # a card's rank and suit: the number is a tag
            tags.setdefault(int(tag[2]), (tag[1], drawn, abs(cx - x) + abs(cy - y)))
    return tags


def assert_markers_drawn_by_their_cards(pdf: bytes, language: str = "en") -> None:
    """Every marker named in the text is printed by the card of that number in the rows, with
    the marker's sign, and the number sits by that card."""
    markers = named_markers(pdf, language)
    assert markers, "the report names no marker"
    tags = tags_in_rows(pdf)
    for sign, number, label in markers:
        assert number in tags, f"no card {number} in the rows"
        signs, drawn, distance = tags[number]
        assert drawn.startswith(label.replace(" ", "")), (number, label, drawn)
        assert sign in signs, (number, signs)
        assert distance < 40, (number, distance)
    marked = {number for _sign, number, _label in markers}
    assert {n for n, (signs, _d, _x) in tags.items() if signs} == marked


def _record(events: tuple[ne.Event, ...]) -> RoundRecord:
    return RoundRecord(
        round_id=1,
        number=1,
        rule_text="card.color != prev.color",
        rule_kind="language",
        rule_id=None,
        dealer=None,
        started_at="2026-11-23T09:00:00Z",
        events=events,
        times={},
        journal=(),
        mismatches=(),
        mode="new_eleusis",
    )


def _wrong_string(game: ne.Round) -> None:
    """The player whose turn it is plays up to 4 cards of the last mainline card's colour."""
    seat = game.state.turn or ""
    colour = game.state.layout.mainline[-1].color
    game.play(seat, [card for card in game.state.hand(seat) if card.color == colour][:4])


def _report_pdf(events: tuple[ne.Event, ...], language: str) -> bytes:
    record = _record(events)
    dealt = events[0]
    assert isinstance(dealt, ne.Dealt)
    names = {seat: seat for seat in dealt.seats}
    group = GroupRecord(1, 1, "Owls", 1, record.rule_text, None, "app", names, (record,))
    report = round_report(group, class_name="Club", language=language)
    return game_report_pdf(report, language=language)


def _round_with_a_prophet() -> ne.Round:
    """Two right cards, wrong strings past the first marker (on a sideline card), a right card
    and its player declared prophet, a wrong string the prophet calls wrong; ended."""
    game = long_table(judge=Alternate())
    play_right(game, 2)
    while game.state.cards_played < 11:
        _wrong_string(game)
    seat = game.state.turn or ""
    right = next(
        c for c in game.state.hand(seat) if Alternate().allows(game.state.layout.mainline, c)
    )
    game.play(seat, [right])
    game.declare(seat)
    _wrong_string(game)
    game.call(seat, False)
    game.end_round()
    return game


@pytest.mark.parametrize("language", ["en", "ja", "pl", "ru"])
def test_the_rows_print_each_marker_by_the_card_the_text_names(language: str) -> None:
    game = _round_with_a_prophet()
    state = game.state
    assert state.markers == (10,) and state.prophet_marker == state.cards_played - 4
    played = [card for card, _accepted in state.played_in_order()]
    assert not state.played_in_order()[9][1]  # the 10th card went to a sideline
    pdf = _report_pdf(game.events, language)
    markers = named_markers(pdf, language)
    assert [(sign, n) for sign, n, _label in markers] == [
        (MARKER, 10),
        (PROPHET, state.prophet_marker),
    ]
    for _sign, number, label in markers:
        assert label.replace(" ", "") == printed_label(played[number - 1], language)
    assert_markers_drawn_by_their_cards(pdf, language)


def test_a_tagged_layout_cuts_its_tags_with_its_rows_and_keeps_them_on_the_page() -> None:
    mainline = cards(" ".join(["2H", "3S"] * 15))
    sidelines = [()] * 29 + [cards("4H 5H")]
    tags = LayoutTags(
        (*(CardTag(n) for n in range(29)), CardTag(30, "★")),
        ((),) * 29 + ((CardTag(31), CardTag(32)),),
    )
    rows = layout_rows(mainline, sidelines, 510, tags=tags)
    for row in rows:
        assert row.tags is not None and len(row.tags.mainline) == len(row.mainline)
        assert row.lead + len(row.mainline) * (CARD_WIDTH + TAGGED_GAP) - TAGGED_GAP <= 510
    assert rows[-1].tags is not None
    assert rows[-1].tags.mainline[-1].text == "★ 30"
    assert rows[-1].tags.sidelines[-1] == (CardTag(31), CardTag(32))


def test_a_sideline_too_long_for_every_number_keeps_the_markers_numbers() -> None:
    tags = [CardTag(n, "▲" if n % 10 == 0 else "") for n in range(1, 71)]
    step = sideline_step(len(tags))
    shown = shown_tags(tags, step)
    printed = [n for n, show in enumerate(shown) if show]
    assert step < TAG_SPACING and len(printed) < len(tags)
    assert all(shown[n] for n, tag in enumerate(tags) if tag.signs)
    assert all((b - a) * step >= TAG_SPACING for a, b in itertools.pairwise(printed))
