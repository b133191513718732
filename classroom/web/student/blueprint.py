"""The students' blueprint, which the students' modules register their views on."""

from flask import Blueprint

student = Blueprint("student", __name__)
