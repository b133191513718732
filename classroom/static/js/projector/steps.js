// The size steps a projector tile is fitted through (named in projector.css), in the order
// fit.js tries them, and the search for the largest card step that fits. Pure: the measuring is
// done by fit.js, which hands these functions a `fits(step)` of its own.

/** Text steps: 0 is the largest; the last one is still 28px at 1080p. */
export const TEXT_STEPS = 3;
const TEXT_START = { large: 0, medium: 1, small: 2 };
/** Card steps: 0 is the largest; up to READABLE the card text is at least 28px at 1080p. */
export const READABLE = 9;
/** Below READABLE, cards shrink further only when nothing else lets the mainline fit. */
export const SMALLEST = 17;
const MAX_SEAT_COLUMNS = 4;
/** Below the smallest step, each try draws the cards this much smaller. */
const SHRINK = 0.9;

/** The text step a tile of a page of this density starts at. */
export function textStart(pageDensity) {
  return TEXT_START[pageDensity] ?? 0;
}

/** The most seat columns worth trying for `seats` seats. */
export function mostSeatColumns(seats) {
  return Math.max(1, Math.min(MAX_SEAT_COLUMNS, seats));
}

/**
 * The steps to try, giving up as little as possible: smaller text (from `startText` down to
 * the last step), then a smaller title and no zero counts (compact), then sidelines beside
 * their card (flat). The last one is the most that can be given up this way.
 */
export function stepsFrom(startText = 0) {
  const tries = [];
  for (let text = startText; text < TEXT_STEPS; text += 1) tries.push({ text, compact: 0, flat: 0 });
  tries.push({ text: TEXT_STEPS - 1, compact: 1, flat: 0 });
  tries.push({ text: TEXT_STEPS - 1, compact: 1, flat: 1 });
  return tries;
}

/**
 * The largest card step (smallest index, from 0 up to `last`) at which `fits(step)` holds, or
 * null when not even `last` fits. A card step that fits means every smaller one fits too, so
 * the search halves the steps.
 */
export function largestFitting(fits, last) {
  if (!fits(last)) return null;
  let low = 0;
  let high = last;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (fits(middle)) high = middle;
    else low = middle + 1;
  }
  return high;
}

/** The card size (px) for the next try below the smallest step, or null below `least` px. */
export function smallerCard(size, least) {
  return size > least ? size * SHRINK : null;
}
