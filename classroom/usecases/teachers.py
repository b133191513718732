"""Teacher accounts: the only passwords in the kit."""

from __future__ import annotations

from werkzeug.security import check_password_hash, generate_password_hash

from classroom.core.text import _
from classroom.usecases.context import Context
from classroom.usecases.errors import Conflict, Invalid

__all__ = ["MIN_PASSWORD", "TeacherAccounts"]

MIN_PASSWORD = 8
# Checked against when the username is unknown, so both cases cost the same time.
_DUMMY_HASH = generate_password_hash("not a real password")


class TeacherAccounts:
    """Create teachers, check passwords."""

    def __init__(self, context: Context) -> None:
        self.uow = context.uow

    def has_teachers(self) -> bool:
        """True once any teacher account exists."""
        with self.uow() as uow:
            return uow.teachers.count() > 0

    def create_teacher(self, username: str, password: str) -> int:
        """A new teacher account; returns its id."""
        username = username.strip()
        if not username or len(username) > 80:
            raise Invalid(_("A username has 1 to 80 characters."))
        _check_password(password)
        with self.uow() as uow:
            if uow.teachers.by_username(username) is not None:
                raise Conflict(_("That username is taken."))
            teacher_id = uow.teachers.add(username, generate_password_hash(password))
            uow.commit()
            return teacher_id

    def set_password(self, username: str, password: str) -> None:
        """Give an existing teacher a new password."""
        _check_password(password)
        with self.uow() as uow:
            teacher = uow.teachers.by_username(username.strip())
            if teacher is None:
                raise Invalid(_("There is no teacher called %s.") % username)
            uow.teachers.set_password_hash(teacher.id, generate_password_hash(password))
            # Whoever held a session under the old password holds it no longer.
            uow.teachers.bump_session_version(teacher.id)
            uow.commit()

    def check_login(self, username: str, password: str) -> int | None:
        """The teacher's id when the password is right, else None."""
        with self.uow() as uow:
            teacher = uow.teachers.by_username(username.strip())
        if teacher is None:
            check_password_hash(_DUMMY_HASH, password)
            return None
        return teacher.id if check_password_hash(teacher.password_hash, password) else None

    def session_version(self, teacher_id: int) -> int | None:
        """The version a session of this teacher must carry, or None if the account is gone."""
        with self.uow() as uow:
            teacher = uow.teachers.get(teacher_id)
            return teacher.session_version if teacher else None

    def end_sessions(self, teacher_id: int) -> None:
        """End every session of this teacher made so far (a logout ends them all)."""
        with self.uow() as uow:
            uow.teachers.bump_session_version(teacher_id)
            uow.commit()

    def teacher_id(self, username: str) -> int | None:
        """The id of the teacher with this username, or None."""
        with self.uow() as uow:
            teacher = uow.teachers.by_username(username.strip())
            return teacher.id if teacher else None

    def teacher_name(self, teacher_id: int) -> str | None:
        """The username of a teacher id, or None if it no longer exists."""
        with self.uow() as uow:
            teacher = uow.teachers.get(teacher_id)
            return teacher.username if teacher else None


def _check_password(password: str) -> None:
    if len(password) < MIN_PASSWORD:
        raise Invalid(_("A password has at least %d characters.") % MIN_PASSWORD)
