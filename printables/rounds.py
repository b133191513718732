"""The report of a group's round, whichever game the round was: an Express round gets
`printables.report`'s report, a New Eleusis round `printables.new_eleusis`'s.

Pure: the caller reads the group's record and hands it over.
"""

from __future__ import annotations

from classroom.projections.class_record import GroupRecord, RoundRecord
from printables.kit.document import PrintableError
from printables.kit.i18n import gettext as _
from printables.kit.i18n import speaking
from printables.new_eleusis.report import NeGameReport, ne_round_report
from printables.report.info import RoundInfo, rule_texts
from printables.report.journal import Checker
from printables.report.plan import GameReport, game_report

__all__ = ["RoundNotPlayed", "round_report"]


class RoundNotPlayed(PrintableError):
    """The group has not played the round asked for (or any round yet)."""


def round_report(
    group: GroupRecord,
    *,
    class_name: str,
    round_number: int | None = None,
    checker: Checker | None = None,
    language: str = "en",
) -> GameReport | NeGameReport:
    """The report of a group's round (its latest by default) from the group's record, its
    texts in `language`; `checker` as for `game_report`. A New Eleusis round gets its own
    report (`printables.new_eleusis.report`).

    RoundNotPlayed when the group has not played that round.
    """
    played = group.round(round_number)
    if played is not None and played.new_eleusis:
        return _new_eleusis_report(group, played, class_name, language)
    if played is None:
        with speaking(language):
            message = (
                _("{group} has not played round {n}.")
                if round_number
                else _("{group} has not played a round yet.")
            )
        raise RoundNotPlayed(message.format(group=group.name, n=round_number))
    return game_report(
        played.events,
        _round_info(group, played, class_name),
        group.names,
        journal=played.journal,
        checker=checker,
        language=language,
    )


def _round_info(group: GroupRecord, played: RoundRecord, class_name: str) -> RoundInfo:
    return RoundInfo(
        class_name=class_name,
        group_name=group.name,
        round_number=played.number,
        rule_text=played.rule_text,
        rule_id=played.rule_id,
        rule_kind=played.rule_kind,
        dealer=played.dealer,
    )


def _new_eleusis_report(
    group: GroupRecord, played: RoundRecord, class_name: str, language: str
) -> NeGameReport:
    """The report of a New Eleusis round; RoundNotPlayed while its cards are not dealt."""
    info = _round_info(group, played, class_name)
    with speaking(language):
        report = ne_round_report(group, played, info, rule_texts(info))
        if report is None:
            message = _("{group} has not played round {n}.")
            raise RoundNotPlayed(message.format(group=group.name, n=played.number))
    return report
