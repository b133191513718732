// Seats by name: the nickname of a seat id, as every part of the page shows it.

/** The nickname of a seat id. */
export function nameOf(view, seat) {
  const found = view.seats.find((s) => s.seat === seat);
  return found ? found.nickname : "?";
}
