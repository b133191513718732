"""The games a table can play, each in its own folder (`express`, `new_eleusis`), seen through
one shape (`shape.Game`) and picked by name in one registry (`registry`)."""
