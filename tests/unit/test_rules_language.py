"""The rule language as specified: meaning, precedence, types, short mainlines, canonical text."""

import pytest

from classroom.core.cards import Card
from classroom.core.rules import Rule, RuleError, compile_rule

C = Card.parse


def line(*cards: str) -> list[Card]:
    return [C(card) for card in cards]


SUIT_CYCLE = """if prev.suit == spades then card.suit == hearts
elif prev.suit == hearts then card.suit == diamonds
elif prev.suit == diamonds then card.suit == clubs
else card.suit == spades"""

# (rule, mainline oldest first, card, expected)
JUDGEMENTS = [
    ("card.color != prev.color", ["4H"], "7S", True),
    ("card.color != prev.color", ["4H"], "7D", False),
    (SUIT_CYCLE, ["2S"], "9H", True),
    (SUIT_CYCLE, ["2C"], "9S", True),
    (SUIT_CYCLE, ["2C"], "9H", False),
    ("card.odd != prev.odd", ["AS"], "QH", True),
    ("card.odd != prev.odd", ["AS"], "KH", False),
    ("card.even == (not prev.even)", ["AS"], "QH", True),
    ("if prev.odd then card.color == red else card.color == black", ["3C"], "5D", True),
    ("if prev.odd then card.color == red else card.color == black", ["4C"], "5D", False),
    ("card.suit == prev.suit or card.rank == prev.rank", ["4C"], "4D", True),
    ("card.suit == prev.suit or card.rank == prev.rank", ["4C"], "5D", False),
    (
        "if prev.rank > prev2.rank then card.rank < prev.rank else card.rank > prev.rank",
        ["3C", "9D"],
        "2S",
        True,
    ),
    (
        "if prev.rank > prev2.rank then card.rank < prev.rank else card.rank > prev.rank",
        ["9C", "3D"],
        "2S",
        False,
    ),
    ("if prev.face then not card.face else card.rank > prev.rank", ["QH"], "3S", True),
    ("if prev.face then not card.face else card.rank > prev.rank", ["5H"], "3S", False),
    (
        "(card.rank in {2, 3, 5, 7, 11, 13}) != (prev.rank in {2, 3, 5, 7, 11, 13})",
        ["JH"],
        "4S",
        True,
    ),
    (
        "(card.rank in {2, 3, 5, 7, 11, 13}) != (prev.rank in {2, 3, 5, 7, 11, 13})",
        ["JH"],
        "KS",
        False,
    ),
    ("if position % 2 == 0 then card.color == red else card.color == black", ["AS"], "2H", True),
    (
        "if position % 2 == 0 then card.color == red else card.color == black",
        ["AS", "2H"],
        "2D",
        False,
    ),
    ("(card.rank - prev.rank) % 13 in {1, 2, 3}", ["KH"], "2S", True),
    ("(card.rank - prev.rank) % 13 in {1, 2, 3}", ["JH"], "AS", True),
    ("(card.rank - prev.rank) % 13 in {1, 2, 3}", ["JH"], "2S", False),
    ("card.rank == ace or card.rank == K", ["2C"], "KC", True),
    ("card.suit in {♠, ♣}", ["2H"], "5C", True),
    ("card.suit in {♠, ♣}", ["2H"], "5H", False),
    ("prev3.rank == card.rank", ["2C", "3C", "4C"], "2D", True),
    ("position == 4", ["2C", "3C", "4C"], "2D", True),
    ("-card.rank % 13 == 12", ["2C"], "AD", True),
    ("true", ["2C"], "AD", True),
    ("false", ["2C"], "AD", False),
]


@pytest.mark.parametrize(("text", "mainline", "card", "expected"), JUDGEMENTS)
def test_rule_judges_as_the_language_says(text, mainline, card, expected):
    assert compile_rule(text).allows(line(*mainline), C(card)) is expected


@pytest.mark.parametrize(
    ("text", "mainline", "card", "expected"),
    [
        ("card.rank > 3 or card.rank < 2 and card.face", ["2C"], "4H", True),  # and before or
        ("not card.face and card.odd", ["2C"], "3H", True),  # not before and
        ("2 + 3 * 4 == 14", ["2C"], "3H", True),
        ("(2 + 3) * 4 == 20", ["2C"], "3H", True),
        ("10 - 3 - 2 == 5", ["2C"], "3H", True),  # left to right
        ("-7 % 3 == 2", ["2C"], "3H", True),  # Python remainder
        ("7 % -3 == -2", ["2C"], "3H", True),
        ("- 2 * 3 == -6", ["2C"], "3H", True),
    ],
)
def test_precedence_and_arithmetic(text, mainline, card, expected):
    assert compile_rule(text).allows(line(*mainline), C(card)) is expected


def test_names_and_keywords_ignore_case_and_comments_and_newlines_are_spaces():
    rule = compile_rule("Card.Color != PREV.color   # alternate\n  AND TRUE # done")
    assert str(rule) == "card.color != prev.color and true"


@pytest.mark.parametrize(
    ("text", "depth"),
    [
        ("true", 0),
        ("card.face", 0),
        ("card.color != prev.color", 1),
        ("prev1.odd", 1),
        ("prev2.odd or prev.odd", 2),
        ("if card.odd then prev7.odd else true", 7),
    ],
)
def test_depth_is_the_deepest_prev(text, depth):
    assert compile_rule(text).depth == depth


