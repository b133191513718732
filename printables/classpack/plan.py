"""What goes in a class pack (no drawing here): the teacher's overview of which table has which
rule, then each group's join card and its worksheets. The groups' secret rule cards are a
document of their own (`class_rule_cards`), so the students' pack never carries a rule.

>>> join_url("http://10.0.0.5:5000/", "ABC234")
'http://10.0.0.5:5000/join?code=ABC234'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from urllib.parse import urlencode, urlsplit

import qrcode
import qrcode.constants

from classroom.core.games.registry import DEFAULT_GAME, find_game
from classroom.core.rules import RuleError, compile_rule
from classroom.core.rules.library import LibraryError, LibraryRule, find_rule
from classroom.projections.snapshots import ClassSnapshot, GroupSnapshot
from printables.kit.document import PrintableError
from printables.kit.i18n import current_language
from printables.kit.i18n import gettext as _
from printables.rulecards.plan import RuleCard, custom_rule_card, rule_card, words_rule_card
from printables.worksheet.plan import worksheet_plan

__all__ = [
    "DEFAULT_WORKSHEETS",
    "MAX_WORKSHEETS",
    "ClassPack",
    "GroupPack",
    "JoinCard",
    "QrMatrix",
    "TableRule",
    "class_pack",
    "class_rule_cards",
    "group_rule_card",
    "join_url",
    "library_rule_for",
    "qr_matrix",
]

#: Worksheets printed for a group nobody has joined yet, and the most for any group.
DEFAULT_WORKSHEETS = 5
MAX_WORKSHEETS = 8
JOIN_PATH = "/join"

#: Rows of dark (True) and light modules, top row first, without the quiet zone.
QrMatrix = tuple[tuple[bool, ...], ...]


@dataclass(frozen=True, slots=True)
class JoinCard:
    """The page a group finds on its table: how to reach the class and which group to pick."""

    class_name: str
    group_name: str
    code: str
    url: str
    qr: QrMatrix
    nicknames: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TableRule:
    """A group's line on the teacher's overview: who deals, and the rule's name (never the rule
    itself, which only its rule card carries)."""

    dealer: str
    rule_title: str
    difficulty: int | None = None
    #: The game the table plays (the one under way, or its next), named when it is not the
    #: kit's usual game.
    game: str | None = None


@dataclass(frozen=True, slots=True)
class GroupPack:
    """One group's pages: its join card, then one worksheet per name ('' leaves it blank)."""

    join: JoinCard
    worksheets: tuple[str, ...]
    rule: TableRule


@dataclass(frozen=True, slots=True)
class ClassPack:
    """Everything in the class pack, in print order: the overview, then the groups' pages."""

    class_name: str
    code: str
    url: str
    variant: str
    groups: tuple[GroupPack, ...]


def join_url(base_url: str, code: str) -> str:
    """The address students open for this join code; PrintableError for a base that is not
    an http(s) address."""
    base = base_url.strip().rstrip("/")
    parts = urlsplit(base)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query:
        raise PrintableError(
            _("The base address must look like http://192.168.1.20:5000, not {base!r}.").format(
                base=base_url
            )
        )
    return f"{base}{JOIN_PATH}?{urlencode({'code': code})}"


def qr_matrix(text: str) -> QrMatrix:
    """The QR code of `text` (error correction M, as the app's own QR codes) as module rows."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=0)
    code.add_data(text)
    code.make(fit=True)
    return tuple(tuple(bool(cell) for cell in row) for row in code.get_matrix())


def group_rule_card(group: GroupSnapshot) -> RuleCard:
    """The rule card of a group's secret rule (the latest round's), for the group's table.

    A library rule (the group's `rule_id`, when its text is still the library's) gets the
    library's card; a rule in the rule language a custom card; a rule in plain words, or one
    that no longer compiles, prints as the words it was written in.
    """
    language = current_language()
    library = library_rule_for(group.rule_text, group.rule_id)
    if library is not None:
        card = rule_card(library, language=language)
    elif group.rule_kind == "free":
        card = words_rule_card(group.rule_text, title=_rule_name(group), language=language)
    else:
        title = _rule_name(group)
        try:
            text = _custom_text(group)
            card = custom_rule_card(group.rule_text, title=title, text=text, language=language)
        except RuleError:
            card = words_rule_card(group.rule_text, title=title, language=language)
    return replace(card, table=group.group_name)


def _custom_text(group: GroupSnapshot) -> str:
    """What a custom card says of its rule: who wrote it, and where the rule itself is."""
    if group.dealer_seat is not None:
        return _(
            "A rule this table's dealer wrote in the rule language. The example mainline obeys it."
        )
    return _(
        "A rule the teacher wrote for this group in the rule language."
        " The example mainline obeys it."
    )


def class_rule_cards(snapshot: ClassSnapshot) -> tuple[RuleCard, ...]:
    """The secret rule card of every group of the class, in the groups' order."""
    if not snapshot.groups:
        raise PrintableError(_("This class has no groups."))
    return tuple(group_rule_card(group) for group in snapshot.groups)


