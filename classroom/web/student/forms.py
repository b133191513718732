"""Forms of the join flow."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import RadioField, StringField
from wtforms.validators import DataRequired, Length

from classroom.usecases.names import MAX_NICKNAME


class CodeForm(FlaskForm):
    """Step 1: the class code from the projector."""

    code = StringField(_l("Class code"), validators=[DataRequired(), Length(max=12)])


class SeatForm(FlaskForm):
    """Step 2: a group and a nickname."""

    code = StringField(validators=[DataRequired(), Length(max=12)])
    group = RadioField(_l("Your group"), coerce=int, validators=[DataRequired()])
    nickname = StringField(_l("Nickname"), validators=[DataRequired(), Length(max=MAX_NICKNAME)])


class PracticeForm(FlaskForm):
    """A practice table: a nickname if the student wants one."""

    nickname = StringField(_l("Nickname (if you like)"), validators=[Length(max=MAX_NICKNAME)])
