"""The teacher's blueprint, which the teacher's modules register their views on."""

from flask import Blueprint

teacher = Blueprint("teacher", __name__, url_prefix="/teacher")
