"""The use cases over the SQL store: what the web app, the command line and the benchmarks run."""

from __future__ import annotations

import random

from sqlalchemy.orm import Session, sessionmaker

from classroom.store.unit_of_work import sql_unit_of_work_factory
from classroom.usecases import UseCases
from classroom.usecases.computing import Computations

__all__ = ["use_cases_for"]


def use_cases_for(
    sessions: sessionmaker[Session],
    *,
    rng: random.Random | None = None,
    computing: Computations | None = None,
) -> UseCases:
    """Every use case over the database behind `sessions` (long computations in `computing`'s
    worker processes, or in the caller's thread by default)."""
    return UseCases.over(sql_unit_of_work_factory(sessions), rng=rng, computing=computing)
