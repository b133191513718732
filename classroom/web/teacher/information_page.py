"""What each play taught, on the debrief: the curve of candidates still possible beside ideal
scientists' on the same deal, the three most informative plays, the plays that could not
have taught anything, and, play by play, whether it could have proved its player's last
hypothesis wrong. Words and numbers in the teacher's language.

The candidate set is built once per process (`candidate_set` is cached); the ideal
scientists' replay depends only on the deal and the rule, so it is kept per round."""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from flask_babel import format_decimal, format_percent, ngettext
from flask_babel import gettext as _
from markupsafe import Markup

from classroom.core.rules import RuleError, compile_rule
from classroom.projections.class_record import GroupRecord, RoundRecord
from classroom.projections.experiment_information import (
    ExperimentInformation,
    IdealCurve,
    PlayInformation,
    experiment_information,
    ideal_curve,
)
from classroom.projections.information_chart import InformationWords, information_svg

__all__ = ["InformationPage", "PlayRow", "information_page", "refutation", "share"]

#: Rounds whose ideal curve is kept (a class has a few dozen rounds at most).
KEPT = 256
_ideal: OrderedDict[tuple[int, str], IdealCurve | None] = OrderedDict()
_ideal_lock = threading.Lock()


@dataclass(frozen=True, slots=True)
class PlayRow:
    """One play as the debrief lists it."""

    play: int
    nickname: str
    cards: tuple[str, ...]
    accepted: bool
    before: str
    after: str
    #: "41 %", or "" when nothing was left to rule out.
    ruled_out: str
    taught_nothing: bool
    #: "refuted", "survived", "could-not", or "" (no hypothesis written before the play).
    test: str
    test_words: str
    hypothesis: str | None


@dataclass(frozen=True, slots=True)
class InformationPage:
    """The section's chart, sentences and rows."""

    chart: Markup
    sentences: tuple[str, ...]
    best: tuple[tuple[PlayRow, str], ...]
    nothing_sentence: str
    nothing: tuple[PlayRow, ...]
    rows: tuple[PlayRow, ...]


def share(value: float | None) -> str:
    """A share as a percentage in the reader's locale ("41 %"); "" for None."""
    return "" if value is None else format_percent(value)


def refutation(play: PlayInformation) -> tuple[str, str]:
    """Whether the play could have proved its player's last hypothesis wrong: a code for the
    page and its words, never a colour alone."""
    if play.could_refute is None:
        return "", "–"
    if play.refuted:
        return "refuted", _("✗ yes, and it did")
    if play.could_refute:
        return "survived", _("✓ yes; the hypothesis survived")
    return "could-not", _("no: every rule still possible agreed with it")


def _row(play: PlayInformation, group: GroupRecord) -> PlayRow:
    test, words = refutation(play)
    return PlayRow(
        play.play,
        group.nickname(play.seat),
        tuple(str(card) for card in play.cards),
        play.accepted,
        format_decimal(play.before),
        format_decimal(play.after),
        share(play.ruled_out),
        play.taught_nothing,
        test,
        words,
        play.hypothesis,
    )


def cached_ideal_curve(round_: RoundRecord) -> IdealCurve | None:
    """The ideal scientists' curve on the round's deal, replayed once per round and rule."""
    if round_.rule_kind != "language":
        return None
    key = (round_.round_id, round_.rule_text)
    with _ideal_lock:
        if key in _ideal:
            _ideal.move_to_end(key)
            return _ideal[key]
    try:
        curve = ideal_curve(round_.events, compile_rule(round_.rule_text))
    except RuleError:
        curve = None
    with _ideal_lock:
        _ideal[key] = curve
        while len(_ideal) > KEPT:
            _ideal.popitem(last=False)
    return curve


def _sentences(taught: ExperimentInformation, ideal: IdealCurve | None) -> tuple[str, ...]:
    left = taught.curve[-1]
    said = [
        _(
            "Candidate rules still possible after the last play: %(left)s of %(total)s.",
            left=format_decimal(left),
            total=format_decimal(taught.candidates),
        )
    ]
    if ideal is None:
        return tuple(said)
    if ideal.found_at is not None:
        said.append(
            _(
                "Ideal scientists in the same seats, dealt the same cards, named the rule at "
                "play %(n)s.",
                n=format_decimal(ideal.found_at),
            )
        )
    else:
        plays = len(ideal.curve) - 1
        said.append(
            ngettext(
                "Ideal scientists in the same seats, dealt the same cards, did not name the "
                "rule; after %(num)d play, %(left)s candidates were still possible.",
                "Ideal scientists in the same seats, dealt the same cards, did not name the "
                "rule; after %(num)d plays, %(left)s candidates were still possible.",
                plays,
                left=format_decimal(ideal.curve[-1]),
            )
        )
    return tuple(said)


def _best_sentence(play: PlayInformation) -> str:
    return ngettext(
        "This card ruled out %(share)s of what was still possible (%(before)s → %(after)s).",
        "These cards ruled out %(share)s of what was still possible (%(before)s → %(after)s).",
        len(play.cards),
        share=share(play.ruled_out),
        before=format_decimal(play.before),
        after=format_decimal(play.after),
    )


def _words(group: GroupRecord, round_: RoundRecord, description: str) -> InformationWords:
    return InformationWords(
        title=_(
            "Candidate rules still possible after each play of %(group)s, round %(n)d, beside "
            "ideal scientists on the same deal.",
            group=group.name,
            n=round_.number,
        ),
        description=description,
        x_label=_("Plays of the round"),
        y_label=_("Candidate rules still possible"),
        group=group.name,
        ideal=_("Ideal scientists"),
        most_informative=_("Most informative plays"),
        taught_nothing=_("Could not teach anything"),
        number=format_decimal,
    )


def information_page(group: GroupRecord, round_: RoundRecord) -> InformationPage:
    """What each play of one round of `group` taught, ready for the debrief."""
    taught = experiment_information(round_.events, round_.journal)
    ideal = cached_ideal_curve(round_)
    rows = tuple(_row(play, group) for play in taught.plays)
    sentences = _sentences(taught, ideal)
    nothing = tuple(rows[play.play - 1] for play in taught.uninformative)
    nothing_sentence = ngettext(
        "%(num)d play could not have taught anything: every rule still possible agreed on "
        "its verdict.",
        "%(num)d plays could not have taught anything: every rule still possible agreed on "
        "their verdicts.",
        len(nothing),
    )
    if not nothing:
        nothing_sentence = _("Every play could have taught something.")
    best = tuple((rows[play.play - 1], _best_sentence(play)) for play in taught.most_informative)
    words = _words(group, round_, " ".join((*sentences, nothing_sentence)))
    chart = information_svg(taught, ideal, words, ident=f"information-{group.group_id}")
    # The projection escapes every text it puts into the markup (the group's name included).
    return InformationPage(Markup(chart), sentences, best, nothing_sentence, nothing, rows)
