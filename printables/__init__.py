"""Printable PDFs for offline play: rule cards, worksheets, score sheets, lesson plans."""
