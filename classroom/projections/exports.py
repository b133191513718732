"""A class's record as files: the event log, the hypotheses and the predictions as CSV,
everything as JSON.
Pure functions; nicknames are the only thing about a person that leaves the kit.

CSV files start with a byte-order mark, so spreadsheets read "Zoë" and "さくら" correctly:

>>> csv_document(["nickname"], [["Zoë"]]).startswith("\\ufeffnickname")
True

Words in the CSV files (verdicts, what an event did) are `Text`, said in the class's language
where the file is written; ids, card codes, event kinds and the JSON stay as they are.

Text typed by students never becomes a formula, wherever a spreadsheet splits the cell:

>>> neutralize_formulas("ok;=cmd|' /C calc'!A0")
"ok;'=cmd|' /C calc'!A0"
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence
from typing import Any

from classroom.core.hypotheses.builder import built_from
from classroom.core.text import Text
from classroom.projections.class_record import ClassRecord, GroupRecord, RoundRecord
from classroom.projections.debrief import hypotheses
from classroom.projections.games import views_of
from classroom.projections.information_export import information_document
from classroom.projections.learning_curve import play_predictions
from classroom.projections.words import ACCEPTED, RIGHT, yes_no

__all__ = [
    "EVENT_COLUMNS",
    "FORMAT",
    "HYPOTHESIS_COLUMNS",
    "PREDICTION_COLUMNS",
    "csv_document",
    "event_rows",
    "export_document",
    "hypothesis_rows",
    "neutralize_formulas",
    "prediction_rows",
]

FORMAT = "eleusis-classroom-export/1"
#: `game` (last, so the older columns keep their places) is the game of the round: "express"
#: or "new_eleusis". A New Eleusis string's cards
#: share one cell, in the order played ("10H JS"); a call's verdict is "confirmed" or
#: "overthrown" (see `classroom.projections.games.new_eleusis.exports`).
EVENT_COLUMNS = (
    "class", "group", "round", "seq", "time", "kind", "nickname", "card", "verdict", "text", "game",
)  # fmt: skip
#: A hypothesis built by taps has the builder's sentence as its `text` and its rule-language
#: text as its `code` (empty for text typed by hand, which `text` holds as written).
HYPOTHESIS_COLUMNS = (
    "group", "round", "seq", "time", "nickname", "kind", "text", "confidence", "test_card",
    "prediction", "outcome", "verdict", "game", "code",
)  # fmt: skip
#: One row per forecast: `play` counts judged plays (as the debrief does), `seq` is the played
#: card's event, `player` played it, `nickname` forecast it; `right` is empty if never judged.
PREDICTION_COLUMNS = (
    "group", "round", "play", "seq", "card", "player", "nickname", "prediction", "right",
)  # fmt: skip
#: Where a spreadsheet may start a cell: at the start of the text or after any character an
#: import dialog may split on (comma, semicolon, tab, pipe, line breaks), past any spaces.
#: A formula character there (= + - @, tab, CR, or their fullwidth forms) gets an apostrophe
#: before it, which spreadsheets read as "this is text".
_FORMULA_START = re.compile(r"(?:^|(?<=[,;\t|\r\n]))([^\S\t\r\n]*)(?=[=+\-@\t\r＝＋－＠])")


def csv_document(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """CSV text with a byte-order mark; None becomes an empty cell."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([_cell(cell) for cell in header])
    for row in rows:
        writer.writerow(["" if cell is None else _cell(cell) for cell in row])
    return out.getvalue()


def neutralize_formulas(text: str) -> str:
    """`text` with an apostrophe before every formula start, so no split of it is a formula."""
    return _FORMULA_START.sub(r"\1'", text)


def _cell(value: object) -> object:
    return neutralize_formulas(value) if isinstance(value, str) else value


def event_rows(record: ClassRecord) -> list[list[object]]:
    """One row per event of every round of every group (see EVENT_COLUMNS)."""
    rows: list[list[object]] = []
    for group in record.groups:
        for round_ in group.rounds:
            where = [record.name, group.name, round_.number]
            for seq, kind, cells in _round_events(round_, group):
                rows.append([*where, seq, round_.times.get(seq, ""), kind, *cells, round_.mode])
    return rows


def _round_events(round_: RoundRecord, group: GroupRecord) -> list[tuple[int, str, list[str]]]:
    """Seq, kind and the nickname, card, verdict and text of each event of a round, in its
    game's words."""
    return views_of(round_.mode).event_rows(round_, group)


