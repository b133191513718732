"""Forms of the teacher's pages: one class per screen or per button."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    FieldList,
    Form,
    FormField,
    HiddenField,
    IntegerField,
    PasswordField,
    RadioField,
    SelectChoice,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.validators import (
    AnyOf,
    DataRequired,
    InputRequired,
    Length,
    NumberRange,
    Optional,
    ValidationError,
)

from classroom.core.cards import Card, CardError
from classroom.core.games.shape import Verdict
from classroom.usecases.classes import (
    AWAY_SECONDS,
    AWAY_SECONDS_DEFAULT,
    MAX_GROUPS,
    PREDICT_SECONDS,
)
from classroom.usecases.names import MAX_NICKNAME
from classroom.web.buttons import ActionForm
from classroom.web.i18n import LANGUAGE_NAMES
from classroom.web.robot_names import ROBOT_KINDS, ROBOT_LABELS

MAX_RULE = 2000
MAX_HINT = 300
MAX_GROUP_NAME = 60
#: Each language the kit speaks, named in itself (the use cases refuse any other).
LANGUAGE_CHOICES = [SelectChoice(code, name) for code, name in LANGUAGE_NAMES.items()]
#: The prediction window's bounds, as the use case checks them.
PREDICT_LOW, PREDICT_HIGH = PREDICT_SECONDS.start, PREDICT_SECONDS.stop - 1


#: How long a call or a verdict may wait on an offline tablet, as the use case checks it.
AWAY_LOW, AWAY_HIGH = AWAY_SECONDS.start, AWAY_SECONDS.stop - 1


def _away_seconds_field() -> IntegerField:
    """Seconds a call or a dealer's verdict waits on an offline tablet (blank: the default)."""
    return IntegerField(
        _l("Seconds to wait for an absent tablet"),
        default=AWAY_SECONDS_DEFAULT,
        validators=[
            Optional(),
            NumberRange(
                min=AWAY_LOW,
                max=AWAY_HIGH,
                message=_l("The time to wait for an absent tablet is 0 to 120 seconds."),
            ),
        ],
        render_kw={"min": AWAY_LOW, "max": AWAY_HIGH, "inputmode": "numeric"},
    )


def _predict_seconds_field() -> IntegerField:
    """Seconds the table may predict a card the app judges (blank: the default)."""
    return IntegerField(
        _l("Seconds to predict"),
        default=5,
        validators=[
            Optional(),
            NumberRange(
                min=PREDICT_LOW,
                max=PREDICT_HIGH,
                message=_l("The time to predict is 3 to 15 seconds."),
            ),
        ],
        render_kw={"min": PREDICT_LOW, "max": PREDICT_HIGH, "inputmode": "numeric"},
    )


def _everyone_predicts_field(default: bool) -> BooleanField:
    return BooleanField(
        _l("Everyone predicts: while a card waits for its verdict, the others say ✓ or ✗"),
        default=default,
    )


class LoginForm(FlaskForm):
    """Username and password."""

    username = StringField(_l("Username"), validators=[DataRequired(), Length(max=80)])
    password = PasswordField(_l("Password"), validators=[DataRequired(), Length(max=200)])


class GroupForm(Form):
    """One row of the class form: a group's name and its secret rule (checked by the view)."""

    name = StringField(_l("Group name"), validators=[DataRequired(), Length(max=MAX_GROUP_NAME)])
    source = RadioField(
        _l("Secret rule"),
        choices=[
            SelectChoice("library", _l("From the rule library")),
            SelectChoice("custom", _l("Write my own")),
        ],
        default="library",
    )
    # Any id is accepted here; the view looks it up in the library and says if it is unknown.
    library_rule = SelectField(_l("Library rule"), choices=[], validate_choice=False)
    custom_rule = TextAreaField(_l("Your rule"), validators=[Length(max=MAX_RULE)])
    # Any value reaches the use case, which refuses an unknown game with its reason.
    game = RadioField(
        _l("Game"),
        choices=[
            SelectChoice("express", _l("Eleusis Express")),
            SelectChoice(
                "new_eleusis", _l("New Eleusis (advanced: strings, a prophet, 4-8 players)")
            ),
        ],
        default="express",
        validate_choice=False,
    )
    #: The source line and a caret under the error, when the custom rule does not compile.
    rule_excerpt = ""


class ClassForm(FlaskForm):
    """A new class: its name, one row per group, and the house options."""

    name = StringField(_l("Class name"), validators=[DataRequired(), Length(max=120)])
    groups = FieldList(FormField(GroupForm))
    wrong_guess_penalty = BooleanField(_l("A wrong guess costs one card"))
    # Teachers who prefer to reveal by hand (to discuss the guess first) turn it off.
    reveal_after_guess = BooleanField(
        _l("Reveal the rule to the group after a right guess"), default=True
    )
    # Any value reaches the use case, which refuses an unknown language with its reason.
    language = SelectField(
        _l("Language of the class"), choices=LANGUAGE_CHOICES, validate_choice=False
    )
    # On for new classes: the players who wait for their turn have something to think about.
    everyone_predicts = _everyone_predicts_field(True)
    predict_seconds = _predict_seconds_field()
    away_seconds = _away_seconds_field()
    ne_sudden_death = RadioField(
        _l("New Eleusis: sudden death"),
        choices=[
            SelectChoice("abbott", _l("After 30 cards, or 20 after the prophet's marker")),
            SelectChoice("long", _l("After 40 cards, with or without a prophet")),
        ],
        default="abbott",
        validate_choice=False,
    )
    ne_first_player = RadioField(
        _l("New Eleusis: who plays first"),
        choices=[
            SelectChoice("count", _l("Counted from the dealer's left by the starter's value")),
            SelectChoice("left", _l("The player at the dealer's left")),
        ],
        default="count",
        validate_choice=False,
    )
    stock_out = RadioField(
        _l("When the stock runs out"),
        choices=[
            SelectChoice("add_deck", _l("Shuffle in another deck")),
            SelectChoice("end", _l("End the round")),
        ],
        default="add_deck",
    )

    def validate_groups(self, field: FieldList) -> None:
        """1 to 12 rows, however many the browser sent."""
        if not 1 <= len(field.entries) <= MAX_GROUPS:
            raise ValidationError(str(_l("A class has 1 to %(n)d groups.", n=MAX_GROUPS)))


