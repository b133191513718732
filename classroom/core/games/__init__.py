"""The games a table can play, each in its own folder: `express` (Eleusis Express) and
`new_eleusis` (Abbott's New Eleusis, the advanced mode)."""
