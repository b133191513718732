"""What each play taught, as files: one CSV row per judged play, and a block per round of the
research JSON with the ideal scientists' curve on the same deal. Pure functions.

The figures are the debrief's (`experiment_information`): candidate rules consistent with the
table before and after the play, the share it ruled out and the bits it taught (plain numbers,
for spreadsheets), and whether it could have proved its player's last hypothesis wrong (words,
said in the class's language where the file is written).
"""

from __future__ import annotations

from typing import Any

from classroom.core.hypotheses.builder import built_from
from classroom.core.rules import RuleError, compile_rule
from classroom.core.text import Text, _
from classroom.projections.class_record import ClassRecord, GroupRecord, RoundRecord
from classroom.projections.experiment_information import (
    PlayInformation,
    experiment_information,
    ideal_curve,
)
from classroom.projections.words import ACCEPTED, yes_no

__all__ = ["INFORMATION_COLUMNS", "information_document", "information_rows"]

#: `ruled_out` is a share from 0 to 1 (empty when nothing was left to rule out) and `bits`
#: is log2(before / after); `hypothesis` is the player's latest rule-language hypothesis before
#: the play (the builder's words where it was built by taps), `could_refute` whether the
#: verdict could have disagreed with it and `refuted` whether it did.
INFORMATION_COLUMNS = (
    "group", "round", "game", "play", "nickname", "cards", "verdict", "before", "after",
    "ruled_out", "bits", "taught_nothing", "hypothesis", "could_refute", "refuted",
)  # fmt: skip
YES_NO = (_("yes"), _("no"))


def _figure(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def information_rows(record: ClassRecord) -> list[list[object]]:
    """One row per judged play of every round of every group (see INFORMATION_COLUMNS)."""
    rows: list[list[object]] = []
    for group in record.groups:
        for round_ in group.rounds:
            where = [group.name, round_.number, round_.mode]
            for play in experiment_information(round_.events, round_.journal).plays:
                rows.append([*where, *_cells(play, group)])
    return rows


def _cells(play: PlayInformation, group: GroupRecord) -> list[object]:
    return [
        play.play,
        group.nickname(play.seat),
        " ".join(str(card) for card in play.cards),
        yes_no(play.accepted, ACCEPTED),
        play.before,
        play.after,
        _figure(play.ruled_out),
        _figure(play.bits),
        yes_no(play.taught_nothing, YES_NO),
        _hypothesis_words(play.hypothesis),
        yes_no(play.could_refute, YES_NO),
        yes_no(play.refuted, YES_NO),
    ]


def _hypothesis_words(text: str | None) -> Text | str:
    if text is None:
        return ""
    built = built_from(text)
    return built.words if built is not None else text


def information_document(round_: RoundRecord, group: GroupRecord) -> dict[str, Any]:
    """The round's figures for the research JSON, codes untranslated."""
    taught = experiment_information(round_.events, round_.journal)
    ideal = None
    if round_.rule_kind == "language":
        try:
            ideal = ideal_curve(round_.events, compile_rule(round_.rule_text))
        except RuleError:
            ideal = None
    return {
        "candidates": taught.candidates,
        "plays": [
            {
                "play": play.play,
                "nickname": group.nickname(play.seat),
                "cards": [str(card) for card in play.cards],
                "accepted": play.accepted,
                "before": play.before,
                "after": play.after,
                "ruled_out": _figure(play.ruled_out),
                "bits": _figure(play.bits),
                "hypothesis": play.hypothesis,
                "could_refute": play.could_refute,
                "refuted": play.refuted,
            }
            for play in taught.plays
        ],
        "most_informative": [play.play for play in taught.most_informative],
        "uninformative": [play.play for play in taught.uninformative],
        "ideal_curve": list(ideal.curve) if ideal else None,
        "ideal_found_at": ideal.found_at if ideal else None,
    }
