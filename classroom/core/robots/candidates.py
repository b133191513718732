"""The candidate rules a class is likely to consider, as bits of one integer.

The candidates are every rule of the library and every filling of the builder's templates,
compiled, with rules that are the same function of the cards merged into one candidate. A set
of candidates is a Python int whose bit `i` stands for candidate `i`; for any mainline the set
knows, for each of the 52 faces, the candidates that accept it (`acceptance`). Updating what is
still possible after one judged play is then one AND: `alive & accepting` or `alive & ~accepting`.

Most candidates read only the card and `prev`: their verdicts are a 52 x 52 table, computed once
for all of them together by the hypothesis checker's bit-mask evaluator and turned into one set
per (prev, card). The few that read `prev2` or the position are judged directly, on each mainline.

>>> from classroom.core.cards import Card
>>> candidates = candidate_set()
>>> len(candidates) > 1500
True
>>> alternate = candidates.find("card.color != prev.color")
>>> accepting = candidates.acceptance([Card.parse("4H")])[Card.parse("7S").index]
>>> bool(accepting >> alternate & 1), candidates[alternate].library_id
(True, 'alternate-colors')
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from classroom.core.cards import DECK, Card
from classroom.core.hypotheses._atoms import Atoms
from classroom.core.hypotheses._grid import Grid
from classroom.core.hypotheses._masks import Inner
from classroom.core.hypotheses._vector import Unsupported, VectorRule
from classroom.core.hypotheses.builder import TEMPLATES, Built, build
from classroom.core.rules import Rule, RuleError, compile_rule
from classroom.core.text import Text

__all__ = ["Candidate", "CandidateSet", "candidate_set", "count", "members"]

#: Cells of the (card, prev) table: the checker's grid pads each dimension to 56 faces.
_FACES = Atoms({"rank", "suit"})
_GRID = Grid(_FACES.count)
_STRIDE = _GRID.stride
#: Contexts remembered by `acceptance` before it forgets them all (each is 52 small ints).
_CACHE_LIMIT = 4096


def count(bits: int) -> int:
    """How many candidates a set holds."""
    return bits.bit_count()


def members(bits: int) -> Iterator[int]:
    """The candidate numbers of a set, lowest first."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


@dataclass(frozen=True, slots=True)
class Candidate:
    """One candidate rule: a function of the cards, with the names people gave it."""

    number: int
    #: The canonical rule-language text (the library's wording when the library has it).
    text: str
    rule: Rule
    #: The library rule with this meaning, if any.
    library_id: str | None
    #: The builder's sentence with this meaning, if any (for children's words).
    built: Built | None
    #: Every rule-language text merged into this candidate, `text` first.
    texts: tuple[str, ...]

    @property
    def words(self) -> Text | None:
        """The builder's sentence for this rule, if a template can say it."""
        return None if self.built is None else self.built.words

    @property
    def said(self) -> str:
        """The rule language a player says for this rule: the builder's text when a template
        can say it (a tablet then shows the guess in words), else the canonical text."""
        return self.text if self.built is None else self.built.rule_text


class CandidateSet:
    """The candidates, and which of them accept each card after a given mainline."""

    def __init__(self, candidates: Sequence[Candidate], tables: Sequence[int | None]) -> None:
        """`tables[i]`: candidate i's (card, prev) table (see `_table`), None if it has none."""
        self._candidates = tuple(candidates)
        #: by_prev[p][c]: the table-driven candidates accepting face c after face p.
        self._by_prev = tuple(tuple(row) for row in _transpose(tables))
        self._direct = tuple(
            (1 << c.number, c.rule) for c in self._candidates if not _is_tabled(c.rule)
        )
        #: The candidates whose verdicts are a (prev, card) table.
        self.tabled = sum(1 << n for n, t in enumerate(tables) if t is not None)
        #: Every candidate.
        self.everything = (1 << len(self._candidates)) - 1
        #: The candidates that are library rules.
        self.library = sum(1 << c.number for c in self._candidates if c.library_id)
        #: The deepest `prevN` any candidate reads.
        self.depth = max((c.rule.depth for c in self._candidates), default=1)
        self._by_text = {text: c.number for c in self._candidates for text in c.texts}
        self._numbers_by_table = {t: n for n, t in enumerate(tables) if t is not None}
        self._cache: dict[tuple[int, tuple[Card, ...]], tuple[int, ...]] = {}

    def __len__(self) -> int:
        return len(self._candidates)

    def __getitem__(self, number: int) -> Candidate:
        return self._candidates[number]

    def __iter__(self) -> Iterator[Candidate]:
        return iter(self._candidates)

    def find(self, text: str) -> int | None:
        """The candidate meaning the same as rule-language `text`; None if none (or not a rule).

        Texts of the candidates are found by their wording; other rules that read only the
        card and `prev` by what they do.
        """
        number = self._by_text.get(text.strip())
        if number is not None:
            return number
        try:
            rule = compile_rule(text)
        except RuleError:
            return None
        number = self._by_text.get(rule.text)
        if number is None and _is_tabled(rule):
            number = self._numbers_by_table.get(_table(rule))
        return number

    def acceptance(self, mainline: Sequence[Card]) -> tuple[int, ...]:
        """For each face (by `Card.index`), the candidates that accept it after `mainline`."""
        key = (len(mainline), tuple(mainline[-self.depth :]))
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) >= _CACHE_LIMIT:
                self._cache.clear()
            found = self._cache[key] = self._compute(mainline)
        return found

    def _compute(self, mainline: Sequence[Card]) -> tuple[int, ...]:
        row = self._by_prev[mainline[-1].index]
        if not self._direct:
            return row
        extra = [0] * len(DECK)
        for bit, rule in self._direct:
            for card in DECK:
                if rule.allows(mainline, card):
                    extra[card.index] |= bit
        return tuple(a | b for a, b in zip(row, extra, strict=True))

    def accepting(self, mainline: Sequence[Card], cards: Sequence[Card]) -> int:
        """The candidates that accept the whole string `cards`, each card after the ones before."""
        bits = self.everything
        line = tuple(mainline)
        for card in cards:
            bits &= self.acceptance(line)[card.index]
            line = (*line, card)
        return bits

    def same_from_here(self, number: int, mainline: Sequence[Card]) -> int:
        """The candidates no play can tell from candidate `number` from now on, if it is the rule.

        Once a card is accepted it is the next `prev`, so the contexts that can still come are
        the last card and whatever the rule accepts after a context that can come. Candidates
        that agree with it on every card in those contexts are one class for this round.
        """
        if not self.tabled >> number & 1:
            return 1 << number
        rows = self._by_prev
        reach = {mainline[-1].index}
        frontier = list(reach)
        while frontier:
            row = rows[frontier.pop()]
            for card in range(len(DECK)):
                if row[card] >> number & 1 and card not in reach:
                    reach.add(card)
                    frontier.append(card)
        agree = self.tabled
        for prev in reach:
            for bits in rows[prev]:
                agree &= bits if bits >> number & 1 else ~bits
        return agree

    def weight(self, bits: int, library_weight: float = 1.0) -> float:
        """The prior weight of a set: 1 per candidate, `library_weight` per library rule."""
        if library_weight == 1.0:
            return float(bits.bit_count())
        return bits.bit_count() + (library_weight - 1.0) * (bits & self.library).bit_count()


