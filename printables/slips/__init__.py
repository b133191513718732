"""Guess slips for tables that play on paper."""
