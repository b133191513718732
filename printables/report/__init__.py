"""The game report of an Express round: what it holds (pure) and how it is drawn."""
