"""The rules sheet: how Eleusis Express is played, with drawn examples."""
