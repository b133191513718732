"""Rule cards: the cards of the rule library or of a teacher's rule, and the blank card to
write a rule on."""
