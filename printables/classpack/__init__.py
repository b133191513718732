"""The class pack: the overview, and per table its join card, rule card and worksheets."""
