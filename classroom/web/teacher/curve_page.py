"""The learning curve on the debrief: the chart's words in the teacher's language, one sentence
per student that says what the chart shows, and the chart itself (built by the projection)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from flask_babel import gettext as _
from flask_babel import ngettext
from markupsafe import Markup

from classroom.projections.class_record import GroupRecord, RoundRecord
from classroom.projections.curve_chart import ChartWords, curve_svg
from classroom.projections.learning_curve import (
    GOT_IT_MIN,
    GOT_IT_SHARE,
    WINDOW,
    Curve,
    LearningCurve,
    learning_curve,
)

__all__ = ["CurvePage", "curve_page", "got_it_rule", "summary"]


@dataclass(frozen=True, slots=True)
class CurvePage:
    """What the debrief shows of the curve: the chart (None: nobody predicted) and sentences."""

    chart: Markup | None
    sentences: tuple[tuple[Curve, str], ...]
    group_sentence: str


def got_it_rule() -> str:
    """The rule of thumb behind the "got it" badge, in words."""
    return ngettext(
        "“Got it”: at least %(share)d %% right over the last %(window)d play, "
        "with at least %(least)d predictions.",
        "“Got it”: at least %(share)d %% right over the last %(window)d plays, "
        "with at least %(least)d predictions.",
        WINDOW,
        share=round(GOT_IT_SHARE * 100),
        window=WINDOW,
        least=GOT_IT_MIN,
    )


def summary(curve: Curve, name: str) -> str:
    """One student's curve in a sentence (or two)."""
    if curve.recent_predicted:
        said = ngettext(
            "%(name)s: %(right)d of %(predicted)d right in the last %(window)d play.",
            "%(name)s: %(right)d of %(predicted)d right in the last %(window)d plays.",
            WINDOW,
            name=name,
            right=curve.recent_right,
            predicted=curve.recent_predicted,
            window=WINDOW,
        )
    else:
        said = ngettext(
            "%(name)s made no prediction in the last %(window)d play.",
            "%(name)s made no prediction in the last %(window)d plays.",
            WINDOW,
            name=name,
            window=WINDOW,
        )
    if curve.got_it:
        said += " " + _("Got it!")
    if curve.first_correct is None:
        return said + " " + _("No correct hypothesis this round.")
    if curve.first_correct == 0:
        return said + " " + _("First correct hypothesis before the first play.")
    return said + " " + _("First correct hypothesis at play %(n)d.", n=curve.first_correct)


def _words(group: GroupRecord, round_: RoundRecord, description: str) -> ChartWords:
    return ChartWords(
        title=ngettext(
            "Learning curve of %(group)s, round %(n)d: right predictions over the last "
            "%(window)d play, play after play.",
            "Learning curve of %(group)s, round %(n)d: right predictions over the last "
            "%(window)d plays, play after play.",
            WINDOW,
            group=group.name,
            n=round_.number,
            window=WINDOW,
        ),
        description=description,
        x_label=_("Plays of the round"),
        y_label=ngettext(
            "Right predictions in the last %(window)d play",
            "Right predictions in the last %(window)d plays",
            WINDOW,
            window=WINDOW,
        ),
        group=_("Whole group"),
        first=_("First correct hypothesis"),
        first_of=lambda name, play: _(
            "%(name)s: first correct hypothesis at play %(n)d", name=name, n=play
        ),
    )


def curve_page(
    group: GroupRecord, round_: RoundRecord, equivalent: Callable[[str], bool | None]
) -> CurvePage:
    """The curve of one round of `group`; `equivalent` as for the debrief."""
    curve: LearningCurve = learning_curve(round_.events, round_.journal, equivalent=equivalent)
    sentences = tuple(
        (student, summary(student, group.nickname(student.seat))) for student in curve.students
    )
    whole = curve.group
    group_sentence = ngettext(
        "The whole group: %(right)d of %(predicted)d right in the last %(window)d play.",
        "The whole group: %(right)d of %(predicted)d right in the last %(window)d plays.",
        WINDOW,
        right=whole.recent_right,
        predicted=whole.recent_predicted,
        window=WINDOW,
    )
    if not curve.has_predictions:
        return CurvePage(None, sentences, group_sentence)
    words = _words(
        group, round_, " ".join(text for student, text in sentences) + " " + group_sentence
    )
    chart = curve_svg(curve, group.nickname, words, ident=f"curve-{group.group_id}")
    # The projection escapes every text it puts into the markup (nicknames included).
    return CurvePage(Markup(chart), sentences, group_sentence)