def _is_tabled(rule: Rule) -> bool:
    """True when a rule's verdicts are a (prev, card) table: it reads nothing older."""
    return rule.depth <= 1 and not rule.uses_position


def _table(rule: Rule) -> int:
    """The (card, prev) cells a rule accepts, as the bits `card + 56 * prev`."""
    try:
        return VectorRule(rule.tree, Inner(_GRID, _FACES, 2)).chunk(())
    except Unsupported:
        return sum(
            1 << (card.index + _STRIDE * prev.index)
            for prev in DECK
            for card in DECK
            if rule.allows((prev,), card)
        )


def _sources() -> Iterator[tuple[str, str | None, Built | None]]:
    """(text, library id, built) for every library rule, then every builder filling."""
    # Imported here: the library reads YAML files, which the rest of the core never needs.
    from classroom.core.rules.library import load_library

    for entry in load_library():
        yield entry.rule_text, entry.id, None
    for template in TEMPLATES:
        for combo in itertools.product(*(blank.choices for blank in template.blanks)):
            choices = {
                blank.id: choice.id for blank, choice in zip(template.blanks, combo, strict=True)
            }
            built = build(template.id, choices)
            yield built.rule_text, None, built


@dataclass
class _Draft:
    text: str
    rule: Rule
    library_id: str | None
    built: Built | None
    texts: list[str]


def _drafts() -> list[tuple[_Draft, int | None]]:
    """The candidates before numbering, merged by text and (when tabled) by table."""
    drafts: list[tuple[_Draft, int | None]] = []
    by_key: dict[object, _Draft] = {}
    for text, library_id, built in _sources():
        rule = compile_rule(text)
        table = _table(rule) if _is_tabled(rule) else None
        key: object = ("table", table) if table is not None else ("text", rule.text)
        draft = by_key.get(key)
        if draft is None:
            draft = by_key[key] = _Draft(rule.text, rule, library_id, built, [rule.text])
            drafts.append((draft, table))
            continue
        draft.library_id = draft.library_id or library_id
        draft.built = draft.built or built
        if rule.text not in draft.texts:
            draft.texts.append(rule.text)
    return drafts


def _transpose(tables: Sequence[int | None]) -> list[list[int]]:
    """by_prev[p][c] from each candidate's table; a candidate without a table is in none."""
    size = _GRID.size(2)
    zeros = "0" * size
    # One string of '0'/'1' per candidate, lowest cell first; zip turns columns into rows in C.
    strings = [zeros if t is None else format(t, f"0{size}b")[::-1] for t in tables]
    columns = list(zip(*strings, strict=True))
    return [
        [int("".join(columns[card + _STRIDE * prev])[::-1], 2) for card in range(len(DECK))]
        for prev in range(len(DECK))
    ]


@functools.cache
def candidate_set() -> CandidateSet:
    """The kit's candidates (library and builder), built once per process (about a second)."""
    drafts = _drafts()
    candidates = [
        Candidate(n, d.text, d.rule, d.library_id, d.built, tuple(d.texts))
        for n, (d, _table_bits) in enumerate(drafts)
    ]
    return CandidateSet(candidates, [table for _draft, table in drafts])
