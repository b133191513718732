"""Every word a person reads goes through gettext: no text left in a template outside `_()`,
and no English literal handed to a message that reaches a person (a flash, a domain error, a
command's help)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"

# --- templates ------------------------------------------------------------------------------

#: Blocks that fill a class attribute of the base layout (`{% block body_class %}`): CSS names.
_CLASS_BLOCK = re.compile(r"\{%-?\s*block\s+\w*class\s*-?%\}.*?\{%-?\s*endblock", re.DOTALL)
#: Jinja comments, statements and expressions: what they show comes from `_()` or from data.
_JINJA = re.compile(r"\{#.*?#\}|\{%.*?%\}|\{\{.*?\}\}", re.DOTALL)
#: Attributes a person reads (or hears from a screen reader); the others are for the machine.
_HUMAN_ATTRIBUTES = {"placeholder", "title", "aria-label", "aria-description", "alt", "label"}
#: Elements whose text is not prose: scripts, styles, and rule-language code, whose keywords
#: stay as they are in every language.
_NOT_PROSE = {"script", "style", "code", "pre", "kbd", "samp"}
#: Words kept on purpose in every language.
ALLOWED = {
    # The rule language's own keywords, shown as an example of it, are never translated.
    "card.color != prev.color",
}


def has_words(text: str) -> bool:
    """Whether `text` holds a letter of any script (not digits, punctuation, suits, arrows)."""
    return any(character.isalpha() for character in text)


class _Words(HTMLParser):
    """Collects (line, what) for every text node and human-facing attribute with words in it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._skipping: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        hidden_input = tag == "input" and attributes.get("type") == "hidden"
        for name, value in attrs:
            human = name in _HUMAN_ATTRIBUTES or name.startswith("data-t-")
            human = human or (name == "value" and tag in ("input", "button") and not hidden_input)
            if human and value:
                self._note(f'{name}="{value}"', value)
        if tag in _NOT_PROSE:
            self._skipping.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self._skipping and self._skipping[-1] == tag:
            self._skipping.pop()

    def handle_data(self, data: str) -> None:
        if not self._skipping:
            self._note(data.strip(), data)

    def _note(self, shown: str, text: str) -> None:
        if has_words(text) and text.strip() not in ALLOWED:
            self.found.append((self.getpos()[0], shown))


def template_words(source: str) -> list[tuple[int, str]]:
    """The words of a template that do not come from Jinja, with their line numbers."""

    # Each Jinja piece becomes as many newlines as it spans, so line numbers stay right.
    def blank(match: re.Match[str]) -> str:
        return "\n" * match.group(0).count("\n") + " "

    without_jinja = _JINJA.sub(blank, _CLASS_BLOCK.sub(blank, source))
    parser = _Words()
    parser.feed(without_jinja)
    parser.close()
    return parser.found


def test_the_checker_sees_words_in_text_and_attributes_only() -> None:
    source = (
        '<p class="hint" id="x">{{ _("Hello") }} ♠ 3 · →</p>\n'
        '<input type="hidden" name="next" value="back">\n'
        '<input placeholder="Your name">\n'
        "<script>const words = 'not read';</script>{# a comment #}\n"
        "<h1>Players</h1><code>card.odd</code>\n"
        '{% set x = {"a": _("b")} %}<p title="{{ _(\'t\') }}">Ёлка</p>\n'
        "{% block body_class %}teacher wide{% endblock %}"
    )
    assert template_words(source) == [
        (3, 'placeholder="Your name"'),
        (5, "Players"),
        (6, "Ёлка"),
    ]


def test_templates_show_no_text_outside_gettext() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{line}: {text}"
        for path in sorted(TEMPLATES.rglob("*.html"))
        for line, text in template_words(path.read_text(encoding="utf-8"))
    ]
    assert offenders == [], "text outside gettext:\n" + "\n".join(offenders)


# --- Python ---------------------------------------------------------------------------------

