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
 * What the page keeps in view after a new view (`local` holds `bring`, `myTurn` and `owing`):
 * the turn that just came ("turn"), a call or a verdict this tablet now owes the table
 * ("owed": a prophet's call, a card to point to, a student dealer's verdict), the outcome of
 * the student's own play ("outcome"), or nothing.
 */
export function nextBring(local, myTurn, owing = false) {
  if (myTurn && !local.myTurn) return "turn";
  if (owing && !local.owing) return "owed";
  if (!myTurn && local.bring === "turn") return null;
  if (!owing && local.bring === "owed") return null;
  return local.bring;
}
