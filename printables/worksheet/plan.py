"""The scientific-method worksheet's content per variant: the method's steps, grid sizes,
headings, questions."""

from __future__ import annotations

from dataclasses import dataclass

from printables.kit.document import PrintableError
from printables.kit.i18n import gettext as _

__all__ = ["VARIANTS", "Step", "WorksheetPlan", "worksheet_plan"]

#: Worksheet variants: simpler wording and bigger boxes for young children, more rows for older.
VARIANTS = ("young", "older")


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the scientific method: its name and what a student does in it."""

    name: str
    doing: str


@dataclass(frozen=True, slots=True)
class WorksheetPlan:
    """The sizes and words of one worksheet variant; the renderer draws exactly this.

    The record grid has `grid_blocks` blocks of `grid_columns` mainline boxes, the first
    `first_page_blocks` of them on the first page under the method, the rest on the second.
    Heights are the least a box gets; the log's rows and the answer lines grow to fill their
    page on the paper printed on.
    """

    variant: str
    title: str
    method_intro: str
    steps: tuple[Step, ...]
    record_intro: str
    mainline_label: str
    sideline_label: str
    grid_columns: int
    grid_blocks: int
    first_page_blocks: int
    sideline_rows: int
    mainline_height: float
    sideline_height: float
    notice_prompt: str
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
    real_rule_prompt: str
    same_rule_prompt: str
    same_rule_note: str
    why_prompt: str
    text_scale: float
    #: Whether the sheet has the hypothesis builder's sentences with tick boxes (two pages).
    hypothesis_builder: bool = False

    @property
    def cells(self) -> int:
        """How many mainline cards the record grid holds."""
        return self.grid_columns * self.grid_blocks

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


def _steps() -> tuple[Step, ...]:
    return (
        Step(_("Observe"), _("Look at every card the dealer accepts and rejects.")),
        Step(_("Hypothesize"), _("Make up a rule that explains all the cards so far.")),
        Step(_("Predict"), _("Say what the dealer will answer to a card you choose.")),
        Step(_("Test"), _("Play the card and compare the answer with your prediction.")),
        Step(_("Conclude"), _("Keep, change or drop your hypothesis; then observe again.")),
    )


def _young_steps() -> tuple[Step, ...]:
    return (
        Step(_("Observe"), _("Look at the YES cards and the NO cards.")),
        Step(_("Hypothesize"), _("Think of an idea for the secret rule.")),
        Step(_("Predict"), _("Will the dealer say yes or no to my card?")),
        Step(_("Test"), _("Play the card. Was my guess right?")),
        Step(_("Conclude"), _("Keep my idea or change it. Then look again.")),
    )


def _same_rule_note() -> str:
    return _(
        "Two rules are the same rule when they give the same verdict on every card, even if"
        " the words are different."
    )


def _older() -> WorksheetPlan:
    return WorksheetPlan(
        variant="older",
        title=_("Scientist's worksheet"),
        method_intro=_(
            "Scientists go round this cycle again and again, and so do you in every round of"
            " Eleusis. The dealer is nature, the secret rule is a law of nature."
        ),
        steps=_steps(),
        record_intro=_(
            "Record every card. An accepted card goes in the next box of the mainline row; a"
            " rejected card goes in the sideline boxes under the last accepted card. Write rank"
            " and suit, like 7♥ or K♠."
        ),
        mainline_label=_("Mainline"),
        sideline_label=_("Sideline (rejected)"),
        grid_columns=10,
        grid_blocks=7,
        first_page_blocks=3,
        sideline_rows=4,
        mainline_height=30,
        sideline_height=21,
        notice_prompt=_("Patterns I notice (observe):"),
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
        log_row_height=50,
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
        answer_lines=3,
        final_prompt=_("My final hypothesis:"),
        sure_prompt=_("How sure am I now? ____ / 10"),
        real_rule_prompt=_("After the round: the real rule was"),
        same_rule_prompt=_("Was my last hypothesis the same rule?"),
        same_rule_note=_same_rule_note(),
        why_prompt=_("Why, or where do they differ?"),
        text_scale=1.0,
    )


def _young() -> WorksheetPlan:
    return WorksheetPlan(
        variant="young",
        title=_("Card detective sheet"),
        method_intro=_("Detectives and scientists go round and round these five steps."),
        steps=_young_steps(),
        record_intro=_(
            "Write down every card. A card the dealer says YES to goes in the top row. A card"
            " the dealer says NO to goes in a box under it. Write the number and draw the suit,"
            " like 7♥."
        ),
        mainline_label=_("YES cards"),
        sideline_label=_("NO cards"),
        grid_columns=9,
        grid_blocks=6,
        first_page_blocks=2,
        sideline_rows=3,
        mainline_height=38,
        sideline_height=32,
        notice_prompt=_("What I notice:"),
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
        log_row_height=84,
        questions=(
            _("Which card surprised you? Why?"),
            _("Did you try a card to find out if your idea was wrong? What happened?"),
            _("What could make you change your idea?"),
        ),
        answer_lines=3,
        final_prompt=_("My best idea about the rule:"),
        sure_prompt=_("How sure am I now? ____ / 10"),
        real_rule_prompt=_("At the end: the real rule was"),
        same_rule_prompt=_("Was my best idea the same rule?"),
        same_rule_note=_same_rule_note(),
        why_prompt=_("Why?"),
        text_scale=1.2,
        hypothesis_builder=True,
    )