def library_rule_for(rule_text: str, rule_id: str | None) -> LibraryRule | None:
    """The library rule `rule_id` if `rule_text` is still its rule, else None (a custom rule)."""
    if rule_id is None:
        return None
    try:
        library = find_rule(rule_id)
        same = str(compile_rule(rule_text)) == library.rule_text
    except (LibraryError, RuleError):
        return None
    return library if same else None


def class_pack(
    snapshot: ClassSnapshot,
    *,
    base_url: str,
    variant: str = "older",
    worksheets: int | None = None,
) -> ClassPack:
    """The pack of a class: `worksheets` per group, or one per seated student (a few blank
    ones for a group nobody has joined yet)."""
    worksheet_plan(variant)
    if worksheets is not None and not 0 <= worksheets <= MAX_WORKSHEETS:
        raise PrintableError(_("A group gets 0 to {n} worksheets.").format(n=MAX_WORKSHEETS))
    if not snapshot.groups:
        raise PrintableError(_("This class has no groups."))
    url = join_url(base_url, snapshot.join_code)
    matrix = qr_matrix(url)
    code = snapshot.join_code
    groups = tuple(_group_pack(g, code, url, matrix, worksheets) for g in snapshot.groups)
    return ClassPack(snapshot.name, code, url, variant, groups)


def _group_pack(
    group: GroupSnapshot, code: str, url: str, qr: QrMatrix, worksheets: int | None
) -> GroupPack:
    """One group's join card, worksheets and its line on the overview."""
    join = JoinCard(
        class_name=group.class_name,
        group_name=group.group_name,
        code=code,
        url=url,
        qr=qr,
        nicknames=tuple(seat.nickname for seat in group.seats),
    )
    return GroupPack(join, _worksheet_names(group, worksheets), _table_rule(group))


def _table_rule(group: GroupSnapshot) -> TableRule:
    """The group's dealer, and its rule's name and difficulty as the overview shows them."""
    library = library_rule_for(group.rule_text, group.rule_id)
    title = library.title_in(current_language()) if library else _rule_name(group)
    if group.dealer_mode == "student":
        title = _("{rule} (students deal and may choose other rules)").format(rule=title)
    difficulty = library.difficulty if library else None
    games = [mode for mode in dict.fromkeys((group.mode, group.next_mode)) if mode != DEFAULT_GAME]
    game = " / ".join(_(find_game(mode).title) for mode in games) or None
    return TableRule(_dealer(group), title, difficulty, game)


def _rule_name(group: GroupSnapshot) -> str:
    """What a rule outside the library is called: it has no title, and its text is secret."""
    if group.rule_kind == "free":
        return _("The dealer's rule, in their words")
    return _("Custom rule")


def _dealer(group: GroupSnapshot) -> str:
    """Who deals at the group's table: the app, or the student dealing (or choosing) now."""
    if group.dealer_mode != "student":
        return _("the app")
    seat = group.dealer_seat or group.dealing_seat
    if seat is None:
        return _("a student (they take turns)")
    return group.nickname(seat)


def _worksheet_names(group: GroupSnapshot, count: int | None) -> tuple[str, ...]:
    """The name on each of the group's worksheets: its students', then blanks up to `count`."""
    names = tuple(seat.nickname for seat in group.seats)
    if count is None:
        count = len(names) or DEFAULT_WORKSHEETS
    return (names + ("",) * count)[:count]
