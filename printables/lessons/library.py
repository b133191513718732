"""Lesson plans: Markdown files in `lessons/` with a YAML header block between '---' lines.

English plans are `lessons/<name>.md`; each other language has its own folder of the same file
names, `lessons/<language>/<name>.md` (ja, pl, ru). A language without a folder reads English.
The header's `order` places a lesson in the teaching sequence (the first lesson is 1), which is
the order of every list of lessons and of the combined PDF.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any, TypeGuard

import yaml

from classroom.core.resources import data_dir
from printables.kit.i18n import gettext as _

__all__ = [
    "AGE_BANDS",
    "Lesson",
    "LessonError",
    "find_lesson",
    "lesson_folder",
    "load_lessons",
    "parse_lesson",
]

AGE_BANDS = ("5-7", "8-10", "11-13", "14+")
_FENCE = "---"


class LessonError(ValueError):
    """A lesson file that cannot be read, or a lesson name that does not exist."""


@dataclass(frozen=True, slots=True)
class Lesson:
    """One lesson plan: its header fields and its Markdown body."""

    name: str
    title: str
    age_band: str
    duration_minutes: int
    printables: tuple[str, ...]
    rules: tuple[str, ...]
    body: str
    language: str = "en"
    order: int = 0


def _split(text: str, name: str) -> tuple[dict[str, Any], str]:
    lines = text.splitlines()
    if not lines or lines[0].strip() != _FENCE:
        raise LessonError(f"{name}: a lesson starts with a '---' header block")
    try:
        end = next(i for i, line in enumerate(lines[1:], 1) if line.strip() == _FENCE)
    except StopIteration:
        raise LessonError(f"{name}: the header block has no closing '---'") from None
    try:
        header = yaml.safe_load("\n".join(lines[1:end])) or {}
    except yaml.YAMLError as error:
        raise LessonError(f"{name}: the header block is not valid YAML ({error})") from None
    if not isinstance(header, dict):
        raise LessonError(f"{name}: the header block must be a mapping")
    return header, "\n".join(lines[end + 1 :]).strip() + "\n"


def _names(value: object, field: str, name: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise LessonError(f"{name}: materials.{field} must be a list of names")
    return tuple(value)


def parse_lesson(text: str, name: str, *, language: str = "en") -> Lesson:
    """Read one lesson file's text, written in `language`; LessonError names the wrong field."""
    header, body = _split(text, name)
    title, band, minutes, order = (
        header.get("title"),
        header.get("age_band"),
        header.get("duration_minutes"),
        header.get("order"),
    )
    materials = header.get("materials") or {}
    if not isinstance(title, str) or not title.strip():
        raise LessonError(f"{name}: the header needs a title")
    if band not in AGE_BANDS:
        raise LessonError(f"{name}: age_band must be one of {', '.join(AGE_BANDS)}")
    if not _is_count(minutes):
        raise LessonError(f"{name}: duration_minutes must be a positive whole number")
    if not _is_count(order):
        raise LessonError(f"{name}: order must be a positive whole number (1 is taught first)")
    if not isinstance(materials, dict):
        raise LessonError(f"{name}: materials must be a mapping with printables and rules")
    return Lesson(
        name=name,
        title=title.strip(),
        age_band=str(band),
        duration_minutes=minutes,
        printables=_names(materials.get("printables"), "printables", name),
        rules=_names(materials.get("rules"), "rules", name),
        body=body,
        language=language,
        order=order,
    )


def _is_count(value: object) -> TypeGuard[int]:
    """A positive whole number (YAML reads `yes` as a bool, which Python counts as an int)."""
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def lesson_folder(language: str = "en", root: Path | None = None) -> tuple[Path, str]:
    """The folder of the lessons in `language` under `root` and the language it holds (English
    when there is no folder for that language)."""
    root = root or data_dir("lessons")
    primary = language.replace("_", "-").split("-")[0].lower()
    folder = root / primary
    if primary.isalpha() and primary != "en" and folder.is_dir():
        return folder, primary
    return root, "en"


def load_lessons(directory: Path | None = None, *, language: str = "en") -> tuple[Lesson, ...]:
    """Every lesson plan in `language` (README.md aside), in teaching order; LessonError when
    two plans claim the same place."""
    folder, found = lesson_folder(language, directory)
    lessons = sorted(
        (
            parse_lesson(path.read_text(encoding="utf-8"), path.stem, language=found)
            for path in folder.glob("*.md")
            if path.stem.upper() != "README"
        ),
        key=lambda lesson: (lesson.order, lesson.name),
    )
    for before, after in pairwise(lessons):
        if before.order == after.order:
            raise LessonError(
                f"{before.name}, {after.name}: two lessons cannot both have order {after.order}"
            )
    return tuple(lessons)


def find_lesson(
    name: str, lessons: tuple[Lesson, ...] | None = None, *, language: str = "en"
) -> Lesson:
    """The lesson whose file stem is `name` (in `language` unless `lessons` are given);
    LessonError listing the known names otherwise."""
    lessons = load_lessons(language=language) if lessons is None else lessons
    for lesson in lessons:
        if lesson.name == name:
            return lesson
    known = ", ".join(lesson.name for lesson in lessons)
    raise LessonError(
        _("No lesson named {name!r}; known lessons: {known}").format(name=name, known=known)
    )