def test_short_mainline_accepts_every_card_until_the_rule_applies():
    rule = compile_rule("if card.odd then true else prev2.rank == 99")
    assert rule.allows(line("2C"), C("2H"))  # one card: prev2 missing, whole rule waits
    assert not rule.allows(line("2C", "3C"), C("2H"))


def test_position_counts_the_starter_as_one():
    rule = compile_rule("position == 2")
    assert rule.allows(line("5S"), C("2H"))
    assert not rule.allows(line("5S", "6S"), C("2H"))


@pytest.mark.parametrize(
    "text",
    [JUDGEMENTS[i][0] for i in range(0, len(JUDGEMENTS), 2)]
    + [
        "--card.rank < 3 * (2 + 1)",
        "(card.odd or prev.odd) and not (card.face and true)",
        "card.rank - (prev.rank - 1) == 2",
        "(if card.odd then 1 else 2) + 3 == 4",
        "(card.rank == 1) == (prev.rank == 1)",
        "if if card.odd then true else false then true else false",
    ],
)
def test_canonical_text_compiles_back_to_the_same_rule(text):
    rule = compile_rule(text)
    again = compile_rule(str(rule))
    assert str(again) == str(rule)
    assert again == rule
    assert hash(again) == hash(rule)


def test_canonical_text_names_faces_and_suits_in_words():
    assert str(compile_rule("card.rank == K and card.suit == ♥")) == (
        "card.rank == king and card.suit == hearts"
    )


def test_rule_exposes_what_it_reads():
    rule = compile_rule("card.color != prev2.color and position > 3")
    assert rule.references == {(0, "color"), (2, "color")}
    assert rule.uses_position
    assert isinstance(rule, Rule)
    assert repr(rule) == "compile_rule('card.color != prev2.color and position > 3')"


# (rule text, line, column, words of the message): texts a teacher might type by mistake.
BAD_RULES = [
    ("card.colour != prev.color", 1, 6, "did you mean 'color'"),
    ("card.value > 3", 1, 6, "did you mean 'rank'"),
    ("card.red", 1, 6, "card.color == red"),
    ("prev0.rank == 1", 1, 1, "no prev0"),
    ("1 < card.rank < 5", 1, 15, "do not chain"),
    (
        "card.rank in {2, 3, 5, 7, 11, 13} != prev.rank in {2, 3, 5, 7, 11, 13}",
        1,
        35,
        "do not chain",
    ),
    ("if card.odd then card.color == red", 1, 35, "needs an 'else'"),
    ("card.rank + 1", 1, 1, "must be true or false"),
    ("card.color < red", 1, 1, "compares numbers"),
    ("card.suit == red", 1, 1, "same kind"),
    ("card.rank in {1, red}", 1, 18, "this set should hold a number"),
    ("if card.odd then 1 else red", 1, 25, "same kind of value"),
    ("card.odd and 3", 1, 14, "needs true or false"),
    ("not card.rank", 1, 5, "needs true or false"),
    ("card.rank % (prev.rank - prev.rank) == 0", 1, 14, "can be zero"),
    ("card.rank % 0 == 0", 1, 13, "can be zero"),
    ("card == prev", 1, 1, "name what to compare"),
    ("card.rank = 1", 1, 11, "use '=='"),
    ("card.rank > 3 and if card.odd then true else false", 1, 19, "in parentheses"),
    ("(card.rank == 1", 1, 16, "expected ')'"),
    ("card.rank == 1)", 1, 15, "no matching '('"),
    ("cards.rank == 1", 1, 1, "unknown name 'cards'; did you mean 'card'"),
    ("card.rank in (1, 2)", 1, 14, "expected '{'"),
    ("", 1, 1, "empty"),
    ("   # only a comment", 1, 20, "empty"),
    ("card.color == red\n and card.rank >> 3", 2, 17, "expected a value"),
    ("card.rank == 1234567", 1, 14, "too large"),
    ("prev21.rank == 1", 1, 1, "at most 20"),
    ("card.rank == 3 card.odd", 1, 16, "'and' or 'or' is missing"),
    ("then card.odd", 1, 1, "expected a value"),
    ("card.odd else", 1, 10, "without a matching 'if'"),
]


@pytest.mark.parametrize(("text", "line_no", "column", "words"), BAD_RULES)
def test_compile_errors_point_at_the_problem(text, line_no, column, words):
    with pytest.raises(RuleError) as caught:
        compile_rule(text)
    error = caught.value
    assert isinstance(error, ValueError)
    assert words in error.message
    assert (error.line, error.column) == (line_no, column)
    caret = str(error).splitlines()[-1]
    assert caret.index("^") - len("    ") == column - 1


def test_error_caret_sits_under_the_bad_word():
    with pytest.raises(RuleError) as caught:
        compile_rule("card.color == red and\n  card.colour == prev.colour")
    quoted, caret = str(caught.value).splitlines()[-2:]
    assert quoted[caret.index("^") : caret.rindex("^") + 1] == "colour"


def test_not_is_not_a_comparison_operand():
    with pytest.raises(RuleError, match="expected a value"):
        compile_rule("card.even == not prev.even")
