"""Teacher accounts: the only passwords in the kit."""

from __future__ import annotations

from gettext import gettext as _

from sqlalchemy import func, select
from sqlalchemy.orm import Session, sessionmaker
from werkzeug.security import check_password_hash, generate_password_hash

from classroom.store.models import Teacher
from classroom.usecases.errors import Conflict, Invalid

__all__ = ["TeacherServices"]

MIN_PASSWORD = 8
# Checked against when the username is unknown, so both cases cost the same time.
_DUMMY_HASH = generate_password_hash("not a real password")


class TeacherServices:
    """Create teachers, check passwords."""

    sessions: sessionmaker[Session]

    def has_teachers(self) -> bool:
        """True once any teacher account exists."""
        with self.sessions() as db:
            return bool(db.scalar(select(func.count()).select_from(Teacher)))

    def create_teacher(self, username: str, password: str) -> int:
        """A new teacher account; returns its id."""
        username = username.strip()
        if not username or len(username) > 80:
            raise Invalid(_("A username has 1 to 80 characters."))
        if len(password) < MIN_PASSWORD:
            raise Invalid(_("A password has at least %d characters.") % MIN_PASSWORD)
        with self.sessions.begin() as db:
            if db.scalar(select(Teacher).where(Teacher.username == username)):
                raise Conflict(_("That username is taken."))
            teacher = Teacher(username=username, password_hash=generate_password_hash(password))
            db.add(teacher)
            db.flush()
            return teacher.id

    def set_password(self, username: str, password: str) -> None:
        """Give an existing teacher a new password."""
        if len(password) < MIN_PASSWORD:
            raise Invalid(_("A password has at least %d characters.") % MIN_PASSWORD)
        with self.sessions.begin() as db:
            teacher = db.scalar(select(Teacher).where(Teacher.username == username.strip()))
            if teacher is None:
                raise Invalid(_("There is no teacher called %s.") % username)
            teacher.password_hash = generate_password_hash(password)

    def check_login(self, username: str, password: str) -> int | None:
        """The teacher's id when the password is right, else None."""
        with self.sessions() as db:
            teacher = db.scalar(select(Teacher).where(Teacher.username == username.strip()))
        if teacher is None:
            check_password_hash(_DUMMY_HASH, password)
            return None
        return teacher.id if check_password_hash(teacher.password_hash, password) else None

    def teacher_id(self, username: str) -> int | None:
        """The id of the teacher with this username, or None."""
        with self.sessions() as db:
            return db.scalar(select(Teacher.id).where(Teacher.username == username.strip()))

    def teacher_name(self, teacher_id: int) -> str | None:
        """The username of a teacher id, or None if it no longer exists."""
        with self.sessions() as db:
            teacher = db.get(Teacher, teacher_id)
            return teacher.username if teacher else None
