"""The `classroom` command: serve, purge, print, teacher and db."""
