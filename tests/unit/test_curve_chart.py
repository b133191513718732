"""The learning curve's SVG: a path per student and the group's, markers and dash patterns
that tell lines apart without colour, stars for first correct hypotheses, a text alternative."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from classroom.projections.curve_chart import ChartWords, curve_svg, value_at
from classroom.projections.journal_view import JournalRecord
from classroom.projections.learning_curve import Curve, Point, learning_curve
from tests.unit.test_learning_curve import log

NS = {"svg": "http://www.w3.org/2000/svg"}
WORDS = ChartWords(
    title="Learning curve of Otters",
    description="Ana: 2 of 2 right.",
    x_label="Plays",
    y_label="Right predictions",
    group="Whole group",
    first="First correct hypothesis",
    first_of=lambda name, play: f"{name}: first correct at play {play}",
)
NAMES = {"Ana": "Ana", "Ben": "<b>Ben</b>", "Chen": "Chen"}


def chart() -> ElementTree.Element:
    events = log(
        [
            ("Ana", True, {"Ben": True, "Chen": False}),
            ("Ben", False, {"Ana": False, "Chen": True}),
            ("Chen", True, {"Ana": True, "Ben": True}),
        ]
    )
    journal = [JournalRecord("Ben", 6, "the rule", 9, None, None, "")]
    curve = learning_curve(events, journal, equivalent=lambda text: text == "the rule")
    return ElementTree.fromstring(curve_svg(curve, NAMES.__getitem__, WORDS, ident="c7"))


def test_each_student_has_a_path_of_their_own_with_markers_and_the_group_one_more() -> None:
    svg = chart()
    students = svg.findall(".//svg:path[@class='curve student']", NS)
    assert [path.get("data-seat") for path in students] == ["Ana", "Ben", "Chen"]
    assert len(svg.findall(".//svg:path[@class='curve group']", NS)) == 1
    dashes = {path.get("stroke-dasharray") for path in students}
    assert len(dashes) == 3  # told apart without colour
    marks = svg.findall(".//svg:path[@class='marks']", NS)
    assert len(marks) == 3 and len({m.get("d", "")[:1] for m in marks}) == 1
    # Each line goes through one point per play its owner predicted: two each here.
    for path in students:
        assert len(re.findall(r"[ML]", path.get("d", ""))) == 2


def test_the_first_correct_hypothesis_is_a_star_with_words_on_its_line() -> None:
    (star,) = chart().findall(".//svg:path[@class='first-correct']", NS)
    assert star.get("data-seat") == "Ben"
    title = star.find("svg:title", NS)
    assert title is not None and title.text == "<b>Ben</b>: first correct at play 1"
    legend = chart().find(".//svg:g[@class='legend']", NS)
    assert legend is not None and "First correct hypothesis" in "".join(legend.itertext())


def test_the_chart_carries_its_title_description_and_a_label_per_line() -> None:
    svg = chart()
    assert svg.get("role") == "img" and svg.get("aria-labelledby") == "c7-title c7-desc"
    assert svg.find("svg:title", NS).text == "Learning curve of Otters"  # type: ignore[union-attr]
    assert svg.find("svg:desc", NS).text == "Ana: 2 of 2 right."  # type: ignore[union-attr]
    names = ["".join(g.itertext()) for g in svg.findall(".//svg:g[@class='line-name']", NS)]
    assert names == ["Ana", "<b>Ben</b>", "Chen", "Whole group"]  # escaped, read back as text


def test_a_star_sits_on_the_line_at_its_play() -> None:
    curve = Curve("Ana", (Point(2, 0.5, 0.5), Point(5, 0.6, 0.8)), 0, 0, 0, 0)
    assert [value_at(curve, play) for play in (0, 2, 4, 5, 9)] == [0.5, 0.5, 0.5, 0.8, 0.8]
