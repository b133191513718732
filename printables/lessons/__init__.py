"""Lesson plans: read from Markdown, shown as HTML, printed alone or as a lesson book."""