GETTEXT = {"_", "gettext", "ngettext", "lazy_gettext", "lazy_ngettext", "pgettext", "_l", "N_"}
#: Errors whose message a person reads, with every subclass found in the code.
ERROR_BASES = {
    "ServiceError",
    "Invalid",
    "Conflict",
    "NotFound",
    "Forbidden",
    "RuleError",
    "GameError",
    "PrintableError",
    "BadParameter",
}
#: Where a flash, an error page, a command's help or an error's message is written.
EDGE = [ROOT / "classroom" / "web", ROOT / "printables", ROOT / "classroom" / "cli"]
#: Where domain errors are raised with messages the edge translates (the other game errors
#: say a stored log is corrupt: they are for the developer, not for a person at a table).
CORE = [
    ROOT / "classroom" / "usecases",
    ROOT / "classroom" / "core" / "rules",
    ROOT / "classroom" / "core" / "games" / "express" / "verify.py",
    ROOT / "classroom" / "core" / "games" / "new_eleusis" / "verify.py",
]


def python_files(places: list[Path]) -> Iterator[Path]:
    """The Python files in these folders (or these files)."""
    for place in places:
        yield from sorted(place.rglob("*.py")) if place.is_dir() else [place]


def error_classes() -> set[str]:
    """The names of the person-facing errors and of all their subclasses in the code."""
    parents: dict[str, set[str]] = {}
    for path in python_files([ROOT / "classroom", ROOT / "printables"]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases = {base.id for base in node.bases if isinstance(base, ast.Name)}
                bases |= {base.attr for base in node.bases if isinstance(base, ast.Attribute)}
                parents.setdefault(node.name, set()).update(bases)
    names = set(ERROR_BASES)
    while grown := {name for name, bases in parents.items() if bases & names} - names:
        names |= grown
    return names


def _name(function: ast.expr) -> str:
    if isinstance(function, ast.Name):
        return function.id
    if isinstance(function, ast.Attribute):
        return function.attr
    return ""


def _literal(node: ast.expr | None) -> str | None:
    """The text of a string literal or f-string (None: anything else, e.g. a `_()` call)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return ast.unparse(node)
    return None


def _keyword(call: ast.Call, name: str) -> ast.expr | None:
    return next((keyword.value for keyword in call.keywords if keyword.arg == name), None)


def shown_literals(call: ast.Call, errors: set[str], at_edge: bool) -> Iterator[str]:
    """The untranslated texts a person would read from this call."""
    name = _name(call.func)
    first = call.args[0] if call.args else None
    if name in errors or (at_edge and name == "flash"):
        yield from filter(None, [_literal(first), _literal(_keyword(call, "message"))])
    if at_edge and name == "abort":
        second = call.args[1] if len(call.args) > 1 else None
        yield from filter(None, [_literal(second), _literal(_keyword(call, "description"))])
    if at_edge and name in ("add_argument", "add_parser", "ArgumentParser", "add_argument_group"):
        for keyword in ("help", "description", "epilog"):
            text = _literal(_keyword(call, keyword))
            if text is not None and has_words(text):
                yield text


def python_offenders(source: str, errors: set[str], at_edge: bool) -> list[tuple[int, str]]:
    """(line, text) of each literal shown to a person without gettext."""
    return [
        (node.lineno, text)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        for text in shown_literals(node, errors, at_edge)
    ]


def test_the_checker_finds_literals_but_not_translated_or_computed_text() -> None:
    source = (
        "flash('Saved.')\n"
        "flash(_('Saved.'))\n"
        "raise Invalid(f'No {name}.')\n"
        "raise NotYourTurn(_('It is %s turn.') % seat)\n"
        "parser.add_argument('--port', help='The port.')\n"
        "abort(404, 'Gone.')\n"
        "raise ValueError('a bug, not a message')\n"
        "raise Invalid(message)\n"
    )
    errors = {"Invalid", "NotYourTurn"}
    assert python_offenders(source, errors, at_edge=True) == [
        (1, "Saved."),
        (3, "f'No {name}.'"),
        (5, "The port."),
        (6, "Gone."),
    ]
    assert python_offenders(source, errors, at_edge=False) == [(3, "f'No {name}.'")]


def test_python_shows_no_text_outside_gettext() -> None:
    errors = error_classes()
    assert {"NotYourTurn", "Invalid", "RuleError"} <= errors
    offenders = [
        f"{path.relative_to(ROOT)}:{line}: {text!r}"
        for folders, at_edge in ((EDGE, True), (CORE, False))
        for path in python_files(folders)
        for line, text in python_offenders(path.read_text(encoding="utf-8"), errors, at_edge)
    ]
    assert offenders == [], "text outside gettext:\n" + "\n".join(offenders)
