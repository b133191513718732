"""Forms of the teacher's pages."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import PasswordField, StringField
from wtforms.validators import DataRequired, Length


class LoginForm(FlaskForm):
    """Username and password."""

    username = StringField(_l("Username"), validators=[DataRequired(), Length(max=80)])
    password = PasswordField(_l("Password"), validators=[DataRequired(), Length(max=200)])
