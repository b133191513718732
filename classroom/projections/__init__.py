"""Pure projections: what each viewer sees of the game, and the values they read."""
