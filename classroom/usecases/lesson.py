"""Running a lesson: pausing groups, who deals, and the scores so far."""

from __future__ import annotations

from dataclasses import dataclass

from classroom.core.games.registry import find_game
from classroom.core.text import _
from classroom.usecases.changes import Change
from classroom.usecases.classes import checked_mode
from classroom.usecases.context import Context, RoundStates, use_case
from classroom.usecases.errors import Conflict, Invalid
from classroom.usecases.ownership import own_class, own_group
from classroom.usecases.ports import GroupRow, RoundRow, UnitOfWork
from classroom.usecases.seats import MAX_PLAYERS

__all__ = ["GroupTotals", "LessonControls", "RoundTotals"]


class LessonControls:
    """The teacher's controls over the groups of a running lesson."""

    def __init__(self, context: Context) -> None:
        self.context = context
        self.uow = context.uow
        self.states: RoundStates = context.states

    @use_case
    def set_paused(self, teacher_id: int, group_id: int, paused: bool) -> Change:
        """Pause or resume one group: while paused, no tablet can act."""
        with self.uow() as uow:
            group = own_group(uow, teacher_id, group_id)
            uow.groups.update(group_id, paused=paused)
            change = Change(group_id, group.class_id, ())
            self.context.changed(uow, change)
            uow.commit()
            return change

    @use_case
    def set_class_paused(self, teacher_id: int, class_id: int, paused: bool) -> list[Change]:
        """Pause or resume every group of a class."""
        with self.uow() as uow:
            own_class(uow, teacher_id, class_id)
            groups = uow.groups.of_class(class_id)
            changes = []
            for group in groups:
                uow.groups.update(group.id, paused=paused)
                changes.append(Change(group.id, class_id, ()))
                self.context.changed(uow, changes[-1])
            uow.commit()
            return changes

    @use_case
    def set_dealer_mode(self, teacher_id: int, group_id: int, mode: str) -> Change:
        """Who deals the group's next rounds: "app" or "student" (seats take turns)."""
        if mode not in ("app", "student"):
            raise Invalid(_("The dealer is the app or a student."))
        with self.uow() as uow:
            group = own_group(uow, teacher_id, group_id)
            running = uow.rounds.latest(group_id)
            playing = running is not None and not self.states.is_over(uow, running)
            if group.dealing_seat_id or playing:
                raise Conflict(_("Change the dealer between rounds."))
            _check_seats_for(mode, group.mode, group.name, len(uow.seats.names(group_id)))
            if mode == "student" and uow.seats.robots(group_id):
                raise Conflict(_("Robot players sit only at tables where the app deals."))
            uow.groups.update(group_id, dealer_mode=mode)
            change = Change(group_id, group.class_id, ())
            self.context.changed(uow, change)
            uow.commit()
            return change

    @use_case
    def set_mode(self, teacher_id: int, group_id: int, mode: str) -> Change:
        """The game of the group's next rounds: "express" or "new_eleusis"."""
        checked_mode(mode)
        with self.uow() as uow:
            group = own_group(uow, teacher_id, group_id)
            running = uow.rounds.latest(group_id)
            playing = running is not None and not self.states.is_over(uow, running)
            if group.dealing_seat_id or playing:
                raise Conflict(_("Change the game between rounds."))
            if group.dealer_mode == "student":
                # A game that needs more players than its student-dealt table seats.
                _check_seats_for("student", mode, group.name, len(uow.seats.names(group_id)))
            uow.groups.update(group_id, mode=mode)
            change = Change(group_id, group.class_id, ())
            self.context.changed(uow, change)
            uow.commit()
            return change

    def class_totals(self, teacher_id: int, class_id: int) -> list[GroupTotals]:
        """Per group, every finished round's scores and the running totals per nickname."""
        with self.uow() as uow:
            own_class(uow, teacher_id, class_id)
            return [self._group_totals(uow, group) for group in uow.groups.of_class(class_id)]

    def _group_totals(self, uow: UnitOfWork, group: GroupRow) -> GroupTotals:
        # A student removed since keeps the scores of the rounds they played.
        names = {str(seat_id): name for seat_id, name in uow.seats.record_names(group.id)}
        rounds: list[RoundTotals] = []
        for round_row in uow.rounds.of_group(group.id):
            finished = self._finished(uow, round_row)
            if finished is None:
                continue
            scores = {names.get(k, "?"): v for k, v in finished[0].items()}
            dealer = names.get(str(round_row.dealer_seat_id)) if round_row.dealer_seat_id else None
            rounds.append(
                RoundTotals(round_row.number, dealer, scores, finished[1], round_row.mode)
            )
        totals: dict[str, int] = {}
        for result in rounds:
            for name, score in result.scores.items():
                totals[name] = totals.get(name, 0) + score
            if result.dealer is not None:
                totals[result.dealer] = totals.get(result.dealer, 0) + result.dealer_score
        seated = [nickname for _id, nickname in uow.seats.names(group.id)]
        never_dealt = _never_dealt(seated, rounds)
        return GroupTotals(group.id, group.name, tuple(rounds), totals, never_dealt)

    def _finished(self, uow: UnitOfWork, round_row: RoundRow) -> tuple[dict[str, int], int] | None:
        """A finished round's player scores and dealer score, by its own game's rules (None:
        the round is still on)."""
        state = self.states.of(uow, round_row)
        if not state.is_over:
            return None
        return find_game(round_row.mode).scores(state)


def _never_dealt(people: list[str], rounds: list[RoundTotals]) -> tuple[str, ...]:
    """Who would get a game's bonus for never having dealt if it ended now: each game judges
    its own rounds of the table."""
    found: dict[str, None] = {}
    for mode in dict.fromkeys(r.mode for r in rounds):
        played = [(r.dealer, r.scores, r.dealer_score) for r in rounds if r.mode == mode]
        found |= dict.fromkeys(find_game(mode).never_dealt(people, played))
    return tuple(found)


def _check_seats_for(dealer_mode: str, game_mode: str, group_name: str, seated: int) -> None:
    """Student dealers need the group's game's fewest players and a dealer (3 and a dealer in
    Express, 4 and a dealer in New Eleusis); the app deals to 8 players at most."""
    least = find_game(game_mode).min_players
    if dealer_mode == "student" and seated < least + 1:
        raise Conflict(
            _(
                "%(group)s has %(n)d students; students deal only with %(min)d or more "
                "(%(players)d players and a dealer)."
            )
            % {"group": group_name, "n": seated, "min": least + 1, "players": least}
        )
    if dealer_mode == "app" and seated > MAX_PLAYERS:
        raise Conflict(
            _(
                "%(group)s has %(n)d students; the app deals to %(max)d players at most. "
                "Remove a student first, or keep student dealers."
            )
            % {"group": group_name, "n": seated, "max": MAX_PLAYERS}
        )


@dataclass(frozen=True, slots=True)
class RoundTotals:
    """One finished round: who dealt (None: the app), player scores and the dealer's score."""

    number: int
    dealer: str | None
    scores: dict[str, int]
    dealer_score: int
    mode: str = "express"


@dataclass(frozen=True, slots=True)
class GroupTotals:
    """A group's rounds and each person's total across them."""

    group_id: int
    group_name: str
    rounds: tuple[RoundTotals, ...]
    totals: dict[str, int]
    #: New Eleusis dealt by students: who has not dealt yet, and so gets +10 if the game
    #: ends now (`NEVER_DEALT_BONUS`).
    never_dealt: tuple[str, ...] = ()
