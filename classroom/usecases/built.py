"""Hypotheses built by taps on a tablet: checked against the table at once (read only), then
kept in the journal or said as the student's guess, in the rule language the checker reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from classroom.core.hypotheses import Consistency, check_consistency
from classroom.core.hypotheses.builder import BuilderError, Built, build
from classroom.core.layout import Layout
from classroom.core.rules.library import LibraryError, find_rule
from classroom.core.text import _
from classroom.usecases.changes import Change, Move
from classroom.usecases.computing import Overrun
from classroom.usecases.context import Context, RoundStates
from classroom.usecases.errors import Conflict, Invalid, NotFound
from classroom.usecases.journal import JournalNote, Journals
from classroom.usecases.rounds import Rounds
from classroom.usecases.seats import SeatRef

__all__ = ["YOUNG_BANDS", "BuiltCheck", "BuiltHypotheses"]

#: Seconds a built hypothesis's check against the table may take (the app may change it).
CHECK_TIMEOUT_S = 5.0
#: What a student reads when the check did not answer in time (nothing was changed).
CHECK_TOO_SLOW = _(
    "Your hypothesis could not be checked in time. Nothing was changed: try again in a moment."
)

#: The library's age bands of children under 11, who cannot write the rule language yet.
YOUNG_BANDS = frozenset({"5-7", "8-10"})


@dataclass(frozen=True, slots=True)
class BuiltCheck:
    """A built hypothesis and whether it explains every judgement on the student's table."""

    built: Built
    consistency: Consistency


class BuiltHypotheses:
    """Check, keep and guess hypotheses built from the templates."""

    def __init__(self, context: Context, rounds: Rounds, journals: Journals) -> None:
        self.uow = context.uow
        self.states: RoundStates = context.states
        self.computing = context.computing
        #: Seconds a tablet waits for its check before it is told to try again.
        self.timeout_s = CHECK_TIMEOUT_S
        self.rounds = rounds
        self.journals = journals

    def check(self, seat: SeatRef, template: object, choices: object) -> BuiltCheck:
        """The hypothesis against the seat's table (mainline and sidelines); writes nothing."""
        built = _built(template, choices)
        with self.uow() as uow:
            found = uow.groups.with_latest_round(seat.group_id)
            if found is None:
                raise NotFound(_("There is no such group."))
            round_row = found[1]
            if round_row is None:
                raise Invalid(_("The round has not started yet."))
            layout: Layout = self.states.layout(uow, round_row)
        try:
            # Judging the whole table again is pure work: a worker process does it, so a long
            # table never holds up the other tablets.
            consistency = self.computing.run(
                check_consistency, built.rule_text, layout, timeout_s=self.timeout_s
            )
        except Overrun as error:
            raise Conflict(CHECK_TOO_SLOW) from error
        return BuiltCheck(built, consistency)

    def for_young_children(self, seat: SeatRef) -> bool:
        """Whether the seat's class plays library rules for children under 11 only: their
        tablets open the builder at once (older students open it when they want it)."""
        with self.uow() as uow:
            rule_ids = [group.rule_id for group in uow.groups.of_class(seat.class_id)]
        bands = set()
        for rule_id in filter(None, rule_ids):
            try:
                bands.add(find_rule(rule_id).age_band)
            except LibraryError:
                continue  # a rule since taken out of the library says nothing about ages
        return bool(bands) and bands <= YOUNG_BANDS

    def write_journal(self, seat: SeatRef, template: object, choices: object) -> Built:
        """Keep the hypothesis in the seat's journal, where the checker compares it with the
        secret rule as it does every entry in the rule language."""
        built = _built(template, choices)
        self.journals.write_journal(seat, JournalNote(built.rule_text))
        return built

    def guess(
        self, seat: SeatRef, template: object, choices: object, action_id: str
    ) -> tuple[Built, Change]:
        """Say the hypothesis as the seat's guess of the rule (in its guess window only)."""
        built = _built(template, choices)
        return built, self.rounds.act(seat, Move("guess", action_id, text=built.rule_text))


def _built(template: object, choices: object) -> Built:
    try:
        return build(template, choices if isinstance(choices, Mapping) else None)
    except BuilderError as error:
        raise Invalid(error.args[0]) from error
