"""Each printable built into PDF bytes from plain options; the CLI, web app and bench call these."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from classroom.core.rules.library import load_library
from classroom.projections.snapshots import ClassSnapshot
from printables.classpack.pdf import ClassPackRenderer
from printables.classpack.plan import class_pack, class_rule_cards
from printables.dealer_aid.pdf import DealerAidRenderer
from printables.kit.document import PrintableError, page_size
from printables.kit.i18n import gettext as _
from printables.kit.i18n import speaking
from printables.lessons.library import find_lesson, load_lessons
from printables.lessons.pdf import LessonRenderer
from printables.mat.pdf import MatRenderer
from printables.new_eleusis.report import NeGameReport
from printables.new_eleusis.report_pdf import NeReportRenderer
from printables.new_eleusis.rules_pdf import NewEleusisRulesRenderer
from printables.new_eleusis.scoresheet_pdf import NewEleusisScoreSheetRenderer, ne_score_sheet_plan
from printables.report.pdf import ReportRenderer
from printables.report.plan import GameReport
from printables.rulecards.blank_pdf import BlankRuleCardRenderer
from printables.rulecards.pdf import RuleCardRenderer
from printables.rulecards.plan import RuleCard, custom_rule_card, library_rule_cards, select_rules
from printables.rulesheet.pdf import RuleSheetRenderer
from printables.scoresheet.pdf import ScoreSheetRenderer
from printables.scoresheet.plan import score_sheet_plan
from printables.slips.pdf import SlipsRenderer
from printables.worksheet.pdf import WorksheetRenderer

__all__ = [
    "BUILDERS",
    "NEW_ELEUSIS",
    "OFFLINE_KIT",
    "CustomRule",
    "blank_rule_card_pdf",
    "build_printable",
    "class_pack_pdf",
    "class_rule_cards_pdf",
    "dealer_aid_pdf",
    "game_report_pdf",
    "guess_slips_pdf",
    "layout_mat_pdf",
    "lesson_pdf",
    "ne_rules_pdf",
    "ne_score_sheet_pdf",
    "rule_cards_pdf",
    "rules_sheet_pdf",
    "score_sheet_pdf",
    "worksheet_pdf",
]


@dataclass(frozen=True, slots=True)
class CustomRule:
    """A rule the teacher wrote: rule-language source, a title and the plain-language text."""

    source: str
    title: str
    text: str


def rule_cards_pdf(
    *,
    paper: str = "a4",
    difficulty: int | None = None,
    concept: str | None = None,
    age_band: str | None = None,
    ids: Sequence[str] | None = None,
    custom: CustomRule | None = None,
    public_hint: bool = False,
    language: str = "en",
) -> bytes:
    """Rule cards for the library rules matching the filters, plus a custom rule if given,
    in `language`; `public_hint` prints each hint on the half the table sees.

    With a custom rule and no filter, only the custom rule's card is printed.
    """
    filtered = any(v is not None for v in (difficulty, concept, age_band, ids))
    cards: list[RuleCard] = []
    with speaking(language) as spoken:
        if filtered or custom is None:
            chosen = select_rules(
                load_library(), difficulty=difficulty, concept=concept, age_band=age_band, ids=ids
            )
            cards += library_rule_cards(chosen, language=spoken)
        if custom is not None:
            source, title, text = custom.source, custom.title, custom.text
            cards.append(custom_rule_card(source, title=title, text=text, language=spoken))
        return RuleCardRenderer(paper=paper, public_hint=public_hint).render(cards)


def blank_rule_card_pdf(*, paper: str = "a4", sheets: int = 1, language: str = "en") -> bytes:
    """Sheets of blank rule cards for dealers who write their own rule, in `language`."""
    with speaking(language):
        return BlankRuleCardRenderer(paper=paper).render(sheets=sheets)


def worksheet_pdf(*, paper: str = "a4", variant: str = "older", language: str = "en") -> bytes:
    """The scientific-method worksheet, 'young' or 'older', in `language`."""
    with speaking(language):
        return WorksheetRenderer(paper=paper, variant=variant).render()


def score_sheet_pdf(
    *,
    paper: str = "a4",
    players: int | None = None,
    names: Sequence[str] | None = None,
    rounds: int | None = None,
    language: str = "en",
) -> bytes:
    """The score sheet for offline rounds, in `language`."""
    with speaking(language):
        plan = score_sheet_plan(players=players, names=names, rounds=rounds)
        return ScoreSheetRenderer(plan, paper=paper).render()


def lesson_pdf(name: str, *, paper: str = "a4", language: str = "en") -> bytes:
    """One lesson plan by file stem, or every lesson when `name` is 'all', in `language`
    (the English plan where a lesson has no translation)."""
    with speaking(language) as spoken:
        lessons = load_lessons(language=spoken)
        chosen = lessons if name == "all" else (find_lesson(name, lessons),)
        return LessonRenderer(paper=paper).render(chosen)


def class_pack_pdf(
    snapshot: ClassSnapshot,
    *,
    base_url: str,
    paper: str = "a4",
    variant: str = "older",
    worksheets: int | None = None,
    duplex: bool = True,
    language: str = "en",
) -> bytes:
    """The class pack of a class in the app, in `language`: the teacher's overview, the join
    cards and the worksheets, each part on sheets of its own when printed on both sides
    (`duplex`). The rule cards are `class_rule_cards_pdf`."""
    with speaking(language):
        page_size(paper)
        pack = class_pack(snapshot, base_url=base_url, variant=variant, worksheets=worksheets)
        return ClassPackRenderer(paper=paper, duplex=duplex).render(pack)


def class_rule_cards_pdf(
    snapshot: ClassSnapshot, *, paper: str = "a4", public_hint: bool = False, language: str = "en"
) -> bytes:
    """The secret rule card of each group of a class in the app (its latest round's rule), for
    the dealers only, in `language`."""
    with speaking(language):
        cards = class_rule_cards(snapshot)
        title = _("Secret rule cards: {name}").format(name=snapshot.name)
        return RuleCardRenderer(paper=paper, public_hint=public_hint).render(cards, title=title)


def game_report_pdf(
    report: GameReport | NeGameReport, *, paper: str = "a4", language: str = "en"
) -> bytes:
    """The report of one played round (see `printables.rounds.round_report`) in `language`;
    build the report itself in the same language."""
    with speaking(language):
        if isinstance(report, NeGameReport):
            return NeReportRenderer(paper=paper).render_ne(report)
        return ReportRenderer(paper=paper).render(report)


def rules_sheet_pdf(*, paper: str = "a4", language: str = "en") -> bytes:
    """The one-page rules sheet for students, with card values and a drawn layout."""
    with speaking(language):
        return RuleSheetRenderer(paper=paper).render()


def dealer_aid_pdf(*, paper: str = "a4", language: str = "en") -> bytes:
    """The dealer's aid: what to say, how to judge cards, no play, guesses, mistakes."""
    with speaking(language):
        return DealerAidRenderer(paper=paper).render()


def layout_mat_pdf(*, paper: str = "a4", language: str = "en") -> bytes:
    """The layout mat: the starter's sheet and a continuation sheet, landscape."""
    with speaking(language):
        return MatRenderer(paper=paper).render()


def guess_slips_pdf(*, paper: str = "a4", language: str = "en") -> bytes:
    """A page of guess slips to cut out, with the dealer's verdict on each."""
    with speaking(language):
        return SlipsRenderer(paper=paper).render()


def ne_score_sheet_pdf(
    *,
    paper: str = "a4",
    players: int | None = None,
    names: Sequence[str] | None = None,
    rounds: int | None = None,
    language: str = "en",
) -> bytes:
    """The New Eleusis score sheet for 5 to 9 people, dealer included, in `language`."""
    with speaking(language):
        plan = ne_score_sheet_plan(players=players, names=names, rounds=rounds)
        return NewEleusisScoreSheetRenderer(plan, paper=paper).render()


def ne_rules_pdf(*, paper: str = "a4", language: str = "en") -> bytes:
    """The New Eleusis rules in brief, with a drawn layout and a worked scoring example."""
    with speaking(language):
        return NewEleusisRulesRenderer(paper=paper).render()


#: The documents of the offline kit made from the paper and language alone, by name.
OFFLINE_KIT: dict[str, Callable[..., bytes]] = {
    "rules-sheet": rules_sheet_pdf,
    "dealer-aid": dealer_aid_pdf,
    "layout-mat": layout_mat_pdf,
    "guess-slips": guess_slips_pdf,
}


#: The papers of New Eleusis, the advanced mode, made from the paper and language alone.
NEW_ELEUSIS: dict[str, Callable[..., bytes]] = {
    "ne-rules": ne_rules_pdf,
    "ne-score-sheet": ne_score_sheet_pdf,
}


#: The builder of each printable in the catalog, with default options, by paper and language.
BUILDERS: dict[str, Callable[[str, str], bytes]] = {
    "rule-cards": lambda paper, language: rule_cards_pdf(paper=paper, language=language),
    "worksheet": lambda paper, language: worksheet_pdf(paper=paper, language=language),
    "worksheet-young": lambda paper, language: worksheet_pdf(
        paper=paper, variant="young", language=language
    ),
    "worksheet-older": lambda paper, language: worksheet_pdf(
        paper=paper, variant="older", language=language
    ),
    "score-sheet": lambda paper, language: score_sheet_pdf(paper=paper, language=language),
    "blank-rule-card": lambda paper, language: blank_rule_card_pdf(paper=paper, language=language),
    "rules-sheet": lambda paper, language: rules_sheet_pdf(paper=paper, language=language),
    "dealer-aid": lambda paper, language: dealer_aid_pdf(paper=paper, language=language),
    "layout-mat": lambda paper, language: layout_mat_pdf(paper=paper, language=language),
    "guess-slips": lambda paper, language: guess_slips_pdf(paper=paper, language=language),
    "ne-rules": lambda paper, language: ne_rules_pdf(paper=paper, language=language),
    "ne-score-sheet": lambda paper, language: ne_score_sheet_pdf(paper=paper, language=language),
}


def build_printable(name: str, *, paper: str = "a4", language: str = "en") -> bytes:
    """A printable named in the catalog (PRINTABLE_NAMES), with its default options."""
    try:
        builder = BUILDERS[name]
    except KeyError:
        with speaking(language):
            message = _("Unknown printable {name!r}; use one of: {known}")
        raise PrintableError(message.format(name=name, known=", ".join(BUILDERS))) from None
    return builder(paper, language)
