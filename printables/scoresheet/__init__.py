"""The score sheet a table keeps on paper, one page per table size."""
