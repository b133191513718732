"""Languages: the teacher's own (an account setting) and the one each page is about.

A teacher without a language of their own follows their browser. The reads below tell the web
layer what a page about a class, a group, a seat or a projector link speaks; an unknown one
gives None, and the page follows the browser.
"""

from __future__ import annotations

from classroom.core.text import _
from classroom.usecases.classes import checked_language, hash_token
from classroom.usecases.context import Context
from classroom.usecases.errors import NotFound
from classroom.usecases.names import normalize_join_code
from classroom.usecases.ports import UnitOfWork

__all__ = ["Preferences"]

#: Longer tokens are never issued; they are not looked up.
_MAX_TOKEN = 64


class Preferences:
    """The teacher's language, and the language of what a page is about."""

    def __init__(self, context: Context) -> None:
        self.uow = context.uow

    def teacher_language(self, teacher_id: int) -> str | None:
        """The teacher's own language, or None to follow the browser (or no such teacher)."""
        with self.uow() as uow:
            teacher = uow.teachers.get(teacher_id)
            return teacher.language if teacher else None

    def set_teacher_language(self, teacher_id: int, language: str | None) -> None:
        """The language of the teacher's own pages; None (or "") to follow the browser."""
        chosen = checked_language(language) if language else None
        with self.uow() as uow:
            if uow.teachers.get(teacher_id) is None:
                raise NotFound(_("There is no such teacher."))
            uow.teachers.set_language(teacher_id, chosen)
            uow.commit()

    def class_language(self, class_id: int) -> str | None:
        """What a class speaks, or None for an unknown class."""
        with self.uow() as uow:
            return _of_class(uow, class_id)

    def group_language(self, group_id: int) -> str | None:
        """What the class of a group speaks, or None for an unknown group."""
        with self.uow() as uow:
            group = uow.groups.get(group_id)
            return _of_class(uow, group.class_id) if group else None

    def seat_language(self, token: str) -> str | None:
        """What the class of the seat this token opens speaks, or None for an unknown seat."""
        if not token or len(token) > _MAX_TOKEN:
            return None
        with self.uow() as uow:
            seat = uow.seats.by_token_hash(hash_token(token))
            return _of_class(uow, seat.class_id) if seat else None

    def join_code_language(self, code: str) -> str | None:
        """What the open class with this join code speaks (or the ended class that had it, which
        says so in its language), or None for an unknown code."""
        if not code or len(code) > _MAX_TOKEN:
            return None
        with self.uow() as uow:
            period = uow.classes.newest_by_join_code(normalize_join_code(code))
            return period.language if period else None

    def projector_language(self, token: str) -> str | None:
        """What the class this projector link opens speaks, or None for an unknown link."""
        if not token or len(token) > _MAX_TOKEN:
            return None
        with self.uow() as uow:
            class_id = uow.classes.by_projector_hash(hash_token(token))
            return _of_class(uow, class_id) if class_id is not None else None


def _of_class(uow: UnitOfWork, class_id: int) -> str | None:
    period = uow.classes.get(class_id)
    return period.language if period else None
