// What a mistake costs at this table. Every state says it in the table's game (`penalties`:
// Express draws 1 card, New Eleusis 2 per card of a wrong string and 5 for a wrong no-play), so
// no text of the tablet says a number of its own. Pure functions, no DOM: tests/js runs them.

// The kinds of event that start or settle the next turn: what came after them is not news of
// the verdict before.
const NEXT_TURN = ["played", "no_play", "judged", "no_play_judged"];

/** Cards drawn for each card of a wrong play. */
export function perWrongCard(view) {
  return view.penalties.per_wrong_card;
}

/** Cards drawn after a wrong no-play: what the no-play dialog warns of. */
export function wrongNoPlayCost(view) {
  return view.penalties.wrong_no_play;
}

/** How many fewer cards the new hand of a right no-play holds. */
export function newHandFewer(view) {
  return view.penalties.new_hand_fewer;
}

/**
 * Whether the verdict's events (`after`: those that came after it in the same message) overthrow
 * the prophet: a refuted call puts the blame on the prophet, and the player draws nothing.
 */
export function prophetTookTheBlame(after) {
  for (const event of after) {
    if (event.kind === "overthrown") return true;
    if (NEXT_TURN.includes(event.kind)) return false;
  }
  return false;
}

/**
 * The penalty cards the player drew for the verdict `event` (a wrong play or a wrong no-play),
 * or null for a verdict that costs nothing (a right play, a right no-play, a prophet's point
 * still owed). `after`: the events that came with it.
 */
export function penaltyDrawn(view, event, after = []) {
  let drawn;
  if (event.kind === "judged" && !event.correct) {
    // Express plays one card; a New Eleusis string costs for each of its cards.
    drawn = perWrongCard(view) * (event.cards ? event.cards.length : 1);
  } else if (event.kind === "no_play_judged" && !event.right && event.card) {
    drawn = wrongNoPlayCost(view);
  } else {
    return null;
  }
  return prophetTookTheBlame(after) ? 0 : drawn;
}
