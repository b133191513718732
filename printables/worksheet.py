"""The scientific-method worksheet's content per variant: grid sizes, headings, questions."""

from __future__ import annotations

from dataclasses import dataclass

from printables.common import PrintableError
from printables.i18n import gettext as _

__all__ = ["VARIANTS", "WorksheetPlan", "worksheet_plan"]

#: Worksheet variants: simpler wording and bigger boxes for young children, more rows for older.
VARIANTS = ("young", "older")


@dataclass(frozen=True, slots=True)
class WorksheetPlan:
    """The sizes and words of one worksheet variant; the renderer draws exactly this."""

    variant: str
    title: str
    record_intro: str
    mainline_label: str
    sideline_label: str
    grid_columns: int
    grid_blocks: int
    sideline_rows: int
    mainline_height: float
    sideline_height: float
    log_intro: str
    log_headings: tuple[str, ...]
    log_hints: tuple[str, ...]
    log_widths: tuple[float, ...]
    log_rows: int
    log_row_height: float
    questions: tuple[str, ...]
    answer_lines: int
    final_prompt: str
    sure_prompt: str
    text_scale: float

    @property
    def grid_positions(self) -> tuple[tuple[int, ...], ...]:
        """Mainline position numbers of each grid block, e.g. ((1..10), (11..20))."""
        n = self.grid_columns
        return tuple(tuple(range(b * n + 1, (b + 1) * n + 1)) for b in range(self.grid_blocks))


def worksheet_plan(variant: str) -> WorksheetPlan:
    """The plan for 'young' or 'older'; PrintableError for anything else."""
    if variant == "young":
        return _young()
    if variant == "older":
        return _older()
    raise PrintableError(
        _("Unknown worksheet variant {variant!r}; use young or older.").format(variant=variant)
    )


def _older() -> WorksheetPlan:
    return WorksheetPlan(
        variant="older",
        title=_("Scientist's worksheet"),
        record_intro=_(
            "Record every card. An accepted card goes in the next box of the mainline row; a"
            " rejected card goes in the sideline boxes under the last accepted card. Write rank"
            " and suit, like 7♥ or K♠."
        ),
        mainline_label=_("Mainline"),
        sideline_label=_("Sideline (rejected)"),
        grid_columns=10,
        grid_blocks=3,
        sideline_rows=4,
        mainline_height=30,
        sideline_height=22,
        log_intro=_(
            "Before each test, write your hypothesis, how sure you are and what you predict."
            " After the dealer answers, write what happened and what it tells you."
        ),
        log_headings=(
            _("My hypothesis"),
            _("Confidence 0-10"),
            _("Card I will play to test it"),
            _("I predict"),
            _("What happened"),
            _("What I conclude"),
        ),
        log_hints=("", "__ / 10", "", _("accepted / rejected"), "", ""),
        log_widths=(0.25, 0.12, 0.13, 0.13, 0.15, 0.22),
        log_rows=10,
        log_row_height=57,
        questions=(
            _(
                "Pick one of your tests. Could it have shown that your hypothesis was wrong"
                " (falsification), or could it only agree with it (confirmation)? Why does a"
                " test that could fail teach you more?"
            ),
            _("Did a card ever surprise you? How did you change your hypothesis after it?"),
            _(
                "Other rules can fit the same cards. Write a different rule that fits every card"
                " on the table so far. How could you tell the two apart?"
            ),
            _("What would you have to see to change your mind about your final hypothesis?"),
        ),
        answer_lines=4,
        final_prompt=_("My final hypothesis:"),
        sure_prompt=_("How sure am I now? ____ / 10"),
        text_scale=1.0,
    )


def _young() -> WorksheetPlan:
    return WorksheetPlan(
        variant="young",
        title=_("Card detective sheet"),
        record_intro=_(
            "Write down every card. A card the dealer says YES to goes in the top row. A card"
            " the dealer says NO to goes in a box under it. Write the number and draw the suit,"
            " like 7♥."
        ),
        mainline_label=_("YES cards"),
        sideline_label=_("NO cards"),
        grid_columns=7,
        grid_blocks=3,
        sideline_rows=3,
        mainline_height=40,
        sideline_height=34,
        log_intro=_(
            "Before you play, write your idea and guess what the dealer will say."
            " Then write what really happened."
        ),
        log_headings=(
            _("My idea about the rule"),
            _("How sure am I? 0-10"),
            _("Card I will try"),
            _("Will the dealer say yes?"),
            _("What happened?"),
            _("What I learned"),
        ),
        log_hints=("", "__ / 10", "", _("yes / no"), "", ""),
        log_widths=(0.24, 0.12, 0.13, 0.14, 0.15, 0.22),
        log_rows=6,
        log_row_height=92,
        questions=(
            _("Which card surprised you? Why?"),
            _("Did you try a card to find out if your idea was wrong? What happened?"),
            _("What could make you change your idea?"),
        ),
        answer_lines=3,
        final_prompt=_("My best idea about the rule:"),
        sure_prompt=_("How sure am I now? ____ / 10"),
        text_scale=1.2,
    )
