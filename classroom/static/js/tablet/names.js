// Seats by name: the nickname of a seat id, as every part of the page shows it.

// A student the teacher removed leaves the view's seats, but their plays stay in "What
// happened": their nickname is remembered from the views shown before.
const known = new Map();

/** Remember the nicknames of the view's seats. */
export function rememberNames(view) {
  for (const seat of view.seats || []) known.set(seat.seat, seat.nickname);
}

/** The nickname of a seat id ("?" for a seat this page never saw). */
export function nameOf(view, seat) {
  const found = view.seats.find((s) => s.seat === seat);
  return found ? found.nickname : (known.get(seat) ?? "?");
}
