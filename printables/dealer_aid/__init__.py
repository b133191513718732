"""The dealer's aid: what a human dealer says and does, step by step."""
