"""Storage: SQLAlchemy models, the engine, and the event-log repository."""

from classroom.store.database import connect, create_schema

__all__ = ["connect", "create_schema"]
