// What a New Eleusis table draws in its own way on the tablet (see ../games.js): the status
// line, the hand (strings of 1 to 4 cards), and the dealer's verdicts, which are given in the
// waiting string's own panel (pending.js), not in the dealer's box.

export { renderNeHand as renderHand } from "./hand.js";
export { neStatusText as statusText } from "./table.js";

/** The dealer judges in the waiting string's panel. */
export const judgesInPendingPanel = true;
