"""The layout mat: where the mainline and the sidelines go on the table."""