def hypothesis_rows(record: ClassRecord) -> list[list[object]]:
    """One row per journal entry and per guess (see HYPOTHESIS_COLUMNS)."""
    rows: list[list[object]] = []
    for group in record.groups:
        for round_ in group.rounds:
            for item in hypotheses(round_.events, round_.journal, round_.times):
                words, code = _words_and_code(item.text)
                rows.append(
                    [
                        group.name,
                        round_.number,
                        item.seq,
                        item.written_at,
                        group.nickname(item.seat),
                        item.kind,
                        words,
                        item.confidence,
                        item.test_card,
                        yes_no(item.predicted_accepted, ACCEPTED),
                        yes_no(item.accepted, ACCEPTED),
                        yes_no(item.right, RIGHT),
                        round_.mode,
                        code,
                    ]
                )
    return rows


def _words_and_code(text: str) -> tuple[Text | str, str]:
    """A hypothesis as its words and its rule-language code (empty: typed by hand)."""
    built = built_from(text)
    return (built.words, text) if built is not None else (text, "")


def _players(round_: RoundRecord) -> dict[int, str]:
    """The seat that played each card, by the seq of its `played` event."""
    return {e.seq: getattr(e, "seat", "") for e in round_.events if e.kind == "played"}


def prediction_rows(record: ClassRecord) -> list[list[object]]:
    """One row per prediction on a played card (see PREDICTION_COLUMNS)."""
    rows: list[list[object]] = []
    for group in record.groups:
        for round_ in group.rounds:
            players = _players(round_)
            for p in play_predictions(round_.events):
                rows.append(
                    [
                        group.name,
                        round_.number,
                        p.play,
                        p.play_seq,
                        str(p.card) if p.card else None,
                        group.nickname(players.get(p.play_seq)),
                        group.nickname(p.seat),
                        yes_no(p.accepted, ACCEPTED),
                        yes_no(p.right, RIGHT),
                    ]
                )
    return rows


def _prediction_documents(round_: RoundRecord, group: GroupRecord) -> list[dict[str, Any]]:
    players = _players(round_)
    return [
        {
            "play": p.play,
            "seq": p.play_seq,
            "card": str(p.card) if p.card else None,
            "player": group.nickname(players.get(p.play_seq)),
            "nickname": group.nickname(p.seat),
            "predicted_accepted": p.accepted,
            "right": p.right,
        }
        for p in play_predictions(round_.events)
    ]


def _round_document(round_: RoundRecord, group: GroupRecord) -> dict[str, Any]:
    return _common_round_document(round_, group) | views_of(round_.mode).round_extras(round_, group)


def _common_round_document(round_: RoundRecord, group: GroupRecord) -> dict[str, Any]:
    return {
        "number": round_.number,
        "game": round_.mode,
        "rule": {"text": round_.rule_text, "kind": round_.rule_kind, "id": round_.rule_id},
        "dealer": group.nickname(round_.dealer) if round_.dealer else None,
        "started_at": round_.started_at,
        "events": [
            group.named(event.to_dict()) | {"time": round_.times.get(event.seq)}
            for event in round_.events
        ],
        "journal": [
            {
                "seq": entry.seq,
                "nickname": group.nickname(entry.seat),
                "text": entry.text,
                "confidence": entry.confidence,
                "test_card": str(entry.test_card) if entry.test_card else None,
                "predicted_accepted": entry.predicted_accepted,
                "written_at": entry.written_at,
            }
            for entry in round_.journal
        ],
        "predictions": _prediction_documents(round_, group),
        "information": information_document(round_, group),
        "dealer_mismatches": [
            {
                "seq": m.seq,
                "card": str(m.card) if m.card else None,
                "given": m.given,
                "expected": m.expected,
            }
            for m in round_.mismatches
        ],
    }


def export_document(record: ClassRecord) -> dict[str, Any]:
    """The whole class as one JSON-ready document, for research."""
    return {
        "format": FORMAT,
        "class": {
            "name": record.name,
            "created_at": record.created_at,
            "ended_at": record.ended_at,
            "options": {
                "wrong_guess_penalty": record.wrong_guess_penalty,
                "stock_out": record.stock_out,
            },
        },
        "groups": [
            {
                "name": group.name,
                "position": group.position,
                "rule": {"text": group.rule_text, "id": group.rule_id},
                "dealer_mode": group.dealer_mode,
                "games": sorted({r.mode for r in group.rounds}),
                "seats": list(group.names.values()),
                "rounds": [_round_document(r, group) for r in group.rounds],
            }
            for group in record.groups
        ],
    }
