"""The projector's blueprint, which the projector's modules register their views on."""

from flask import Blueprint

projector = Blueprint("projector", __name__)