class GroupCountForm(FlaskForm):
    """The GET form above the class form: how many group rows, and which library rules to list."""

    class Meta:
        csrf = False

    groups = IntegerField(
        _l("Number of groups"),
        default=4,
        validators=[InputRequired(), NumberRange(min=1, max=MAX_GROUPS)],
    )
    difficulty = SelectField(_l("Difficulty"), choices=[], validate_choice=False)
    concept = SelectField(_l("Concept"), choices=[], validate_choice=False)


class RuleCheckForm(FlaskForm):
    """The rule editor's live check (JSON or form data, CSRF token in the header)."""

    text = TextAreaField(validators=[DataRequired(), Length(max=MAX_RULE)])


class VerdictForm(ActionForm):
    """Right or wrong for the pending guess; `guess` is its number, so a stale page cannot
    judge a newer guess."""

    right = HiddenField(validators=[InputRequired()])
    guess = IntegerField(validators=[InputRequired(), NumberRange(min=0)])


class HintForm(ActionForm):
    """A hint for one group."""

    text = StringField(_l("Hint"), validators=[DataRequired(), Length(max=MAX_HINT)])


class RenameForm(ActionForm):
    """Another nickname for a student."""

    nickname = StringField(
        _l("New nickname"), validators=[DataRequired(), Length(max=MAX_NICKNAME)]
    )


class GameForm(ActionForm):
    """The game of the group's next rounds."""

    #: A registered game's name: the use case refuses any other, in the teacher's language.
    mode = HiddenField(validators=[InputRequired()])


class DealerModeForm(ActionForm):
    """Who deals the group's next rounds: the app, or the students in turn."""

    mode = HiddenField(
        validators=[
            InputRequired(),
            AnyOf(("app", "student"), message=_l("The dealer is the app or a student.")),
        ]
    )


class SkipForm(ActionForm):
    """Skip the turn of this seat (the page says whose turn it showed)."""

    seat = IntegerField(validators=[InputRequired(), NumberRange(min=1)])


class WaiveCallForm(ActionForm):
    """Go on without an absent prophet's call; `seq` is where the page showed the table, so
    a stale page never settles a newer turn."""

    seq = IntegerField(validators=[InputRequired(), NumberRange(min=1)])


class DealerVerdictForm(WaiveCallForm):
    """The teacher's verdict in an absent student dealer's place: right or wrong on what waits
    (`kind`), and the card played instead after a wrong no-play or a wrong prophet's card."""

    kind = HiddenField(validators=[AnyOf(("play", "no_play", "point"))])
    right = HiddenField(validators=[AnyOf(("0", "1"))])
    card = StringField(validators=[Optional(), Length(max=3)])

    def validate_card(self, field: StringField) -> None:
        """A card, written as the page writes it ('10H')."""
        if field.data and parsed_card(field.data) is None:
            raise ValidationError(str(_l("Choose a card from the player's hand.")))

    @property
    def verdict(self) -> Verdict:
        """The verdict the form says."""
        card = parsed_card(self.card.data or "")
        return Verdict(self.kind.data, self.right.data == "1", card)


def parsed_card(text: str) -> Card | None:
    """The card whose code is exactly `text` ('10H', as the page's list writes it), or None:
    the form is filled from a list of codes, so any other spelling was not typed by a person."""
    try:
        return Card.from_code(text)
    except CardError:
        return None


class ClassLanguageForm(ActionForm):
    """The language a class's tablets, projector, debrief and printouts speak from now on."""

    language = SelectField(
        _l("Language of the class"), choices=LANGUAGE_CHOICES, validate_choice=False
    )


class ClassPredictionsForm(ActionForm):
    """Everyone predicts, on or off, and its window, for a running class."""

    everyone_predicts = _everyone_predicts_field(False)
    predict_seconds = _predict_seconds_field()


class ClassAwayForm(ActionForm):
    """How long a running class's tables wait on an absent tablet."""

    away_seconds = _away_seconds_field()


class AccountLanguageForm(ActionForm):
    """The language of the teacher's own pages; none: the browser's."""

    account_language = SelectField(
        _l("Your language"),
        choices=[SelectChoice("", _l("As my browser")), *LANGUAGE_CHOICES],
        validate_choice=False,
    )


class RobotForm(ActionForm):
    """A robot player for a group's table: its kind (the use case refuses any other)."""

    kind = HiddenField(validators=[InputRequired()])


class PracticeLinkForm(ActionForm):
    """A new practice link: the kinds of its two robot players."""

    first = SelectField(_l("First robot"), choices=[], default="ideal")
    second = SelectField(_l("Second robot"), choices=[], default="confirmer")

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        kinds = [(kind, str(ROBOT_LABELS[kind])) for kind in ROBOT_KINDS]
        self.first.choices = kinds
        self.second.choices = kinds
