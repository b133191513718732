"""What goes in a class pack (no drawing here): per group a join card and its worksheets, then
the rule cards of the class's groups for the teacher.

>>> join_url("http://10.0.0.5:5000/", "ABC234")
'http://10.0.0.5:5000/join?code=ABC234'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from urllib.parse import urlencode, urlsplit

import qrcode
import qrcode.constants

from classroom.core.rules import RuleError, compile_rule
from classroom.core.rules.library import LibraryError, LibraryRule, find_rule
from classroom.projections.snapshots import ClassSnapshot, GroupSnapshot
from printables.common import PrintableError
from printables.i18n import current_language
from printables.i18n import gettext as _
from printables.rulecards import RuleCard, custom_rule_card, rule_card
from printables.worksheet import worksheet_plan

__all__ = [
    "DEFAULT_WORKSHEETS",
    "MAX_WORKSHEETS",
    "ClassPack",
    "GroupPack",
    "JoinCard",
    "QrMatrix",
    "class_pack",
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
class GroupPack:
    """One group's pages: its join card, then one worksheet per name ('' leaves it blank)."""

    join: JoinCard
    worksheets: tuple[str, ...]
    rule_title: str


@dataclass(frozen=True, slots=True)
class ClassPack:
    """Everything in the class pack, in print order."""

    class_name: str
    code: str
    variant: str
    groups: tuple[GroupPack, ...]
    rule_cards: tuple[RuleCard, ...]


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
    """The rule card of a group's secret rule, titled with the group's name.

    A library rule (the group's `rule_id`, when its text is still the library's) gets the
    library's card; any other rule a custom card.
    """
    library = library_rule_for(group.rule_text, group.rule_id)
    if library is not None:
        card = rule_card(library, language=current_language())
        title = _("{group}: {rule}").format(group=group.group_name, rule=card.title)
        return replace(card, title=title)
    text = _(
        "A rule the teacher wrote for this group. The secret half gives it in the rule language,"
        " with a mainline that obeys it."
    )
    language = current_language()
    return custom_rule_card(group.rule_text, title=group.group_name, text=text, language=language)


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
    cards = tuple(group_rule_card(group) for group in snapshot.groups)
    code = snapshot.join_code
    groups = tuple(_group_pack(g, code, url, matrix, worksheets) for g in snapshot.groups)
    return ClassPack(snapshot.name, snapshot.join_code, variant, groups, cards)


def _group_pack(
    group: GroupSnapshot, code: str, url: str, qr: QrMatrix, worksheets: int | None
) -> GroupPack:
    """One group's join card, worksheets and the name of its rule."""
    join = JoinCard(
        class_name=group.class_name,
        group_name=group.group_name,
        code=code,
        url=url,
        qr=qr,
        nicknames=tuple(seat.nickname for seat in group.seats),
    )
    return GroupPack(join, _worksheet_names(group, worksheets), _rule_title(group))


def _rule_title(group: GroupSnapshot) -> str:
    """The rule's name on the teacher's overview: the library title, or the rule itself."""
    library = library_rule_for(group.rule_text, group.rule_id)
    title = (
        library.title_in(current_language())
        if library
        else _("Custom rule: {rule}").format(rule=group.rule_text)
    )
    if group.dealer_mode == "student":
        return _("{rule} (students deal and may choose other rules)").format(rule=title)
    return title


def _worksheet_names(group: GroupSnapshot, count: int | None) -> tuple[str, ...]:
    """The name on each of the group's worksheets: its students', then blanks up to `count`."""
    names = tuple(seat.nickname for seat in group.seats)
    if count is None:
        count = len(names) or DEFAULT_WORKSHEETS
    return (names + ("",) * count)[:count]
