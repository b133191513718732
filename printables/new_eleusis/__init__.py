"""The paper of New Eleusis: the rules in brief, the score sheet and the game report."""
