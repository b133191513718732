"""Every printable, in every language on both papers, proofread as a teacher would before
handing it out: no word split without a hyphen, Japanese lines broken by the kinsoku rules, no
type under the size floors, no English left on a Japanese, Polish or Russian page.

Each document is rendered once per module (about 130 PDFs); the time it takes is written to the
terminal, never asserted. The checkers themselves are tested on bad samples in
tests/unit/test_typesetting.py.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from printables.documents import (
    BUILDERS,
    class_pack_pdf,
    class_rule_cards_pdf,
    game_report_pdf,
    lesson_pdf,
)
from printables.kit.styles import FOOTER_SIZE, READING_SIZE
from printables.kit.typeset import overflows
from printables.rounds import round_report
from tests.live_class import (
    HINT,
    RIGHT_GUESS,
    STUDENTS,
    WRONG_GUESS,
    build_class,
    live_service,
    play_a_round,
)
from tests.typography import (
    Line,
    english_words,
    kinsoku_breaks,
    known_pairs,
    known_words,
    lines_of,
    small_text,
    split_words,
)
from tests.unit.test_new_eleusis_support import SEATS
from tests.unit.test_printables_ne_report import _report_pdf, _round_with_a_prophet

LANGUAGES = ("en", "ja", "pl", "ru")
PAPERS = ("a4", "letter")
BASE = "http://192.168.1.20:5000"
#: Latin words a translated page may print: the game's own name. Card letters (A, J, Q, K) are
#: single letters, which the check passes over; code in the rule language is in a Mono face.
ALLOWED = frozenset({"Eleusis", "Express"})
#: What the class in the app is called and what its people typed: their words, not the kit's.
TYPED = frozenset(
    {*(name for names in STUDENTS for name in names), *SEATS, "Otters", "Falcons", "Club"}
    | {"Science"}
    | {*WRONG_GUESS.split(), *RIGHT_GUESS.split(), *HINT.split()}
)
#: The page footers (kit, title, page number) print below this height, at FOOTER_SIZE.
FOOTER_BAND = 50.0
#: The teacher's documents: READING_SIZE is for what students read, these may go down to
#: FOOTER_SIZE (the numbers by the cards of a played round's layout).
TEACHERS = frozenset({"report", "ne-report", "lesson-book"})


@dataclass(frozen=True, slots=True)
class Proof:
    """One rendered document: its lines and what overflowed its box while it was set."""

    lines: tuple[Line, ...]
    overflowed: tuple[str, ...]


def _documents(live) -> dict[str, Callable[[str, str], bytes]]:
    """Each document by name: how to build it on a paper in a language."""
    snapshot = live.service.reading.class_snapshot(live.teacher_id, live.class_id)
    group_id = live.group_ids[0]
    class_name = live.service.reading.group_snapshot(group_id).class_name
    record = live.service.records.group_record(live.teacher_id, group_id)
    prophet_round = _round_with_a_prophet()

    def report(paper: str, language: str) -> bytes:
        built = round_report(record, class_name=class_name, round_number=1, language=language)
        return game_report_pdf(built, paper=paper, language=language)

    documents = {name: build for name, build in BUILDERS.items() if name != "worksheet"}
    documents |= {
        "lesson-book": lambda paper, language: lesson_pdf("all", paper=paper, language=language),
        "class-pack": lambda paper, language: class_pack_pdf(
            snapshot, base_url=BASE, paper=paper, language=language
        ),
        "class-rule-cards": lambda paper, language: class_rule_cards_pdf(
            snapshot, paper=paper, language=language
        ),
        "report": report,
        # The New Eleusis report is drawn on A4 and Letter alike from the same round.
        "ne-report": lambda paper, language: _report_pdf(prophet_round.events, language),
    }
    return documents


@pytest.fixture(scope="module")
def proofs(tmp_path_factory, request) -> dict[tuple[str, str, str], Proof]:
    """Every document in every language on both papers, rendered and read back once."""
    live = build_class(live_service(tmp_path_factory.mktemp("typography")))
    play_a_round(live, live.group_ids[0])
    started = time.perf_counter()
    found: dict[tuple[str, str, str], Proof] = {}
    for name, build in _documents(live).items():
        for language in LANGUAGES:
            for paper in PAPERS:
                with overflows() as overflowed:
                    pdf = build(paper, language)
                found[name, language, paper] = Proof(tuple(lines_of(pdf)), tuple(overflowed))
    spent = time.perf_counter() - started
    plugins = request.config.pluginmanager
    reporter, capture = plugins.get_plugin("terminalreporter"), plugins.get_plugin("capturemanager")
    if reporter is not None and capture is not None:
        with capture.global_and_fixture_disabled():
            reporter.write_line(
                f"typography sweep: {len(found)} PDFs rendered and read in {spent:.1f} s"
            )
    return found


def _each(proofs, languages=LANGUAGES):
    return [(key, proof) for key, proof in sorted(proofs.items()) if key[1] in languages]


def _report(problems: dict[tuple[str, str, str], list[str]]) -> str:
    return "\n".join(f"{'/'.join(key)}: {found[:5]}" for key, found in problems.items())


def test_every_document_was_printed_in_every_language_on_both_papers(proofs):
    names = {name for name, _language, _paper in proofs}
    assert len(proofs) == len(names) * len(LANGUAGES) * len(PAPERS)
    assert all(proof.lines for proof in proofs.values())


def test_no_word_is_split_without_a_hyphen(proofs):
    problems = {}
    for key, proof in _each(proofs, ("en", "pl", "ru")):
        found = split_words(proof.lines, set(known_words(key[1])), known_pairs(key[1]))
        if found:
            problems[key] = found
    assert not problems, _report(problems)


def test_no_text_is_wider_than_its_box(proofs):
    """A word too long for its box would be printed past it: each gets more room instead."""
    problems = {key: list(proof.overflowed) for key, proof in proofs.items() if proof.overflowed}
    assert not problems, _report(problems)


def test_japanese_lines_break_by_the_kinsoku_rules_and_keep_katakana_words_whole(proofs):
    problems = {}
    for key, proof in _each(proofs, ("ja",)):
        found = kinsoku_breaks(proof.lines)
        if found:
            problems[key] = found
    assert not problems, _report(problems)


def test_nothing_is_printed_under_the_footer_size_and_the_rest_not_under_the_reading_size(
    proofs,
):
    problems = {}
    for key, proof in proofs.items():
        body = [line for line in proof.lines if line.y > FOOTER_BAND]
        floor = FOOTER_SIZE if key[0] in TEACHERS else READING_SIZE
        found = small_text(proof.lines, FOOTER_SIZE) + small_text(body, floor)
        if found:
            problems[key] = found
    assert not problems, _report(problems)


def test_no_english_word_is_left_on_a_translated_page(proofs):
    english = known_words("en")
    problems = {}
    for key, proof in _each(proofs, ("ja", "pl", "ru")):
        found = english_words(proof.lines, set(english - known_words(key[1])), ALLOWED | TYPED)
        if found:
            problems[key] = found
    assert not problems, _report(problems)
