// What the page scrolls to bring into view the part that matters now: on the student's own turn
// the hand and Play, after a play what became of it. The arithmetic only, no DOM (tests/js runs
// it); main.js measures and scrolls.

/**
 * How far to scroll the page (positive: down) so that the band from `top` to `bottom` (screen
 * coordinates) lies on a screen `height` tall, `margin` from its edges; 0 when it does already.
 * A band taller than the screen shows its end (`first` "end": where the buttons are) or its
 * start (`first` "start": the words on top).
 */
export function revealShift({ top, bottom }, height, margin = 0, first = "end") {
  const room = height - margin;
  if (bottom - top > room - margin) return first === "end" ? bottom - room : top - margin;
  if (bottom > room) return bottom - room;
  if (top < margin) return top - margin;
  return 0;
}

/**
 * What the page keeps in view after a new view (`local` holds `bring` and `myTurn`): the turn
 * that just came ("turn"), the outcome of the student's own play ("outcome"), or nothing.
 */
export function nextBring(local, myTurn) {
  if (myTurn && !local.myTurn) return "turn";
  if (!myTurn && local.bring === "turn") return null;
  return local.bring;
}
