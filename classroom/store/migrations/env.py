"""Alembic's environment: the work is done by `classroom.store.migrate.run_migrations`."""

from alembic import context

from classroom.store.migrate import run_migrations

# Only when Alembic runs this file (a test collector importing it has no Alembic context).
if hasattr(context, "config"):
    run_migrations()
