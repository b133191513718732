"""An in-memory fake of the storage ports (classroom.usecases.ports), for fast use-case tests."""

from tests.fakes.tables import SchemaViolation
from tests.fakes.unit_of_work import FakeStore, FakeUnitOfWork, utc_now

__all__ = ["FakeStore", "FakeUnitOfWork", "SchemaViolation", "utc_now"]
