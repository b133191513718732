"""The registry of games is the one place that picks a game by its name: code elsewhere asks the
table's game (`find_game(mode)`) instead of comparing the mode with a game's name.

A comparison anywhere in `classroom/` or `printables/` outside the game folders fails this test
(`STILL_COMPARING` may list a place being moved, and may only shrink): ask the game through
its interface, or its registered views or report, instead.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

from classroom.core.games.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]
GAME_FOLDER = ROOT / "classroom" / "core" / "games"

#: Comparisons with a game's name left to move behind the game interface (file: count): none.
STILL_COMPARING: dict[str, int] = {}


def _names(node: ast.expr) -> set[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return set().union(*(_names(item) for item in node.elts))
    return set()


def comparisons_with_game_names(source: str) -> int:
    """How many comparisons in `source` test a value against a registered game's name."""
    games = {game.name for game in GAMES}
    count = 0
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(_names(operand) & games for operand in operands):
                count += 1
    return count


def test_the_counter_finds_a_comparison_with_a_game_name() -> None:
    assert comparisons_with_game_names('if mode == "new_eleusis": pass') == 1
    assert comparisons_with_game_names('ok = mode in ("express", "other")') == 1
    assert comparisons_with_game_names('label = "express"') == 0


def test_no_new_code_compares_a_table_mode_with_a_game_name() -> None:
    found: Counter[str] = Counter()
    sources = [*(ROOT / "classroom").rglob("*.py"), *(ROOT / "printables").rglob("*.py")]
    for path in sorted(sources):
        if GAME_FOLDER in path.parents:
            continue
        count = comparisons_with_game_names(path.read_text(encoding="utf-8"))
        if count:
            found[path.relative_to(ROOT).as_posix()] = count
    grown = {name: n for name, n in found.items() if n > STILL_COMPARING.get(name, 0)}
    assert grown == {}, "ask the game (find_game(mode)) instead of comparing its name"
    gone = {name for name in STILL_COMPARING if found[name] < STILL_COMPARING[name]}
    assert gone == set(), "fewer comparisons left: shrink STILL_COMPARING to match"


def named_for_a_game_outside_its_folder(paths: list[str]) -> list[str]:
    """The paths whose file name is a registered game's (or its short `ne_` form) while no
    folder above them is named for that game."""
    games = {game.name for game in GAMES}
    found = []
    for path in paths:
        *folders, name = path.split("/")
        stem = name.split(".")[0]
        for game in games:
            short = "".join(word[0] for word in game.split("_"))
            named = game in stem or stem.startswith((f"{short}_", f"{short}-", f"_{short}_"))
            if named and game not in folders:
                found.append(path)
    return found


def test_the_name_check_tells_a_game_folder_from_a_file_named_for_a_game() -> None:
    assert named_for_a_game_outside_its_folder(
        [
            "classroom/projections/ne_record.py",
            "classroom/static/css/ne-tablet.css",
            "templates/student/_ne_actions.html",
            "classroom/projections/new_eleusis_views.py",
            "classroom/projections/games/new_eleusis/record.py",
            "classroom/projections/network.py",
        ]
    ) == [
        "classroom/projections/ne_record.py",
        "classroom/static/css/ne-tablet.css",
        "templates/student/_ne_actions.html",
        "classroom/projections/new_eleusis_views.py",
    ]


def test_every_file_named_for_a_game_lives_in_that_games_folder() -> None:
    tracked = [
        path.relative_to(ROOT).as_posix()
        for top in ("classroom", "printables", "templates")
        for path in sorted((ROOT / top).rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    ]
    assert named_for_a_game_outside_its_folder(tracked) == []


#: The most public methods a class may have: more is a facade doing several classes' work.
MOST_PUBLIC_METHODS = 25


def test_no_public_class_has_more_than_25_public_methods() -> None:
    """A class named without a leading underscore is a module's offer to others; a private
    one (a parser's grammar productions) is the module's own business."""
    crowded = {}
    for path in sorted((ROOT / "classroom").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                public = [
                    item.name
                    for item in node.body
                    if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
                    and not item.name.startswith("_")
                ]
                if len(public) > MOST_PUBLIC_METHODS:
                    crowded[f"{path.relative_to(ROOT).as_posix()}:{node.name}"] = len(public)
    assert crowded == {}


#: The pages' registries of games drawn with their own modules: the one place that names them.
PAGE_REGISTRIES = {"games.js"}


def page_comparisons(source: str) -> int:
    """How many times `source` (a script or a template) compares a value with a game's name."""
    names = "|".join(re.escape(game.name) for game in GAMES)
    quoted = rf"""["']({names})["']"""
    compare = rf"(?:===|!==|==|!=|equalto\"?,)\s*{quoted}|{quoted}\s*(?:===|!==|==|!=)"
    return len(re.findall(compare, source))


def test_the_page_counter_finds_a_comparison_with_a_game_name() -> None:
    assert page_comparisons('if (view.mode === "new_eleusis") {') == 1
    assert page_comparisons('{% if r.mode == "new_eleusis" %}') == 1
    assert page_comparisons('selectattr("mode", "equalto", "new_eleusis")') == 1
    assert page_comparisons('const OWN = new Map([["new_eleusis", game]]);') == 0


def test_pages_ask_their_registry_instead_of_comparing_a_game_name() -> None:
    found = {}
    pages = [
        *(ROOT / "classroom" / "static" / "js").rglob("*.js"),
        *(ROOT / "templates").rglob("*.html"),
    ]
    for path in pages:
        folders = set(path.relative_to(ROOT).parts[:-1])
        if folders & {game.name for game in GAMES} or path.name in PAGE_REGISTRIES:
            continue
        count = page_comparisons(path.read_text(encoding="utf-8"))
        if count:
            found[path.relative_to(ROOT).as_posix()] = count
    assert found == {}
