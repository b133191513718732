"""The report of a group's round, whichever game the round was: each game registers the
report of its rounds (`register_round_report`); Express's is `printables.report`'s, New
Eleusis's `printables.new_eleusis`'s. A game whose log has Express's shape may register
Express's (`express_report`).

Pure: the caller reads the group's record and hands it over.
"""

from __future__ import annotations

from collections.abc import Callable

from classroom.core.games.express.game import EXPRESS
from classroom.core.games.new_eleusis.game import NEW_ELEUSIS
from classroom.projections.class_record import GroupRecord, RoundRecord
from printables.kit.document import PrintableError
from printables.kit.i18n import gettext as _
from printables.kit.i18n import speaking
from printables.new_eleusis.report import NeGameReport, ne_round_report
from printables.report.info import RoundInfo, rule_texts
from printables.report.journal import Checker
from printables.report.plan import GameReport, game_report

__all__ = [
    "ROUND_REPORTS",
    "RoundNotPlayed",
    "express_report",
    "register_round_report",
    "round_report",
]


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
    texts in `language`; `checker` as for `game_report`. Each game's rounds get the report its
    game registered (`ROUND_REPORTS`).

    RoundNotPlayed when the group has not played that round.
    """
    played = group.round(round_number)
    if played is None:
        with speaking(language):
            message = (
                _("{group} has not played round {n}.")
                if round_number
                else _("{group} has not played a round yet.")
            )
        raise RoundNotPlayed(message.format(group=group.name, n=round_number))
    report = ROUND_REPORTS.get(played.mode)
    if report is None:
        with speaking(language):
            raise PrintableError(_("Rounds of this game have no printed report yet."))
    return report(group, played, class_name, checker, language)


def express_report(
    group: GroupRecord,
    played: RoundRecord,
    class_name: str,
    checker: Checker | None,
    language: str,
) -> GameReport:
    """The report of a round whose log is Express's: its plays, hypotheses and predictions."""
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
    group: GroupRecord,
    played: RoundRecord,
    class_name: str,
    checker: Checker | None,
    language: str,
) -> NeGameReport:
    """The report of a New Eleusis round; RoundNotPlayed while its cards are not dealt."""
    info = _round_info(group, played, class_name)
    with speaking(language):
        report = ne_round_report(group, played, info, rule_texts(info))
        if report is None:
            message = _("{group} has not played round {n}.")
            raise RoundNotPlayed(message.format(group=group.name, n=played.number))
    return report


Report = Callable[
    [GroupRecord, RoundRecord, str, "Checker | None", str], "GameReport | NeGameReport"
]

#: The report of each game's rounds, by the game's name.
ROUND_REPORTS: dict[str, Report] = {
    EXPRESS.name: express_report,
    NEW_ELEUSIS.name: _new_eleusis_report,
}


def register_round_report(game: str, report: Report) -> None:
    """Print the rounds of `game` with `report`."""
    ROUND_REPORTS[game] = report
