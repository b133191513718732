// What a New Eleusis tile tells in its own way on the projector (see ../games.js): what just
// happened at the table (strings, the prophet's calls, expulsions). It has no guesses: the
// rule is found by playing, and by the prophet.

export { happenings } from "./tile.js";

/** A New Eleusis table counts no guesses. */
export const hasGuesses = false;
