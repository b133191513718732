"""The pure core: cards, the layout, scoring, the secret-rule language, the game, hypotheses."""
